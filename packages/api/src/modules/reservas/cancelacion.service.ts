import type { FastifyBaseLogger } from "fastify";
import { and, count, eq, inArray, isNull, like, sum } from "drizzle-orm";
import { CURRENCY, formatUSD, refundSplit, wallClock } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { PaypalError } from "../../adapters/paypal/client.ts";
import type { PaymentProvider, PaypalRefund } from "../../adapters/paypal/types.ts";
import { HttpError, fieldError, notFound } from "../../http/errors.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { departuresOfOrder, recordPlacesFreed } from "../plazas/plazas-liberadas.ts";
import { type AuditActor, recordAudit } from "../auditoria/auditoria.ts";
import { pedido, pedidoLine, reembolso, type ReembolsoEstado } from "../compra/compra.table.ts";
import { type ReservaLinea, type ReservaView, loadReservaView, motivoNoCancelable } from "./reserva.view.ts";
import { type RefundPart, refundParts } from "./capturas.ts";
import { CANCELACION_MSG } from "./reservas.messages.ts";
import { issueRefundCard, returnToCard } from "../tarjetas/tarjetas.repository.ts";

/** A buyer's own cancellation, as Actividad records a gift card's movement it makes (no staff user). */
const NOBODY: AuditActor = { id: null, nombre: "", email: "", ip: "", userAgent: "" };

/**
 * Cancelling a paid booking, or some of its lines, with its refund through PayPal: one service for the buyer ("Mi
 * reserva") and staff (docs/decisions/0013-self-service-cancellation.md). The refund is claimed ('en_curso') in a
 * short transaction holding the order row lock, PayPal is asked with no transaction open, and its outcome is kept in
 * another short one: a concurrent cancel of the same order meets the claim (409), so the money goes back once, and
 * the rest of the site never waits for PayPal.
 */

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
  orderId: number;
  /** One line; absent: every line still active. */
  linea?: number;
  /** The buyer (reference + PIN already checked) or a staff user. */
  por: "cliente" | "staff";
  /** Who acted (staff: audited). */
  actor?: AuditActor;
  motivo?: string | null;
  /** Staff only (decision 0024): what PayPal would give back goes onto a new gift card for the buyer instead. */
  aTarjetaNueva?: boolean;
}

export interface CancelResult {
  view: ReservaView;
  /** `cardCents`: the part of it that went back to the gift card that paid the order (decision 0024). */
  reembolso: { id: number; montoCents: number; cardCents: number; estado: ReembolsoEstado };
}

export interface CancelacionDeps {
  db: Db;
  payments: PaymentProvider;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The queue that takes the event of the places freed (docs/decisions/0023); without it the event row waits. */
  jobs?: JobQueue;
  /** The business's calendar, for a new gift card's validity (default UTC). */
  businessTimezone?: string;
}

/**
 * How long an 'en_curso' refund keeps others out. PayPal's calls time out after 8 s, so a claim this old belongs to a
 * process that died between the claim and the outcome; the next cancel takes it over with the same PayPal-Request-Id.
 */
export const REFUND_CLAIM_TTL_MS = 60_000;

/** A refund claimed ('en_curso', committed) and about to be asked of PayPal, outside any transaction. */
interface Claim {
  refundId: number;
  claimedAt: Date;
  /** An abandoned claim taken over: the only record that PayPal may have refunded its lines. */
  takenOver: boolean;
  requestId: string;
  montoCents: number;
  lineIds: number[];
  /** What each of the order's captures gives back (capturas.ts): the order's own, then paid date-change differences. */
  parts: RefundPart[];
  /** What goes back to the gift card that paid the order (decision 0024: card first), and onto a new card instead of PayPal. */
  cardCents: number;
  newCardCents: number;
  referencia: string;
  por: "cliente" | "staff";
  /** The order as it was claimed, for the audit's "before". */
  before: { estado: string; status: boolean; reembolsadoCents: number };
}

type Outcome =
  | { kind: "done"; refundId: number; montoCents: number; cardCents: number; estado: ReembolsoEstado; lineIds: number[]; notify: boolean }
  | { kind: "refused"; msg: string; issue: string | undefined }
  | { kind: "noAnswer" };

type PaypalAnswer =
  | { kind: "refund"; refund: PaypalRefund }
  | { kind: "refused"; issue: string | undefined; debugId?: string }
  | { kind: "noAnswer" }
  // nothing of it goes through PayPal: all to a gift card
  | { kind: "none" };

