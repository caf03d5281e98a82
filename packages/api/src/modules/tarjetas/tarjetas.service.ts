import type { FastifyBaseLogger } from "fastify";
import type { TarjetaCompraBody } from "@tours/contract";
import { CURRENCY, formatUSD, fromCents, tarjetaCodigoFinal, toCents, wallClock } from "@tours/domain";
import { PaypalError, paypalValueToCents } from "../../adapters/paypal/client.ts";
import type { PaymentProvider, PaypalOrder } from "../../adapters/paypal/types.ts";
import type { Db } from "../../db/client.ts";
import { HttpError, fieldError, notFound } from "../../http/errors.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { AuditActor } from "../auditoria/auditoria.ts";
import { approvalLinkOf, withApprovalLinkSecond } from "../compra/compra.service.ts";
import { TARJETA_MSG } from "./tarjetas.messages.ts";
import { createTarjetasRepository } from "./tarjetas.repository.ts";
import { balanceOf, findCardByCode } from "./tarjetas.saldo.ts";
import type { TarjetaRow } from "./tarjetas.table.ts";

/** A capture claim older than this belonged to a process that died (PayPal's calls time out after 8 s). */
const CLAIM_TTL_MS = 60_000;

export interface TarjetasServiceDeps {
  db: Db;
  payments: PaymentProvider;
  now: () => Date;
  storefrontUrl: string;
  businessTimezone: string;
  log: FastifyBaseLogger;
  jobs?: JobQueue;
}

const conflict = (msg: string) => new HttpError(409, { errors: [fieldError(msg, "token")] });

/** The stable part of a card's PayPal-Request-Ids (its creation time keeps them unique if ids restart). */
const requestIdBase = (card: Pick<TarjetaRow, "id" | "createdAt">) => `tarjeta-${card.id}-${card.createdAt.getTime().toString(36)}`;

/**
 * Buying a gift card through PayPal and checking a card's balance (decision 0024). A purchase is a card 'pendiente'
 * (no value) and a PayPal order for exactly its amount; the buyer approves at PayPal and comes back to the
 * storefront, whose confirm captures once (the claim, as an order's) and loads the card's value, which queues the
 * recipient's e-mail in the same transaction.
 */
