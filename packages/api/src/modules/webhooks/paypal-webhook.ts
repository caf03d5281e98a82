import type { FastifyBaseLogger } from "fastify";
import type { PaymentProvider, PaypalWebhookEvent } from "../../adapters/paypal/types.ts";
import { HttpError, fieldError } from "../../http/errors.ts";
import { CaptureInProgress, type CompraService } from "../compra/compra.service.ts";
import type { WebhookEventsRepository } from "./webhook-events.repository.ts";
import { WEBHOOK_MSG } from "./webhooks.messages.ts";

export type WebhookOutcome =
  | { kind: "forged" }
  | { kind: "malformed" }
  | { kind: "duplicate" }
  | { kind: "ignored" }
  | { kind: "processed"; orderId: number | null; estado: string | null };

/** PayPal's events that can settle an order whose buyer never came back to the storefront. */
const SETTLING_EVENTS = new Set(["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"]);

function isEvent(body: unknown): body is PaypalWebhookEvent {
  const e = body as PaypalWebhookEvent | null;
  return !!e && typeof e === "object" && typeof e.id === "string" && e.id.length > 0 && e.id.length <= 200 && typeof e.event_type === "string";
}

function paypalOrderIdOf(event: PaypalWebhookEvent): string | undefined {
  if (event.event_type === "CHECKOUT.ORDER.APPROVED") return event.resource?.id;
  return event.resource?.supplementary_data?.related_ids?.order_id;
}

/**
 * Verifies (PayPal's verify-webhook-signature), deduplicates (by event id, in the database) and applies a PayPal
 * event. Settling always goes through PayPal's own record of the order, never the event's amounts, so a replay
 * or a late event cannot change a settled order. An event is recorded as handled only after it was applied:
 * if applying fails, PayPal's retry gets another chance.
 */
export function createPaypalWebhookHandler(deps: {
  events: WebhookEventsRepository;
  compra: CompraService;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
}) {
  const { events, compra, payments, log } = deps;

  return async function handle(
    headers: Record<string, string | undefined>,
    body: unknown,
    rawBody?: string,
  ): Promise<WebhookOutcome> {
    if (!isEvent(body)) return { kind: "malformed" };
    let verified: boolean;
    try {
      verified = await payments.verifyWebhookSignature(headers, body, rawBody);
    } catch (err) {
      log.warn({ err, event: body.id }, "webhook signature could not be checked");
      throw new HttpError(503, { errors: [fieldError(WEBHOOK_MSG.retry)] });
    }
    if (!verified) {
      log.warn({ event: body.id, type: body.event_type }, "PayPal webhook with an invalid signature refused");
      return { kind: "forged" };
    }
    if (await events.seen(body.id)) return { kind: "duplicate" };

    let outcome: WebhookOutcome = { kind: "ignored" };
    const paypalOrderId = SETTLING_EVENTS.has(body.event_type) ? paypalOrderIdOf(body) : undefined;
    if (paypalOrderId) {
      try {
        const order = await compra.reconcile(paypalOrderId);
        outcome = { kind: "processed", orderId: order?.id ?? null, estado: order?.estado ?? null };
      } catch (err) {
        // a Spanish 4xx from the orders module is a final answer about this order (declined, cancelled, amount
        // mismatch): the event is handled. Anything else (PayPal down, a capture still running elsewhere) is
        // left for PayPal's retry.
        const final = err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500;
        if (final && !(err instanceof CaptureInProgress)) {
          log.info({ event: body.id, status: err.statusCode, body: err.body }, "webhook applied without payment");
          outcome = { kind: "processed", orderId: null, estado: null };
        } else {
          log.warn({ err, event: body.id }, "webhook could not be applied; PayPal will retry");
          throw new HttpError(503, { errors: [fieldError(WEBHOOK_MSG.retry)] });
        }
      }
    }
    await events.record(body.id, body.event_type);
    return outcome;
  };
}
