import type { IncomingMessage } from "node:http";
import { HttpAnswer, methodNotSupported, notFound, paypalError, readJson, requestId } from "./http.ts";
import { orderView, paypalId, type SimulatorState } from "./state.ts";
import type { SimulatorOrder } from "./types.ts";
import type { Webhooks } from "./webhooks.ts";

/** Orders v2: create, read, the buyer's approval and capture. */

export function createOrder(state: SimulatorState, req: IncomingMessage, body: Record<string, unknown>): HttpAnswer {
  const rid = requestId(req);
  const replay = rid ? state.createReplies.get(rid) : undefined;
  if (replay) {
    const o = state.orders.get(replay);
    if (o) return new HttpAnswer(200, orderView(state, o));
  }
  const unit = (body.purchase_units as Array<Record<string, unknown>> | undefined)?.[0];
  const amount = unit?.amount as { currency_code?: unknown; value?: unknown } | undefined;
  const ctx = (body.application_context ??
    (body.payment_source as { paypal?: { experience_context?: unknown } } | undefined)?.paypal?.experience_context) as
    | { return_url?: unknown; cancel_url?: unknown }
    | undefined;
  if (
    body.intent !== "CAPTURE" ||
    typeof amount?.currency_code !== "string" ||
    typeof amount.value !== "string" ||
    !/^\d+(\.\d{2})?$/.test(amount.value) ||
    typeof ctx?.return_url !== "string" ||
    typeof ctx.cancel_url !== "string"
  ) {
    return paypalError(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "Request is not well-formed.");
  }
  const o: SimulatorOrder = {
    id: paypalId(),
    status: "CREATED",
    amount: { currency_code: amount.currency_code, value: amount.value },
    referenceId: typeof unit?.reference_id === "string" ? unit.reference_id : undefined,
    description: typeof unit?.description === "string" ? unit.description : "",
    returnUrl: ctx.return_url,
    cancelUrl: ctx.cancel_url,
    payerId: null,
    captures: [],
    createTime: new Date().toISOString(),
  };
  state.orders.set(o.id, o);
  if (rid) state.createReplies.set(rid, o.id);
  state.createCount++;
  return new HttpAnswer(201, orderView(state, o, { selfLinkOnly: state.mode === "nolinks" }));
}

/** What the buyer's "Pagar" does: the order becomes APPROVED (once) and PayPal tells the merchant. */
export function approveOrder(state: SimulatorState, webhooks: Webhooks, orderId: string): SimulatorOrder {
  const o = state.orders.get(orderId);
  if (!o) throw new Error(`simulator: unknown order ${orderId}`);
  if (o.status === "CREATED") {
    o.status = "APPROVED";
    o.payerId = paypalId().slice(0, 13);
    webhooks.notify("CHECKOUT.ORDER.APPROVED", o.id);
  }
  return o;
}

export function captureOrder(state: SimulatorState, webhooks: Webhooks, req: IncomingMessage, id: string): HttpAnswer {
  const rid = requestId(req);
  const replay = rid ? state.captureReplies.get(rid) : undefined;
  if (replay) return new HttpAnswer(201, replay);
  const o = state.orders.get(id);
  if (!o) return notFound();
  if (o.status === "COMPLETED") {
    return paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured.");
  }
  if (o.status !== "APPROVED") {
    return paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
  }
  if (state.mode === "decline") {
    return paypalError(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED", "The instrument presented was either declined by the processor or bank.");
  }
  o.captures.push({
    id: paypalId(),
    status: "COMPLETED",
    amount: { currency_code: o.amount.currency_code, value: state.captureAmountOverride ?? o.amount.value },
    refunds: [],
  });
  o.status = "COMPLETED";
  state.captureCount++;
  const view = orderView(state, o);
  if (rid) state.captureReplies.set(rid, view);
  webhooks.notify("PAYMENT.CAPTURE.COMPLETED", o.id);
  return new HttpAnswer(201, view);
}

/** /v2/checkout/orders[/{id}[/capture]]: what the path and method ask for. */
export async function ordersRoute(
  state: SimulatorState,
  webhooks: Webhooks,
  req: IncomingMessage,
  route: { id: string | undefined; capture: boolean },
): Promise<HttpAnswer> {
  const method = req.method ?? "GET";
  if (!route.id && method === "POST") return createOrder(state, req, await readJson(req));
  if (route.id && route.capture && method === "POST") return captureOrder(state, webhooks, req, route.id);
  if (route.id && !route.capture && method === "GET") {
    const o = state.orders.get(route.id);
    return o ? new HttpAnswer(200, orderView(state, o)) : notFound();
  }
  return methodNotSupported();
}