export function createTarjetasService(deps: TarjetasServiceDeps) {
  const repo = createTarjetasRepository(deps.db);
  const { payments, log } = deps;
  const today = (now: Date) => wallClock(now, deps.businessTimezone).date;

  async function buy(body: TarjetaCompraBody) {
    const now = deps.now();
    const importeCents = toCents(body.monto);
    const card = await repo.createPending(
      {
        importeCents,
        compradorNombre: body.comprador_nombre,
        compradorEmail: body.comprador_email,
        destinatarioNombre: body.destinatario_nombre,
        destinatarioEmail: body.destinatario_email,
        mensaje: body.mensaje || null,
      },
      now,
    );
    let order: PaypalOrder;
    try {
      order = await payments.createOrder({
        requestId: `${requestIdBase(card)}-create`,
        referenceId: `tarjeta-${card.id}`,
        totalCents: importeCents,
        currency: CURRENCY,
        description: `Tarjeta regalo de ${formatUSD(importeCents)} para ${body.destinatario_nombre}`,
        returnUrl: `${deps.storefrontUrl}/tarjeta-regalo/pagada`,
        cancelUrl: `${deps.storefrontUrl}/tarjeta-regalo?cancelada=1`,
      });
      const amount = order.purchase_units?.[0]?.amount;
      if (!order?.id) throw new Error("PayPal answered an order without id");
      if (amount && (amount.currency_code !== CURRENCY || paypalValueToCents(amount.value) !== importeCents)) {
        throw new Error(`PayPal order ${order.id} is for ${amount.currency_code} ${amount.value}, not the card's value`);
      }
      if (!approvalLinkOf(order)) throw new Error(`PayPal order ${order.id} has no approval link`);
    } catch (err) {
      log.error({ err, tarjeta: card.id }, "PayPal order for a gift card could not be created; card marked as failed");
      await repo.markFailed(card.id, now);
      throw new HttpError(502, { errors: [fieldError(TARJETA_MSG.createFailed)] });
    }
    await repo.setPaymentId(card.id, order.id);
    return withApprovalLinkSecond(order);
  }

  const bought = (card: TarjetaRow) => ({
    codigo_final: tarjetaCodigoFinal(card.codigo),
    importe: fromCents(card.importe_cents),
    vence_el: card.vence_el!,
    destinatario_nombre: card.destinatario_nombre,
    destinatario_email: card.destinatario_email,
  });

  /** Captures the card's PayPal order under this caller's claim; every failure gives the claim back. */
  async function capture(card: TarjetaRow, actor: AuditActor): Promise<TarjetaRow> {
    let result: PaypalOrder;
    try {
      result = await payments.captureOrder(card.id_pay!, `${requestIdBase(card)}-capture-${card.capture_attempt}`);
    } catch (err) {
      const issue = err instanceof PaypalError ? err.issue : undefined;
      if (issue === "ORDER_ALREADY_CAPTURED") {
        result = await payments.getOrder(card.id_pay!).catch(async (getErr: unknown) => {
          await repo.releaseClaim(card.id, false);
          log.warn({ err: getErr, tarjeta: card.id }, "PayPal order of a gift card could not be re-read");
          throw new HttpError(502, { errors: [fieldError(TARJETA_MSG.captureFailed, "token")] });
        });
      } else if (issue === "ORDER_NOT_APPROVED") {
        await repo.releaseClaim(card.id, true);
        throw conflict(TARJETA_MSG.notApproved);
      } else if (issue === "INSTRUMENT_DECLINED" || issue === "PAYER_ACTION_REQUIRED" || issue === "PAYER_CANNOT_PAY") {
        await repo.releaseClaim(card.id, true);
        throw conflict(TARJETA_MSG.declined);
      } else {
        // unknown outcome: the same PayPal-Request-Id on the next try replays it instead of charging twice
        await repo.releaseClaim(card.id, false);
        log.warn({ err, tarjeta: card.id }, "PayPal capture of a gift card failed");
        throw new HttpError(502, { errors: [fieldError(TARJETA_MSG.captureFailed, "token")] });
      }
    }
    const captured = result.purchase_units?.[0]?.payments?.captures?.[0];
    if (!captured || captured.status === "PENDING") {
      await repo.releaseClaim(card.id, false);
      throw conflict(captured ? TARJETA_MSG.inProgress : TARJETA_MSG.notApproved);
    }
    if (captured.status !== "COMPLETED") {
      await repo.releaseClaim(card.id, true);
      throw conflict(TARJETA_MSG.declined);
    }
    if (captured.amount?.currency_code !== CURRENCY || paypalValueToCents(captured.amount?.value) !== card.importe_cents) {
      log.error({ tarjeta: card.id, expected: card.importe_cents, captured: captured.amount, capture: captured.id }, "PayPal captured another amount than the card's value; not loaded");
      await repo.markFailed(card.id, deps.now());
      throw conflict(TARJETA_MSG.amountMismatch);
    }
    const now = deps.now();
    const active = await repo.activatePurchase(card.id, captured.id, today(now), now, actor, deps.jobs);
    if (active) log.info({ tarjeta: card.id, capture: captured.id }, "gift card paid and loaded");
    return active ?? (await repo.findById(card.id))!;
  }

  /** Confirms a card's purchase by PayPal's token: idempotent; concurrent confirms capture once. */
  async function confirm(token: string, actor: AuditActor) {
    for (let waited = 0; ; waited += 100) {
      const card = await repo.findByPaymentId(token);
      if (!card) throw notFound(TARJETA_MSG.purchaseNotFound);
      if (card.estado === "activa") return bought(card);
      if (card.estado === "fallida") throw conflict(TARJETA_MSG.failed);
      const now = deps.now();
      const claimed = await repo.claimCapture(card.id, now, new Date(now.getTime() - CLAIM_TTL_MS));
      if (claimed) {
        const done = await capture(claimed, actor);
        if (done.estado === "activa") return bought(done);
        throw conflict(TARJETA_MSG.failed);
      }
      if (waited >= 8_000) throw conflict(TARJETA_MSG.inProgress);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A card's balance by its code (the caller limits how often an address may ask). */
  async function saldo(code: string) {
    const card = await findCardByCode(deps.db, code);
    if (!card || card.estado !== "activa") {
      throw new HttpError(404, { errors: [fieldError(card?.estado === "pendiente" ? TARJETA_MSG.notPaid : TARJETA_MSG.notFound, "codigo")] });
    }
    const now = deps.now();
    return {
      codigo_final: tarjetaCodigoFinal(card.codigo),
      importe: fromCents(card.importe_cents),
      saldo: fromCents(await balanceOf(deps.db, card.id, now)),
      vence_el: card.vence_el!,
      vencida: card.vence_el! < today(now),
    };
  }

  return { buy, confirm, saldo, repo };
}
