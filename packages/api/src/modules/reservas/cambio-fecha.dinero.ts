import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, isNull, like, lt, or, sql, sum } from "drizzle-orm";
import { CURRENCY } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { PaypalError, paypalValueToCents } from "../../adapters/paypal/client.ts";
import type { PaymentProvider, PaypalOrder } from "../../adapters/paypal/types.ts";
import { pedido, reembolso } from "../compra/compra.table.ts";
import { paypalRefusalText } from "./cancelacion.service.ts";
import { cambioFecha, type CambioFechaEstado, type CambioFechaRow } from "./cambio-fecha.table.ts";
import { refundParts } from "./capturas.ts";

/**
 * The money of a date change (docs/decisions/0013, "Cambio de fecha"): capturing a dearer change's difference once
 * and refunding a difference once. Both follow the claim pattern of the checkout and the cancellation: a conditional
 * UPDATE claims the row (one process at a time; a claim older than a minute is taken over), PayPal is asked with no
 * transaction open and with a PayPal-Request-Id built from the row, so a retry after a lost answer is a replay at
 * PayPal, never a second charge or refund. Each outcome is kept on the row, so every path can be resumed.
 */

export const CAMBIO_CLAIM_TTL_MS = 60_000;

export interface DineroDeps {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A refund is owed: the line moved to a cheaper departure, or a paid difference whose departure filled up. */
export const OWED: CambioFechaEstado[] = ["reembolso_pendiente", "por_devolver"];

async function reload(db: Db, id: number): Promise<CambioFechaRow> {
  const [row] = await db.select().from(cambioFecha).where(eq(cambioFecha.id, id));
  return row!;
}

export type CaptureOutcome =
  | { kind: "paid"; row: CambioFechaRow }
  | { kind: "busy" }
  | { kind: "settled"; row: CambioFechaRow }
  | { kind: "notApproved" }
  | { kind: "declined"; row: CambioFechaRow }
  | { kind: "noAnswer" };

/** The first COMPLETED capture of the answer, if it is for the difference. */
function completedCapture(order: PaypalOrder, cents: number) {
  const captures = order.purchase_units?.flatMap((u) => u.payments?.captures ?? []) ?? [];
  return captures.find((c) => c.status === "COMPLETED" && paypalValueToCents(c.amount.value) === cents) ?? null;
}

/**
 * Captures the difference of a 'por_pagar' change once: 'pagado' with the capture id, or 'fallido' when PayPal
 * declined. `busy`: another request holds the claim; `settled`: someone else already moved it on.
 */
export async function captureDifference(deps: DineroDeps, c: CambioFechaRow, declinedMsg: string): Promise<CaptureOutcome> {
  const { db, payments, log } = deps;
  const now = deps.now();
  const [claimed] = await db
    .update(cambioFecha)
    .set({ capture_claimed_at: now, updatedAt: now })
    .where(
      and(
        eq(cambioFecha.id, c.id),
        eq(cambioFecha.estado, "por_pagar"),
        or(isNull(cambioFecha.capture_claimed_at), lt(cambioFecha.capture_claimed_at, new Date(now.getTime() - CAMBIO_CLAIM_TTL_MS))),
      ),
    )
    .returning();
  if (!claimed) {
    const row = await reload(db, c.id);
    return row.estado === "por_pagar" ? { kind: "busy" } : { kind: "settled", row };
  }
  const release = () => db.update(cambioFecha).set({ capture_claimed_at: null }).where(eq(cambioFecha.id, c.id));
  const decline = async (): Promise<CaptureOutcome> => {
    const [row] = await db
      .update(cambioFecha)
      .set({ estado: "fallido", error: declinedMsg, capture_claimed_at: null, updatedAt: deps.now() })
      .where(eq(cambioFecha.id, c.id))
      .returning();
    return { kind: "declined", row: row! };
  };
  const token = claimed.paypal_order_id!;
  let answer: PaypalOrder;
  try {
    answer = await payments.captureOrder(token, `cambio-${c.id}-captura`);
  } catch (err) {
    const issue = err instanceof PaypalError ? err.issue : undefined;
    if (issue === "ORDER_ALREADY_CAPTURED") {
      try {
        answer = await payments.getOrder(token);
      } catch {
        await release();
        return { kind: "noAnswer" };
      }
    } else if (issue === "ORDER_NOT_APPROVED") {
      await release();
      return { kind: "notApproved" };
    } else if (issue === "INSTRUMENT_DECLINED" || issue === "PAYER_ACTION_REQUIRED" || issue === "PAYER_CANNOT_PAY") {
      return decline();
    } else {
      // unknown outcome: the same PayPal-Request-Id on the next try replays it instead of charging twice
      await release();
      log.warn({ err, cambio: c.id }, "PayPal capture of a date change's difference failed");
      return { kind: "noAnswer" };
    }
  }
  const capture = completedCapture(answer, claimed.diferencia_cents);
  if (!capture) return decline();
  const [row] = await db
    .update(cambioFecha)
    .set({ estado: "pagado", capture_id: capture.id, capture_claimed_at: null, updatedAt: deps.now() })
    .where(and(eq(cambioFecha.id, c.id), eq(cambioFecha.estado, "por_pagar")))
    .returning();
  log.info({ cambio: c.id, capture: capture.id }, "date change difference captured");
  return { kind: "paid", row: row ?? (await reload(db, c.id)) };
}

/**
 * Refunds what a change owes, once: 'por_devolver' from the difference's own capture; 'reembolso_pendiente' (moved to
 * a cheaper departure) from the order's captures, oldest first, each at most what it still holds (capturas.ts): after
 * a dearer change, a much cheaper one may need the checkout's capture and the difference's. Each part PayPal makes
 * is kept at once as a `reembolso` row (the booking's "reembolsado" and the panel count it), so a later try asks only
 * for what is still owed; when nothing is, the change is 'hecho' / 'devuelto'. A refusal or no answer stops there and
 * leaves the rest owed (the next try asks again: the same request id after no answer, a new one after a refusal).
 */
export async function refundOwed(deps: DineroDeps, id: number): Promise<CambioFechaRow> {
  const { db, payments, log } = deps;
  const now = deps.now();
  const [c] = await db
    .update(cambioFecha)
    .set({ refund_claimed_at: now })
    .where(
      and(
        eq(cambioFecha.id, id),
        inArray(cambioFecha.estado, OWED),
        or(isNull(cambioFecha.refund_claimed_at), lt(cambioFecha.refund_claimed_at, new Date(now.getTime() - CAMBIO_CLAIM_TTL_MS))),
      ),
    )
    .returning();
  if (!c) return reload(db, id);
  const [order] = await db
    .select({ captureId: pedido.capture_id, referencia: pedido.referencia, valorTotalCents: pedido.valor_total_cents })
    .from(pedido)
    .where(eq(pedido.id, c.pedido_id));
  const amountCents = Math.abs(c.diferencia_cents);
  const keep = (set: Partial<typeof cambioFecha.$inferInsert>) =>
    db.update(cambioFecha).set({ ...set, refund_claimed_at: null, updatedAt: deps.now() }).where(eq(cambioFecha.id, c.id)).returning();
  const captureId = c.estado === "por_devolver" ? c.capture_id : (order?.captureId ?? null);
  if (!order || !captureId) {
    const [row] = await keep({ error: "Este pedido no tiene un pago de PayPal que reembolsar" });
    return row!;
  }
  const parts =
    c.estado === "por_devolver"
      ? [{ captureId, cents: amountCents }]
      : await refundParts(db, { id: c.pedido_id, captureId, valorTotalCents: order.valorTotalCents }, amountCents, c.id);
  const base = `cambio-${c.id}-reembolso-`;
  const [made] = await db
    .select({ cents: sum(reembolso.monto_cents) })
    .from(reembolso)
    .where(and(eq(reembolso.pedido_id, c.pedido_id), inArray(reembolso.estado, ["completado", "pendiente"]), like(reembolso.request_id, `${base}%`)));
  // parts are asked in order and a try stops at the first that fails, so what was made is the first parts' money
  let alreadyMade = Number(made?.cents ?? 0);
  let lastRefundId = c.paypal_refund_id;
  let refusal: string | null = null;
  for (const [index, part] of parts.entries()) {
    const covered = Math.min(part.cents, alreadyMade);
    alreadyMade -= covered;
    const cents = part.cents - covered;
    if (cents <= 0) continue;
    // the first capture's request id is the one a single-capture refund always had
    const requestId = `${base}${c.refund_intentos}${index === 0 ? "" : `-${index}`}`;
    try {
      const refund = await payments.refundCapture(part.captureId, {
        requestId,
        amountCents: cents,
        currency: CURRENCY,
        noteToPayer: `Diferencia por el cambio de fecha de tu reserva ${order.referencia ?? ""}`.trim(),
      });
      if (refund.status !== "COMPLETED" && refund.status !== "PENDING") {
        refusal = paypalRefusalText(refund.status_details?.reason);
        break;
      }
      await db
        .insert(reembolso)
        .values({
          pedido_id: c.pedido_id,
          monto_cents: cents,
          moneda: CURRENCY,
          estado: refund.status === "COMPLETED" ? "completado" : "pendiente",
          paypal_refund_id: refund.id,
          request_id: requestId,
          motivo: "Diferencia por cambio de fecha",
          por: c.por,
          staff_usuario_id: c.staff_usuario_id,
          createdAt: deps.now(),
          updatedAt: deps.now(),
        })
        .onConflictDoNothing();
      lastRefundId = refund.id;
      log.info({ cambio: c.id, refund: refund.id, capture: part.captureId, monto: cents }, "date change difference refunded");
    } catch (err) {
      if (err instanceof PaypalError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 429) {
        refusal = paypalRefusalText(err.issue);
        break;
      }
      // unknown outcome: the next try sends the same PayPal-Request-Id, so a refund PayPal made is answered, not repeated
      log.warn({ err, cambio: c.id }, "PayPal refund of a date change's difference got no answer; kept to retry");
      const [row] = await keep({ paypal_refund_id: lastRefundId, error: "PayPal no respondió; se reintentará" });
      return row!;
    }
  }
  if (refusal === null) {
    const [row] = await keep({ estado: c.estado === "por_devolver" ? "devuelto" : "hecho", paypal_refund_id: lastRefundId, error: null });
    return row!;
  }
  log.warn({ cambio: c.id, refusal }, "PayPal refused the refund of a date change's difference; kept to retry");
  const [row] = await keep({
    paypal_refund_id: lastRefundId,
    error: `PayPal rechazó la devolución: ${refusal}`,
    refund_intentos: sql`${cambioFecha.refund_intentos} + 1` as unknown as number,
  });
  return row!;
}

/** Tries again every refund a booking's changes still owe (best effort: what fails stays owed). */
export async function retryOwedRefunds(deps: DineroDeps, orderId: number): Promise<void> {
  const owed = await deps.db
    .select({ id: cambioFecha.id })
    .from(cambioFecha)
    .where(and(eq(cambioFecha.pedido_id, orderId), inArray(cambioFecha.estado, OWED)));
  for (const { id } of owed) await refundOwed(deps, id);
}
