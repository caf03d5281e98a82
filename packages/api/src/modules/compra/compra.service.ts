import type { FastifyBaseLogger } from "fastify";
import type { CodigoAplicado, CompraCreateBody, ValidationErrorItem } from "@tours/contract";
import { CURRENCY, MAX_HOLD_RENEWALS, formatDateEs, formatLocalTime, wallClock } from "@tours/domain";
import { PaypalError, paypalValueToCents } from "../../adapters/paypal/client.ts";
import type { PaymentProvider, PaypalOrder } from "../../adapters/paypal/types.ts";
import { HttpError, badRequest, fieldError, notFound } from "../../http/errors.ts";
import type { AppDeps } from "../../deps.ts";
import { type CompraRepository, type TourForPricing, createCompraRepository } from "./compra.repository.ts";
import type { LineRefusal, NewPedidoLine } from "./retencion.ts";
import { silentNotifier, type Notifier } from "../../notifications/notifier.ts";
import type { PedidoRow } from "./compra.table.ts";
import { checkDia } from "./compra.dates.ts";
import { COMPRA_MSG } from "./compra.messages.ts";
import { buildOrderLine } from "./order-lines.ts";
import { toRetencion } from "./compra.serialize.ts";
import { type HoldLimits, checkOrderSize, clientHoldGuard } from "./hold-limits.ts";
import { codeRefused, linesWithCode, quoteOf } from "./descuento.ts";
import { CODIGO_MSG } from "../codigos/codigos.messages.ts";
import { type CodigosRepository, createCodigosRepository } from "../codigos/codigos.repository.ts";
import { departuresOfOrder, recordPlacesFreed, scheduleHoldLapse } from "../plazas/plazas-liberadas.ts";
import type { AuditActor } from "../auditoria/auditoria.ts";
import { balanceOf, cardRefusal, findCardByCode } from "../tarjetas/tarjetas.saldo.ts";
import type { TarjetaRow } from "../tarjetas/tarjetas.table.ts";
import { TARJETA_MSG } from "../tarjetas/tarjetas.messages.ts";

/** "lunes, 23 de noviembre de 2026 a las 14:00 hora de Bogotá". */
function salidaText(line: Pick<NewPedidoLine, "fecha" | "hora">, zona: string): string {
  return `${formatDateEs(line.fecha)} a las ${formatLocalTime(line.hora, zona)}`;
}

export function refusalMessage(refusal: LineRefusal, line: NewPedidoLine, zona: string): string {
  const salida = salidaText(line, zona);
  if (refusal.estado === "cerrada") return COMPRA_MSG.closed(salida);
  if (refusal.estado === "agotada" || !refusal.quedan) return COMPRA_MSG.soldOut(salida);
  return COMPRA_MSG.fewLeft(salida, refusal.quedan);
}

/**
 * How long a confirm waits for another request that holds the capture claim before answering "in progress"
 * (below the storefront's 10 s request timeout).
 */
const CLAIM_WAIT_MS = 8_000;
const CLAIM_POLL_MS = 100;

export interface CompraServiceDeps {
  repo: CompraRepository;
  payments: PaymentProvider;
  now: () => Date;
  holdMinutes: number;
  storefrontUrl: string;
  log: FastifyBaseLogger;
  notifier?: Notifier;
  /** Limits on what storefront orders hold (hold-limits.ts); none when absent. */
  holdLimits?: HoldLimits;
  /** Discount codes (decision 0021); without them every code is refused as unknown. */
  codes?: Pick<CodigosRepository, "findByCode" | "useRefusal">;
  /** The zone whose calendar dates a code's booking dates and a gift card's validity (default UTC). */
  businessTimezone?: string;
  /** Gift cards (decision 0024); without them every card is refused as unknown. */
  giftCards?: { findByCode(code: string): Promise<TarjetaRow | null>; balance(id: number, now: Date): Promise<number> };
}

/** A refusal of the gift card, on the body's `tarjeta` (the cart shows its message as it is). */
function cardRefused(message: string): HttpError {
  return new HttpError(400, { errors: [fieldError(message, "tarjeta")] });
}

