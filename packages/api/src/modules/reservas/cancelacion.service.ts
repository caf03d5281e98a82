import type { FastifyBaseLogger } from "fastify";
import { and, count, eq, inArray, isNull, like } from "drizzle-orm";
import { CURRENCY, formatUSD } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { PaypalError } from "../../adapters/paypal/client.ts";
import type { PaymentProvider, PaypalRefund } from "../../adapters/paypal/types.ts";
import { HttpError, fieldError, notFound } from "../../http/errors.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { type AuditActor, recordAudit } from "../audit/audit.ts";
import { pedido, pedidoLine, reembolso, type ReembolsoEstado } from "../compra/compra.table.ts";
import { type ReservaLinea, type ReservaView, loadReservaView, motivoNoCancelable } from "./reserva.view.ts";

/**
 * Cancelling a paid booking, or some of its lines, with its refund through PayPal: one service for the buyer ("Mi
 * reserva") and staff (docs/decisions/0013-self-service-cancellation.md). The order row is locked for the whole
 * cancellation, PayPal's answer included, so concurrent cancels of the same line wait and then find it cancelled:
 * the money goes back once.
 */

export const CANCELACION_MSG = {
  pedidoNotFound: "El pedido no existe",
  lineaNotFound: "La reserva no tiene esa línea",
  alreadyCancelled: "Esta reserva ya fue cancelada",
  lineAlreadyCancelled: "Esta parte de la reserva ya fue cancelada",
  notPaid: "Esta reserva no está pagada: no hay nada que reembolsar",
  octo: "Esta reserva se hizo con un revendedor: la cancela el revendedor por su canal",
  noCapture: "Este pedido no tiene un pago de PayPal que reembolsar",
  started: (l: ReservaLinea) => `La salida de ${l.tourNombre} del ${l.fechaTexto} a las ${l.horaTexto} ya empezó: no se puede cancelar`,
  noAnswer:
    "PayPal no respondió a la solicitud de reembolso. La reserva sigue pagada y no se canceló nada; intenta de nuevo en unos minutos.",
  refused: (why: string) => `PayPal rechazó el reembolso: ${why}. La reserva sigue pagada y no se canceló nada.`,
} as const;

/** PayPal's refusals (its issue names) said in Spanish; the rest are "no lo permitió". */
const PAYPAL_REFUSALS: Record<string, string> = {
  REFUND_FAILED_INSUFFICIENT_FUNDS: "la cuenta del comercio no tiene fondos suficientes en este momento",
  REFUND_FUNDS_NOT_AVAILABLE: "la cuenta del comercio no tiene fondos disponibles en este momento",
  REFUND_FAILED_BY_PAYMENT_SOURCE: "el medio de pago del comprador no acepta reembolsos",
  REFUND_TIME_LIMIT_EXCEEDED: "pasó el plazo en que PayPal permite reembolsar este pago",
  TRANSACTION_DISPUTED: "el pago tiene una disputa abierta en PayPal",
  CAPTURE_FULLY_REFUNDED: "este pago ya fue reembolsado por completo",
  REFUND_AMOUNT_EXCEEDED: "el monto supera lo que queda por reembolsar de este pago",
  MAX_NUMBER_OF_REFUNDS_EXCEEDED: "este pago ya tiene el máximo de reembolsos que PayPal admite",
  REFUND_NOT_ALLOWED: "PayPal no permite reembolsar este pago",
};

export function paypalRefusalText(issue: string | undefined): string {
  return (issue && PAYPAL_REFUSALS[issue]) || "PayPal no permitió hacer el reembolso";
}

function conflict(msg: string): HttpError {
  return new HttpError(409, { errors: [fieldError(msg, "linea")] });
}

export interface CancelRequest {
  pedidoId: number;
  /** One line; absent: every line still active. */
  linea?: number;
  /** The buyer (reference + PIN already checked) or a staff user. */
  por: "cliente" | "staff";
  /** Who acted (staff: audited). */
  actor?: AuditActor;
  motivo?: string | null;
}

export interface CancelResult {
  view: ReservaView;
  reembolso: { id: number; montoCents: number; estado: ReembolsoEstado };
}