/** The PayPal-Request-Id's home: the same lines give the same id; `refusals` (PayPal's refusals of them) makes a new one. */
function requestIdBase(order: { id: number; createdAt: Date }, lineIds: number[]): string {
  return `pedido-${order.id}-${order.createdAt.getTime().toString(36)}-reembolso-${lineIds.join(".")}`;
}
/** The lines a claimed refund covers, read back from its request id (a taken-over claim has no other record of them). */
function lineIdsOfRequest(requestId: string): number[] {
  const m = /-reembolso-([\d.]+)-\d+$/.exec(requestId);
  return m ? m[1]!.split(".").map(Number) : [];
}
const sameLines = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

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

  const lockOrder = (tx: Db, id: number) =>
    tx
      .select({
        id: pedido.id,
        captureId: pedido.capture_id,
        valorTotalCents: pedido.valor_total_cents,
        createdAt: pedido.createdAt,
        estado: pedido.estado,
        status: pedido.status,
        tarjetaId: pedido.tarjeta_regalo_id,
        tarjetaCents: pedido.tarjeta_cents,
      })
      .from(pedido)
      .where(eq(pedido.id, id))
      .for("update");

  type LockedOrder = Awaited<ReturnType<typeof lockOrder>>[number];

  /** What the order holds at PayPal: its total less what a gift card paid (decision 0024). */
  const paypalShare = (order: LockedOrder) => ({ id: order.id, captureId: order.captureId!, valorTotalCents: order.valorTotalCents - order.tarjetaCents });

  /** What went back to the order's gift card so far (refunds made or under way at PayPal; the claim being made aside). */
  async function returnedToCard(tx: Db, orderId: number): Promise<number> {
    const [row] = await tx
      .select({ cents: sum(reembolso.tarjeta_cents) })
      .from(reembolso)
      .where(and(eq(reembolso.pedido_id, orderId), inArray(reembolso.estado, ["completado", "pendiente"])));
    return Number(row?.cents ?? 0);
  }

  /**
   * In the transaction that cancels the lines: the card that paid gets its part back, and a new card is made for
   * what staff chose to refund that way (its e-mail queued in the same transaction). Both are in Actividad.
   */
  async function giveBackToCards(tx: Db, req: CancelRequest, c: Claim, order: LockedOrder, now: Date): Promise<void> {
    const actor = req.actor ?? NOBODY;
    if (c.cardCents > 0 && order.tarjetaId !== null) await returnToCard(tx, order.tarjetaId, c.cardCents, order.id, c.refundId, now, actor);
    if (c.newCardCents <= 0) return;
    const [buyer] = await tx.select({ referencia: pedido.referencia, nombre: pedido.nombre, apellido: pedido.apellido, email: pedido.email }).from(pedido).where(eq(pedido.id, order.id));
    const card = await issueRefundCard(
      tx,
      { orderId: order.id, referencia: buyer!.referencia, nombre: `${buyer!.nombre} ${buyer!.apellido}`.trim(), email: buyer!.email, cents: c.newCardCents, staffId: req.actor?.id ?? null },
      wallClock(now, deps.businessTimezone ?? "UTC").date,
      now,
      actor,
      deps.jobs,
    );
    await tx.update(reembolso).set({ tarjeta_nueva_id: card.id }).where(eq(reembolso.id, c.refundId));
  }

  /**
   * Step 1, a short transaction with the order row locked: decides the lines and claims their refund ('en_curso'),
   * or takes over an abandoned claim. `ours: false` means the claim taken over covers other lines than the ones
   * asked for: it is finished first and the request is decided again.
   */
  async function claim(req: CancelRequest, now: Date): Promise<{ claim: Claim; ours: boolean }> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [order] = await lockOrder(tx, req.orderId);
      if (!order) throw notFound(CANCELACION_MSG.pedidoNotFound);
      // read after the lock: a cancellation that held it before is seen committed
      const view = (await loadReservaView(tx, { orderId: order.id }, now))!;
      const [open] = await tx
        .select({
          id: reembolso.id,
          requestId: reembolso.request_id,
          montoCents: reembolso.monto_cents,
          claimedAt: reembolso.updatedAt,
          por: reembolso.por,
          tarjetaCents: reembolso.tarjeta_cents,
          aTarjetaNueva: reembolso.a_tarjeta_nueva,
        })
        .from(reembolso)
        .where(and(eq(reembolso.pedido_id, order.id), eq(reembolso.estado, "en_curso")));
      const before = { estado: order.estado, status: order.status, reembolsadoCents: view.reembolsadoCents };
      if (open) {
        if (now.getTime() - open.claimedAt.getTime() < REFUND_CLAIM_TTL_MS) throw conflict(CANCELACION_MSG.inProgress);
        // abandoned by a process that died before PayPal's outcome was kept: ask again with the same request id, so
        // PayPal answers the refund it may have made instead of making a second one
        await tx.update(reembolso).set({ updatedAt: now }).where(eq(reembolso.id, open.id));
        const lineIds = lineIdsOfRequest(open.requestId);
        log.warn({ pedido: order.id, reembolso: open.id, requestId: open.requestId }, "taking over an abandoned refund claim");
        let ours = false;
        try {
          ours = sameLines(lineIds, linesToCancel(view, req, now).map((l) => l.id).sort((a, b) => a - b));
        } catch {
          // the request itself is decided again once the abandoned refund is finished
        }
        const rest = open.montoCents - open.tarjetaCents;
        const paypalCents = open.aTarjetaNueva ? 0 : rest;
        const parts = paypalCents > 0 ? await refundParts(tx, paypalShare(order), paypalCents) : [];
        return {
          ours,
          claim: {
            refundId: open.id,
            claimedAt: now,
            takenOver: true,
            requestId: open.requestId,
            montoCents: open.montoCents,
            lineIds,
            parts,
            cardCents: open.tarjetaCents,
            newCardCents: open.aTarjetaNueva ? rest : 0,
            referencia: view.referencia,
            por: open.por,
            before,
          },
        };
      }
      const targets = linesToCancel(view, req, now);
      const lineIds = targets.map((l) => l.id).sort((a, b) => a - b);
      const montoCents = targets.reduce((sum, l) => sum + l.totalCents, 0);
      // the card that paid gets its part back first (decision 0024); staff may put PayPal's part on a new card
      const split = refundSplit(montoCents, order.tarjetaCents - (await returnedToCard(tx, order.id)));
      const toNewCard = req.por === "staff" && req.aTarjetaNueva === true;
      const paypalCents = toNewCard ? 0 : split.paypal;
      if (paypalCents > 0 && !order.captureId) throw conflict(CANCELACION_MSG.noCapture);
      // an unanswered try left no row, so its retry builds the same id; each refusal kept makes the next one new
      const base = requestIdBase(order, lineIds);
      const [refused] = await tx
        .select({ n: count() })
        .from(reembolso)
        .where(and(eq(reembolso.pedido_id, order.id), eq(reembolso.estado, "fallido"), like(reembolso.request_id, `${base}-%`)));
      const requestId = `${base}-${refused?.n ?? 0}`;
      // read before this claim is kept: a retry after no answer splits the same amount the same way (same request ids)
      const parts = paypalCents > 0 ? await refundParts(tx, paypalShare(order), paypalCents) : [];
      const [row] = await tx
        .insert(reembolso)
        .values({
          pedido_id: order.id,
          monto_cents: montoCents,
          moneda: CURRENCY,
          estado: "en_curso",
          request_id: requestId,
          motivo: req.motivo ?? null,
          por: req.por,
          staff_usuario_id: req.por === "staff" ? (req.actor?.id ?? null) : null,
          tarjeta_cents: split.tarjeta,
          a_tarjeta_nueva: toNewCard,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: reembolso.id });
      return {
        ours: true,
        claim: {
          refundId: row!.id,
          claimedAt: now,
          takenOver: false,
          requestId,
          montoCents,
          lineIds,
          parts,
          cardCents: split.tarjeta,
          newCardCents: toNewCard ? split.paypal : 0,
          referencia: view.referencia,
          por: req.por,
          before,
        },
      };
    });
  }

  /** One capture's refund: PayPal's answer, a definitive refusal, or none (the outcome is unknown). */
  async function askPaypalOnce(c: Claim, part: RefundPart, requestId: string, orderId: number): Promise<PaypalAnswer> {
    try {
      const refund = await payments.refundCapture(part.captureId, {
        requestId,
        amountCents: part.cents,
        currency: CURRENCY,
        noteToPayer: `Reembolso de tu reserva ${c.referencia}`,
      });
      return { kind: "refund", refund };
    } catch (err) {
      // PayPal said no (4xx): a definitive answer; anything else leaves the outcome unknown
      if (err instanceof PaypalError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 429) {
        return { kind: "refused", issue: err.issue, debugId: err.debugId };
      }
      log.error({ err, pedido: orderId, requestId }, "PayPal refund without an answer: nothing cancelled");
      return { kind: "noAnswer" };
    }
  }

  /**
   * Step 2, no transaction open: the refund asked of each capture in turn (the order's own keeps the claim's request
   * id; a date change's difference adds its id), one answer for all. A refusal or silence after a capture already
   * refunded is no answer: nothing is kept, and the retry sends the same request ids, so PayPal answers the refunds
   * it made instead of making them again.
   */
  async function askPaypal(c: Claim, orderId: number): Promise<PaypalAnswer> {
    if (c.parts.length === 0) return { kind: "none" };
    const refunds: PaypalRefund[] = [];
    for (const part of c.parts) {
      const requestId = part.dateChangeId === null ? c.requestId : `${c.requestId}-cambio-${part.dateChangeId}`;
      const answer = await askPaypalOnce(c, part, requestId, orderId);
      const made = answer.kind === "refund" && (answer.refund.status === "COMPLETED" || answer.refund.status === "PENDING");
      if (!made) {
        if (refunds.length === 0) return answer;
        log.error({ pedido: orderId, requestId, answer: answer.kind }, "refund of a later capture failed after an earlier one was made: kept to retry");
        return { kind: "noAnswer" };
      }
      refunds.push((answer as { refund: PaypalRefund }).refund);
    }
    if (refunds.length === 1) return { kind: "refund", refund: refunds[0]! };
    return {
      kind: "refund",
      refund: { ...refunds[0]!, id: refunds.map((r) => r.id).join(","), status: refunds.every((r) => r.status === "COMPLETED") ? "COMPLETED" : "PENDING" },
    };
  }

  /** Step 3, a short transaction with the order row locked: keeps PayPal's outcome, cancelling the lines when refunded. */
  async function settle(req: CancelRequest, c: Claim, answer: PaypalAnswer, now: Date): Promise<Outcome> {
    return db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [order] = await lockOrder(tx, req.orderId);
      const [row] = await tx.select().from(reembolso).where(eq(reembolso.id, c.refundId));
      if (!order || !row || row.estado !== "en_curso" || row.updatedAt.getTime() !== c.claimedAt.getTime()) {
        // another cancel took the claim over (ours outlived the TTL) and sends the same request: its outcome stands
        if (row && (row.estado === "completado" || row.estado === "pendiente")) {
          return { kind: "done", refundId: row.id, montoCents: row.monto_cents, cardCents: row.tarjeta_cents, estado: row.estado, lineIds: c.lineIds, notify: false };
        }
        if (row?.estado === "fallido") return { kind: "refused", msg: row.error ?? CANCELACION_MSG.refused(paypalRefusalText(undefined)), issue: undefined };
        throw conflict(CANCELACION_MSG.inProgress);
      }
      const audit = (action: string, after: object) =>
        req.por === "staff" && req.actor
          ? recordAudit(tx, req.actor, {
              action,
              resource: "pedido",
              resourceId: order.id,
              before: { estado: c.before.estado, status: c.before.status, reembolsado: formatUSD(c.before.reembolsadoCents) },
              after,
            })
          : Promise.resolve();
      if (answer.kind === "noAnswer") {
        if (c.takenOver) {
          // still unknown whether PayPal refunded these lines: kept, and free for the next cancel to ask again
          await tx
            .update(reembolso)
            .set({ updatedAt: new Date(now.getTime() - REFUND_CLAIM_TTL_MS) })
            .where(eq(reembolso.id, c.refundId));
        } else {
          // nothing kept: the retry builds the same PayPal-Request-Id and PayPal answers the refund it may have made
          await tx.delete(reembolso).where(eq(reembolso.id, c.refundId));
        }
        return { kind: "noAnswer" };
      }
      const refusal =
        answer.kind === "none"
          ? null
          : answer.kind === "refused"
          ? { issue: answer.issue, reason: answer.issue, refundId: null }
          : answer.refund.status !== "COMPLETED" && answer.refund.status !== "PENDING"
            ? { issue: answer.refund.status, reason: answer.refund.status_details?.reason, refundId: answer.refund.id }
            : null;
      if (refusal) {
        const msg = CANCELACION_MSG.refused(paypalRefusalText(refusal.reason));
        await tx
          .update(reembolso)
          .set({ estado: "fallido", paypal_refund_id: refusal.refundId, error: msg, updatedAt: now })
          .where(eq(reembolso.id, c.refundId));
        await audit("reembolso_rechazado", { reembolso: c.refundId, lineas: c.lineIds, error: msg });
        log.warn({ pedido: order.id, reembolso: c.refundId, issue: refusal.issue, debugId: answer.kind === "refused" ? answer.debugId : undefined }, "PayPal refused a refund");
        return { kind: "refused", msg, issue: refusal.issue };
      }
      const refund = answer.kind === "refund" ? answer.refund : null;
      // PENDING: PayPal accepted it and completes it later (e.g. an eCheck); the places are free now
      const estado: ReembolsoEstado = !refund || refund.status === "COMPLETED" ? "completado" : "pendiente";
      await tx.update(reembolso).set({ estado, paypal_refund_id: refund?.id ?? null, updatedAt: now }).where(eq(reembolso.id, c.refundId));
      await giveBackToCards(tx, req, c, order, now);
      await tx
        .update(pedidoLine)
        .set({ cancelada_at: now, reembolso_id: c.refundId, updatedAt: now })
        .where(and(inArray(pedidoLine.id, c.lineIds), isNull(pedidoLine.cancelada_at)));
      // their places are free: an event in this transaction, handled by the queue (the waiting list's offers)
      await recordPlacesFreed(tx, deps.jobs, await departuresOfOrder(tx, order.id, c.lineIds), "cancelacion", order.id);
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
        reembolsado: formatUSD(c.before.reembolsadoCents + (estado === "completado" ? c.montoCents : 0)),
        lineas_canceladas: c.lineIds,
        reembolso: c.refundId,
      });
      log.info({ pedido: order.id, reembolso: c.refundId, lineas: c.lineIds, monto: c.montoCents, por: c.por }, "booking cancelled and refunded");
      return { kind: "done", refundId: c.refundId, montoCents: c.montoCents, cardCents: c.cardCents, estado, lineIds: c.lineIds, notify: true };
    });
  }

  async function notify(orderId: number, outcome: Extract<Outcome, { kind: "done" }>, porStaff: boolean) {
    if (!outcome.notify) return;
    try {
      await deps.notifier.orderCancelled({ orderId, lineIds: outcome.lineIds, refundId: outcome.refundId, porStaff });
    } catch (err) {
      // the cancellation stands; the e-mail module retries on its own queue
      log.error({ err, pedido: orderId }, "cancellation notification failed");
    }
  }

  /**
   * Cancels and refunds, or changes nothing: 409 when it may not be cancelled (with why) or another cancellation of
   * the order is with PayPal right now, 502 when PayPal refuses (the refusal is kept as a 'fallido' refund, the booking
   * stays paid) or does not answer (nothing is kept: a retry sends the same PayPal-Request-Id, so a refund PayPal did
   * make is answered again instead of made twice). No transaction is open while PayPal is asked.
   */
  async function cancel(req: CancelRequest): Promise<CancelResult> {
    // at most twice: an abandoned claim of other lines is finished first, then the request is decided again
    for (;;) {
      const now = deps.now();
      const { claim: c, ours } = await claim(req, now);
      const answer = await askPaypal(c, req.orderId);
      const outcome = await settle(req, c, answer, deps.now());
      if (!ours) {
        if (outcome.kind === "done") await notify(req.orderId, outcome, c.por === "staff");
        if (outcome.kind !== "noAnswer") continue;
      }
      if (outcome.kind === "noAnswer") throw new HttpError(502, { errors: [fieldError(CANCELACION_MSG.noAnswer, "linea")] });
      if (outcome.kind === "refused") throw new HttpError(502, { errors: [fieldError(outcome.msg, "linea")], paypal: outcome.issue ?? null });
      await notify(req.orderId, outcome, req.por === "staff");
      const view = (await loadReservaView(db, { orderId: req.orderId }, deps.now()))!;
      return { view, reembolso: { id: outcome.refundId, montoCents: outcome.montoCents, cardCents: outcome.cardCents, estado: outcome.estado } };
    }
  }

  return { cancel };
}