/** A checkout with no request behind it (tests, benches) is recorded in Actividad as nobody's. */
const ANONYMOUS: AuditActor = { id: null, nombre: "", email: "", ip: "", userAgent: "" };

function conflict(msg: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(409, { errors: [fieldError(msg, "token")], ...extra });
}

/** Another request holds the capture of this order and has not finished: the answer is "try again". */
export class CaptureInProgress extends HttpError {
  constructor(estado: string) {
    super(409, { errors: [fieldError(COMPRA_MSG.inProgress, "token")], estado });
    this.name = "CaptureInProgress";
  }
}

/**
 * The stable part of this order's PayPal-Request-Ids. The creation time keeps them unique when ids restart (a
 * new database against the same PayPal account), where PayPal would otherwise replay another order's answer.
 */
function requestIdBase(order: Pick<PedidoRow, "id" | "createdAt">): string {
  return `pedido-${order.id}-${order.createdAt.getTime().toString(36)}`;
}

/** The capture PayPal reports for the order's (only) purchase unit. */
function captureOf(order: PaypalOrder) {
  return order.purchase_units?.[0]?.payments?.captures?.[0];
}

const isApprovalLink = (l: { rel: string }) => l.rel === "approve" || l.rel === "payer-action";

/** Where the buyer approves the payment, if the provider gave such a link. */
export function approvalLinkOf(order: PaypalOrder): string | null {
  const href = (order.links ?? []).find(isApprovalLink)?.href;
  return typeof href === "string" && /^https?:\/\//i.test(href) ? href : null;
}

/** The provider's answer with the buyer's approval link at index 1, where the storefront looks for it. */
export function withApprovalLinkSecond(order: PaypalOrder): { id: string; status: string; links: PaypalOrder["links"] } {
  const links = [...(order.links ?? [])];
  const i = links.findIndex(isApprovalLink);
  if (i >= 0 && i !== 1) {
    const [approve] = links.splice(i, 1);
    links.splice(Math.min(1, links.length), 0, approve!);
  }
  return { id: order.id, status: order.status, links };
}