export interface CancelacionDeps {
  db: Db;
  payments: PaymentProvider;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Thrown inside the transaction when PayPal's outcome is unknown: rolls everything back, the pending refund too. */
class NoAnswer extends Error {}

type Outcome =
  | { kind: "done"; reembolsoId: number; montoCents: number; estado: ReembolsoEstado; lineIds: number[] }
  | { kind: "refused"; msg: string; issue: string | undefined };

/**
 * Which lines a request cancels, or why not (409). The buyer's rule is the view's `cancelable` (the deadline lives
 * there); staff may cancel any paid line until its departure starts, refundable tour or not.
 */
function linesToCancel(view: ReservaView, req: CancelRequest, now: Date): ReservaLinea[] {
  let targets: ReservaLinea[];
  if (req.linea !== undefined) {
    const l = view.lineas.find((x) => x.id === req.linea);
    if (!l) throw notFound(CANCELACION_MSG.lineaNotFound);
    targets = [l];
  } else {
    targets = view.lineas.filter((l) => !l.canceladaAt);
    if (targets.length === 0) throw conflict(CANCELACION_MSG.alreadyCancelled);
  }
  for (const l of targets) {
    if (req.por === "cliente") {
      const why = motivoNoCancelable(view, l);
      if (why) throw conflict(why);
      continue;
    }
    if (l.canceladaAt) throw conflict(CANCELACION_MSG.lineAlreadyCancelled);
    if (view.estado === "reembolsado") throw conflict(CANCELACION_MSG.alreadyCancelled);
    if (!view.pagado) throw conflict(CANCELACION_MSG.notPaid);
    if (view.canal === "octo") throw conflict(CANCELACION_MSG.octo);
    if (now.getTime() >= l.inicio.getTime()) throw conflict(CANCELACION_MSG.started(l));
  }
  return targets;
}

export function createCancelacionService(deps: CancelacionDeps) {
  const { db, payments, log } = deps;

  async function callPaypal(captureId: string, requestId: string, montoCents: number, referencia: string): Promise<PaypalRefund> {
    return payments.refundCapture(captureId, {
      requestId,
      amountCents: montoCents,
      currency: CURRENCY,
      noteToPayer: `Reembolso de tu reserva ${referencia}`,
    });
  }

  /**
   * Cancels and refunds, or changes nothing: 409 when it may not be cancelled (with why), 502 when PayPal refuses
   * (the refusal is kept as a 'fallido' refund, the booking stays paid) or does not answer (nothing is kept: a retry
   * sends the same PayPal-Request-Id, so a refund PayPal did make is answered again instead of made twice).
   */
  async function cancel(req: CancelRequest): Promise<CancelResult> {
    const now = deps.now();
    let outcome: Outcome;
    try {
      outcome = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [order] = await tx
          .select({ id: pedido.id, captureId: pedido.capture_id, createdAt: pedido.createdAt, estado: pedido.estado, status: pedido.status })
          .from(pedido)
          .where(eq(pedido.id, req.pedidoId))
          .for("update");
        if (!order) throw notFound(CANCELACION_MSG.pedidoNotFound);
        // read after the lock: a cancellation that held it before is seen committed
        const view = (await loadReservaView(tx, { pedidoId: order.id }, now))!;
        const targets = linesToCancel(view, req, now);
        if (!order.captureId) throw conflict(CANCELACION_MSG.noCapture);
        const lineIds = targets.map((l) => l.id).sort((a, b) => a - b);
        const montoCents = targets.reduce((sum, l) => sum + l.totalCents, 0);
        // The same lines make the same PayPal-Request-Id, so an unanswered try is retried as the same request;
        // each definitive refusal of those lines makes the next try a new one.
        const base = `pedido-${order.id}-${order.createdAt.getTime().toString(36)}-reembolso-${lineIds.join(".")}`;
        const [refused] = await tx
          .select({ n: count() })
          .from(reembolso)
          .where(and(eq(reembolso.pedido_id, order.id), eq(reembolso.estado, "fallido"), like(reembolso.request_id, `${base}-%`)));
        const requestId = `${base}-${refused?.n ?? 0}`;
        const [row] = await tx
          .insert(reembolso)
          .values({
            pedido_id: order.id,
            monto_cents: montoCents,
            moneda: CURRENCY,
            estado: "pendiente",
            request_id: requestId,
            motivo: req.motivo ?? null,
            por: req.por,
            staff_usuario_id: req.por === "staff" ? (req.actor?.id ?? null) : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: reembolso.id });
        const reembolsoId = row!.id;
        const audit = (action: string, after: object) =>
          req.por === "staff" && req.actor
            ? recordAudit(tx, req.actor, {
                action,
                resource: "pedido",
                resourceId: order.id,
                before: { estado: order.estado, status: order.status, reembolsado: formatUSD(view.reembolsadoCents) },
                after,
              })
            : Promise.resolve();

        let refund: PaypalRefund;
        try {
          refund = await callPaypal(order.captureId, requestId, montoCents, view.referencia);
        } catch (err) {
          // PayPal said no (4xx): a definitive answer, kept with its reason; anything else leaves the outcome unknown
          if (err instanceof PaypalError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 429) {
            const msg = CANCELACION_MSG.refused(paypalRefusalText(err.issue));
            await tx.update(reembolso).set({ estado: "fallido", error: msg, updatedAt: now }).where(eq(reembolso.id, reembolsoId));
            await audit("reembolso_rechazado", { reembolso: reembolsoId, lineas: lineIds, error: msg });
            log.warn({ pedido: order.id, reembolso: reembolsoId, issue: err.issue, debugId: err.debugId }, "PayPal refused a refund");
            return { kind: "refused" as const, msg, issue: err.issue };
          }
          log.error({ err, pedido: order.id, requestId }, "PayPal refund without an answer: nothing cancelled");
          throw new NoAnswer();
        }
        if (refund.status !== "COMPLETED" && refund.status !== "PENDING") {
          const msg = CANCELACION_MSG.refused(paypalRefusalText(refund.status_details?.reason));
          await tx.update(reembolso).set({ estado: "fallido", paypal_refund_id: refund.id, error: msg, updatedAt: now }).where(eq(reembolso.id, reembolsoId));
          await audit("reembolso_rechazado", { reembolso: reembolsoId, lineas: lineIds, error: msg });
          return { kind: "refused" as const, msg, issue: refund.status };
        }
        // PENDING: PayPal accepted it and completes it later (e.g. an eCheck); the places are free now
        const estado: ReembolsoEstado = refund.status === "COMPLETED" ? "completado" : "pendiente";
        await tx.update(reembolso).set({ estado, paypal_refund_id: refund.id, updatedAt: now }).where(eq(reembolso.id, reembolsoId));
        await tx
          .update(pedidoLine)
          .set({ cancelada_at: now, reembolso_id: reembolsoId, updatedAt: now })
          .where(and(inArray(pedidoLine.id, lineIds), isNull(pedidoLine.cancelada_at)));
        const [left] = await tx
          .select({ n: count() })
          .from(pedidoLine)
          .where(and(eq(pedidoLine.id_pedido, order.id), isNull(pedidoLine.cancelada_at)));
        const whole = (left?.n ?? 0) === 0;
        if (whole) {
          // every line refunded: no longer a paid order (docs/decisions/0013)
          await tx.update(pedido).set({ estado: "reembolsado", status: false, updatedAt: now }).where(eq(pedido.id, order.id));
        }
        await audit("reembolso", {
          estado: whole ? "reembolsado" : order.estado,
          status: whole ? false : order.status,
          reembolsado: formatUSD(view.reembolsadoCents + (estado === "completado" ? montoCents : 0)),
          lineas_canceladas: lineIds,
          reembolso: reembolsoId,
        });
        log.info({ pedido: order.id, reembolso: reembolsoId, lineas: lineIds, monto: montoCents, por: req.por }, "booking cancelled and refunded");
        return { kind: "done" as const, reembolsoId, montoCents, estado, lineIds };
      });
    } catch (err) {
      if (err instanceof NoAnswer) throw new HttpError(502, { errors: [fieldError(CANCELACION_MSG.noAnswer, "linea")] });
      throw err;
    }
    if (outcome.kind === "refused") {
      throw new HttpError(502, { errors: [fieldError(outcome.msg, "linea")], paypal: outcome.issue ?? null });
    }
    try {
      await deps.notifier.orderCancelled({
        pedidoId: req.pedidoId,
        lineIds: outcome.lineIds,
        reembolsoId: outcome.reembolsoId,
        porStaff: req.por === "staff",
      });
    } catch (err) {
      // the cancellation stands; the e-mail module retries on its own queue
      log.error({ err, pedido: req.pedidoId }, "cancellation notification failed");
    }
    const view = (await loadReservaView(db, { pedidoId: req.pedidoId }, deps.now()))!;
    return { view, reembolso: { id: outcome.reembolsoId, montoCents: outcome.montoCents, estado: outcome.estado } };
  }

  return { cancel };
}

export type CancelacionService = ReturnType<typeof createCancelacionService>;