export function createCompraService(deps: CompraServiceDeps) {
  const { repo, payments, log } = deps;
  const notifier = deps.notifier ?? silentNotifier;

  /** Checks every line against the catalogue and prices it; all problems at once, in the contract's 400 shape. */
  function priceLines(body: Pick<CompraCreateBody, "pedidos">, tours: Map<number, TourForPricing>): NewPedidoLine[] {
    const now = deps.now();
    const errors: ValidationErrorItem[] = [];
    const lines: NewPedidoLine[] = [];
    const seen = new Set<number>();
    body.pedidos.forEach((line, i) => {
      const tour = tours.get(line.tour_id);
      if (!tour) {
        errors.push(fieldError(COMPRA_MSG.tourNotFound, `pedidos[${i}].tour_id`, line.tour_id));
        return;
      }
      if (seen.has(tour.id)) {
        errors.push(fieldError(COMPRA_MSG.duplicateTour, `pedidos[${i}].tour_id`, line.tour_id));
        return;
      }
      seen.add(tour.id);
      const dia = checkDia(line.dia, tour, now);
      if (!dia.ok) {
        errors.push(fieldError(dia.msg, `pedidos[${i}].dia`, line.dia));
        return;
      }
      const counts = {
        mayores15: line.mayores_15,
        menoresde15_a4: line.de_4_15,
        menores3: line.menores_3,
        mascotas: line.mascotas,
      };
      lines.push(buildOrderLine(tour, dia, counts));
    });
    if (errors.length) throw badRequest(errors);
    return lines;
  }

  /** The lines with a code's discount, or its refusal (decision 0021). */
  function withCode(text: string, lines: NewPedidoLine[], email: string | undefined) {
    if (!deps.codes) throw codeRefused(CODIGO_MSG.notFound);
    return linesWithCode(deps.codes, text, lines, email, deps.now(), deps.businessTimezone ?? "UTC");
  }

  /** What a code takes off these lines ("¿Tienes un código?" in the cart), priced like the checkout prices them. */
  async function quoteCode(body: Pick<CompraCreateBody, "pedidos"> & { codigo: string; email?: string }): Promise<CodigoAplicado> {
    const lines = priceLines(body, await repo.toursForPricing(body.pedidos.map((l) => l.tour_id)));
    return quoteOf(await withCode(body.codigo, lines, body.email));
  }

  const holdUntil = (now: Date) => new Date(now.getTime() + deps.holdMinutes * 60_000);
  const today = (now: Date) => wallClock(now, deps.businessTimezone ?? "UTC").date;

  /**
   * The gift card a checkout names, checked as it stands (for a clear refusal before anything is held); its balance is
   * checked and taken again under its lock when the order takes its hold (retencion.ts).
   */
  async function cardFor(code: string, now: Date): Promise<TarjetaRow> {
    const card = deps.giftCards ? await deps.giftCards.findByCode(code) : null;
    const refusal = cardRefusal(card, today(now));
    if (refusal) throw cardRefused(refusal);
    if ((await deps.giftCards!.balance(card!.id, now)) <= 0) throw cardRefused(TARJETA_MSG.empty);
    return card!;
  }

  /**
   * Stores the order unpaid (priced from the catalogue, client amounts ignored) holding its places, then opens
   * a PayPal order for exactly that total. A line that no longer fits its departure refuses the whole order
   * (409, nothing stored, nothing charged). If PayPal fails the order is kept as 'fallido' (never payable, its
   * places free again) and the caller gets 502.
   */
  async function create(body: CompraCreateBody, client?: string, actor?: AuditActor) {
    if (deps.holdLimits) checkOrderSize(body, deps.holdLimits);
    const tours = await repo.toursForPricing(body.pedidos.map((l) => l.tour_id));
    const priced = priceLines(body, tours);
    const discounted = body.codigo ? await withCode(body.codigo, priced, body.email) : null;
    const lines = discounted?.lines ?? priced;
    const total = lines.reduce((sum, l) => sum + l.valor_total_cents, 0);
    const now = deps.now();
    const card = body.tarjeta ? await cardFor(body.tarjeta, now) : null;
    const guard =
      client && deps.holdLimits
        ? clientHoldGuard({ client, limits: deps.holdLimits, now, describe: (l) => salidaText(l, tours.get(l.id_tour)!.zona) })
        : undefined;
    const reserved = await repo.reserve(
      {
        nombre: body.nombre,
        apellido: body.apellido,
        email: body.email,
        nit: String(body.nit),
        direccion: body.direccion,
        telefono: String(body.telefono),
        telefonorespaldo: body.telefonoRespaldo ? String(body.telefonoRespaldo) : null,
        comentario: body.comentario || null,
        valor_total_cents: total,
        cliente: client ?? null,
        ...(discounted ? { code: discounted.code } : {}),
        ...(card ? { card: { id: card.id, today: today(now), actor: actor ?? ANONYMOUS } } : {}),
      },
      lines,
      now,
      holdUntil(now),
      guard,
    );
    if (!reserved.ok) {
      if (reserved.codeRefusal) throw codeRefused(reserved.codeRefusal);
      if (reserved.cardRefusal) throw cardRefused(reserved.cardRefusal);
      throw new HttpError(409, {
        errors: reserved.refusals.map((r) =>
          fieldError(refusalMessage(r, lines[r.index]!, tours.get(lines[r.index]!.id_tour)!.zona), `pedidos[${r.index}].dia`, body.pedidos[r.index]!.dia),
        ),
        disponibilidad: reserved.refusals,
      });
    }
    const order = reserved.row;
    if (reserved.pagado) {
      // the card paid it all (decision 0024): nothing to approve at PayPal; the buyer goes straight to the booking
      const paid = await announcePaid(await repo.findById(order.id));
      log.info({ pedido: order.id, tarjeta: card?.id }, "order paid in full by a gift card");
      return { id: paid!.referencia, status: "COMPLETED", links: [], pagado: true, referencia: paid!.referencia, pin: paid!.pin };
    }
    const paypalCents = total - reserved.tarjetaCents;
    const names = [...new Set(lines.map((l) => tours.get(l.id_tour)?.nombre ?? `Tour ${l.id_tour}`))];
    let paypalOrder: PaypalOrder;
    try {
      paypalOrder = await payments.createOrder({
        requestId: `${requestIdBase(order)}-create`,
        referenceId: String(order.id),
        totalCents: paypalCents,
        currency: CURRENCY,
        description: `Pedido ${order.id}: ${names.join(", ")}`,
        returnUrl: `${deps.storefrontUrl}/pay/ok`,
        cancelUrl: `${deps.storefrontUrl}/pay/not`,
      });
      if (!paypalOrder?.id) throw new Error("PayPal answered an order without id");
      const amount = paypalOrder.purchase_units?.[0]?.amount;
      if (amount && (amount.currency_code !== CURRENCY || paypalValueToCents(amount.value) !== paypalCents)) {
        throw new Error(`PayPal order ${paypalOrder.id} is for ${amount.currency_code} ${amount.value}, not this order's total`);
      }
    } catch (err) {
      log.error({ err, pedido: order.id }, "PayPal order could not be created; order marked as failed");
      await repo.markFailed(order.id);
      throw new HttpError(502, { errors: [fieldError(COMPRA_MSG.createFailed)] });
    }
    await repo.setPaymentId(order.id, paypalOrder.id);
    if (!approvalLinkOf(paypalOrder)) {
      // Nothing the buyer could approve: the order is never payable (a later confirm answers notPayable, a
      // webhook finds it settled). The storefront tells the buyer it could not redirect to the payment.
      log.warn({ pedido: order.id, paypal: paypalOrder.id }, "PayPal order without an approval link; order marked as failed");
      await repo.markFailed(order.id);
      // links[1] is where the buyer approves (contract): with no such link there must be no links[1] at all
      return { id: paypalOrder.id, status: paypalOrder.status, links: (paypalOrder.links ?? []).filter((l) => l.rel === "self") };
    }
    // additive: until when the places are held, and how many times the buyer may ask for more time
    return { ...withApprovalLinkSecond(paypalOrder), ...toRetencion({ hold_expires_at: holdUntil(now), hold_renewals: 0 }) };
  }

  /**
   * "Necesito más tiempo" (docs/decisions/0018): the unpaid order behind a PayPal token holds its places
   * HOLD_MINUTES more from now, at most MAX_HOLD_RENEWALS times, and only while they fit their departures.
   */
  async function moreTime(token: string) {
    const order = await repo.findByPaymentId(token);
    if (!order) throw notFound(COMPRA_MSG.notFound);
    const now = deps.now();
    const outcome = await repo.extendHold(order.id, now, holdUntil(now), MAX_HOLD_RENEWALS);
    switch (outcome.kind) {
      case "extended":
        log.info({ pedido: order.id, renovaciones: outcome.order.hold_renewals }, "hold renewed at the buyer's request");
        return toRetencion(outcome.order);
      case "limit":
        throw conflict(COMPRA_MSG.renewalLimit(MAX_HOLD_RENEWALS), { estado: order.estado, ...toRetencion(order) });
      case "gone":
        throw conflict(COMPRA_MSG.holdExpired, { estado: "expirado" });
      case "not-pending": {
        const estado = outcome.order?.estado ?? order.estado;
        throw conflict(estado === "pagado" ? COMPRA_MSG.alreadyPaidHold : estado === "expirado" ? COMPRA_MSG.holdExpired : COMPRA_MSG.notPayable, { estado });
      }
    }
  }

  /**
   * Turns PayPal's view of an order into our state: paid only for a COMPLETED capture of exactly the stored
   * total in USD. Throws the Spanish answer for every other outcome.
   */
  async function settle(order: PedidoRow, paypalOrder: PaypalOrder, claimed: boolean): Promise<PedidoRow> {
    // only the holder of the capture claim may give it back (a webhook settling on the side holds none)
    const release = (nextAttempt: boolean) => (claimed ? repo.releaseClaim(order.id, nextAttempt) : Promise.resolve());
    const capture = captureOf(paypalOrder);
    if (!capture) {
      await release(false);
      if (paypalOrder.status === "COMPLETED") {
        log.error({ pedido: order.id, paypal: paypalOrder.id }, "PayPal order COMPLETED without a capture");
        throw new HttpError(502, { errors: [fieldError(COMPRA_MSG.captureFailed, "token")] });
      }
      throw conflict(COMPRA_MSG.notApproved, { estado: order.estado });
    }
    if (capture.status === "PENDING") {
      await release(false);
      throw conflict(COMPRA_MSG.capturePending, { estado: order.estado });
    }
    if (capture.status !== "COMPLETED") {
      await release(true);
      throw conflict(COMPRA_MSG.declined, { estado: order.estado });
    }
    const cents = paypalValueToCents(capture.amount?.value);
    // PayPal was asked for what the gift card did not pay (decision 0024)
    const expected = order.valor_total_cents - order.tarjeta_cents;
    if (capture.amount?.currency_code !== CURRENCY || cents !== expected) {
      log.error(
        { pedido: order.id, expected, captured: capture.amount, capture: capture.id },
        "PayPal captured an amount that differs from the order total; not marked as paid",
      );
      await repo.markCaptureMismatch(order.id, capture.id);
      throw conflict(COMPRA_MSG.amountMismatch, { estado: "fallido" });
    }
    const paid = await repo.markPaid(order.id, capture.id, deps.now());
    if (paid) {
      log.info({ pedido: order.id, capture: capture.id }, "order paid");
      return paid;
    }
    // someone else settled it first (webhook or a parallel confirm)
    const current = await repo.findById(order.id);
    if (current?.estado === "pagado") return current;
    throw conflict(COMPRA_MSG.notPayable, { estado: current?.estado });
  }

  /** Captures an order this caller has claimed. Errors release the claim so a later try can proceed. */
  async function captureClaimed(order: PedidoRow): Promise<PedidoRow> {
    const paypalId = order.id_pay!;
    let result: PaypalOrder;
    try {
      result = await payments.captureOrder(paypalId, `${requestIdBase(order)}-capture-${order.capture_attempt}`);
    } catch (err) {
      const issue = err instanceof PaypalError ? err.issue : undefined;
      if (issue === "ORDER_ALREADY_CAPTURED") {
        try {
          result = await payments.getOrder(paypalId);
        } catch (getErr) {
          await repo.releaseClaim(order.id, false);
          log.warn({ err: getErr, pedido: order.id }, "PayPal order could not be re-read");
          throw new HttpError(502, { errors: [fieldError(COMPRA_MSG.captureFailed, "token")] });
        }
      } else if (issue === "ORDER_NOT_APPROVED") {
        await repo.releaseClaim(order.id, true);
        throw conflict(COMPRA_MSG.notApproved, { estado: order.estado });
      } else if (issue === "INSTRUMENT_DECLINED" || issue === "PAYER_ACTION_REQUIRED" || issue === "PAYER_CANNOT_PAY") {
        await repo.releaseClaim(order.id, true);
        throw conflict(COMPRA_MSG.declined, { estado: order.estado });
      } else {
        // timeout, 5xx, network: we do not know whether PayPal captured; the same PayPal-Request-Id on the
        // next try replays the outcome instead of charging twice
        await repo.releaseClaim(order.id, false);
        log.warn({ err, pedido: order.id }, "PayPal capture failed");
        throw new HttpError(502, { errors: [fieldError(COMPRA_MSG.captureFailed, "token")] });
      }
    }
    return settle(order, result, true);
  }

  function assertPayable(order: PedidoRow): void {
    if (order.estado === "expirado") throw conflict(COMPRA_MSG.holdExpired, { estado: order.estado });
    if (order.estado === "reembolsado") throw conflict(COMPRA_MSG.refunded, { estado: order.estado });
    if (order.estado === "cancelado" || order.estado === "fallido" || !order.id_pay) {
      throw conflict(COMPRA_MSG.notPayable, { estado: order.estado });
    }
  }

  /**
   * Every way an order ends up paid (confirm, webhook) answers through here: the notifier hears of it each time
   * and sends the e-mails once (its own guarantee). Told again on later confirms, so an e-mail whose first report
   * was lost (a crash right after the capture) still goes out. An e-mail problem never fails the payment.
   */
  async function announcePaid<T extends PedidoRow | null>(order: T): Promise<T> {
    if (order?.estado === "pagado" && order.canal === "tienda") {
      try {
        await notifier.orderPaid(order.id);
      } catch (err) {
        log.error({ err, pedido: order.id }, "confirmation e-mails could not be queued");
      }
    }
    return order;
  }

  /**
   * Confirms (captures) the order behind a PayPal token. Idempotent: once paid it answers the order again and
   * captures nothing; concurrent calls capture once (the database claim), the others wait for that outcome.
   */
  async function confirm(token: string): Promise<PedidoRow> {
    return announcePaid(await confirmPayment(token));
  }

  async function confirmPayment(token: string): Promise<PedidoRow> {
    let order = await repo.findByPaymentId(token);
    if (!order) throw notFound(COMPRA_MSG.notFound);
    const giveUpAt = Date.now() + CLAIM_WAIT_MS;
    for (;;) {
      if (order.estado === "pagado") return order;
      assertPayable(order);
      const now = deps.now();
      if (order.hold_expires_at && order.hold_expires_at <= now && !order.capture_claimed_at) {
        if ((await repo.renewHold(order.id, now, holdUntil(now))) === "expired") {
          log.info({ pedido: order.id }, "hold lapsed and its places were taken: not captured");
          throw conflict(COMPRA_MSG.holdExpired, { estado: "expirado" });
        }
        order = (await repo.findById(order.id)) ?? order;
        continue;
      }
      const claimed = await repo.claimCapture(order.id, now);
      if (claimed) return captureClaimed(claimed);
      if (Date.now() > giveUpAt) throw new CaptureInProgress(order.estado);
      await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
      order = (await repo.findById(order.id)) ?? order;
    }
  }

  /**
   * Settles an order from PayPal's own record (used by webhooks): re-reads the order at PayPal and, if it is
   * approved but not captured yet, captures it like a confirm would. Returns null when there is nothing to do.
   */
  async function reconcile(paypalOrderId: string): Promise<PedidoRow | null> {
    const order = await repo.findByPaymentId(paypalOrderId);
    if (!order) return null;
    if (order.estado !== "pendiente") return announcePaid(order);
    const remote = await payments.getOrder(paypalOrderId);
    if (remote.status === "APPROVED") return confirm(paypalOrderId);
    if (remote.status === "COMPLETED") return announcePaid(await settle(order, remote, false));
    return order;
  }

  /** Cancels an unpaid order (idempotent); a paid one is refused with 409. */
  async function cancel(token: string): Promise<PedidoRow> {
    const order = await repo.findByPaymentId(token);
    if (!order) throw notFound(COMPRA_MSG.notFound);
    if (order.estado === "pagado") throw conflict(COMPRA_MSG.alreadyPaid, { estado: order.estado });
    if (order.estado !== "pendiente") return order;
    const cancelled = await repo.markCancelled(order.id, deps.now());
    if (cancelled) return cancelled;
    const current = (await repo.findById(order.id)) ?? order;
    if (current.estado === "pagado") throw conflict(COMPRA_MSG.alreadyPaid, { estado: current.estado });
    if (current.estado === "pendiente") throw new CaptureInProgress(current.estado);
    return current;
  }

  return { create, confirm, cancel, reconcile, moreTime, quoteCode };
}

export type CompraService = ReturnType<typeof createCompraService>;

/** The orders service wired from the app's dependencies (used by the order routes and the webhooks). */
export function compraServiceFor(deps: AppDeps, log: FastifyBaseLogger): { repo: CompraRepository; service: CompraService } {
  const jobs = deps.jobs;
  const repo = createCompraRepository(
    deps.db,
    deps.now,
    jobs ? (tx, id, until) => scheduleHoldLapse(tx, jobs, id, until) : undefined,
    async (tx, id) => recordPlacesFreed(tx, jobs, await departuresOfOrder(tx, id), "cancelacion", id),
  );
  const service = createCompraService({
    repo,
    payments: deps.payments,
    now: deps.now,
    holdMinutes: deps.config.holdMinutes,
    storefrontUrl: deps.config.storefrontUrl,
    log,
    notifier: deps.notifier,
    holdLimits: deps.config.holdLimits,
    codes: createCodigosRepository(deps.db),
    businessTimezone: deps.config.businessTimezone,
    giftCards: { findByCode: (code) => findCardByCode(deps.db, code), balance: (id, now) => balanceOf(deps.db, id, now) },
  });
  return { repo, service };
}
