import type { IncomingMessage } from "node:http";
import { HttpAnswer, readJson } from "./http.ts";
import { approveOrder } from "./orders.ts";
import { findCapture, type SimulatorState } from "./state.ts";
import { MODES, type SimulatorControl, type SimulatorMode } from "./types.ts";
import type { Webhooks } from "./webhooks.ts";

/** How tests steer the simulator: in process (`control`) or over HTTP (POST /__control, POST /__webhook). */

export function createControl(state: SimulatorState, webhooks: Webhooks): SimulatorControl {
  return {
    setMode(next, opts) {
      state.mode = next;
      if (opts && "captureAmountOverride" in opts) state.captureAmountOverride = opts.captureAmountOverride ?? null;
    },
    get mode() {
      return state.mode;
    },
    get captureCount() {
      return state.captureCount;
    },
    get createCount() {
      return state.createCount;
    },
    get refundCount() {
      return state.refundCount;
    },
    order: (id) => state.orders.get(id),
    capture: (id) => findCapture(state, id)?.capture,
    refuseRefunds(issue) {
      state.refundRefusal = issue;
    },
    approve: (orderId) => approveOrder(state, webhooks, orderId),
    signWebhook: webhooks.sign,
    sendWebhook: webhooks.send,
    eventFor: webhooks.eventFor,
    reset() {
      state.mode = "ok";
      state.captureAmountOverride = null;
      state.refundRefusal = null;
    },
  };
}

/** GET|POST /__control {mode?, captureAmountOverride?, refuseRefunds?}: the settings and counters after the change. */
export async function controlRoute(state: SimulatorState, control: SimulatorControl, req: IncomingMessage): Promise<HttpAnswer> {
  if (req.method === "POST") {
    const body = await readJson(req);
    const next = body.mode;
    if (next !== undefined && !MODES.includes(next as SimulatorMode)) {
      return new HttpAnswer(400, { error: "mode must be ok, decline, fail500, hang or nolinks" });
    }
    control.setMode((next as SimulatorMode | undefined) ?? state.mode, {
      captureAmountOverride: typeof body.captureAmountOverride === "string" ? body.captureAmountOverride : null,
    });
    // e2e: {"refuseRefunds": "REFUND_FAILED_INSUFFICIENT_FUNDS"} makes refunds fail, null lets them through
    if ("refuseRefunds" in body) control.refuseRefunds(typeof body.refuseRefunds === "string" && body.refuseRefunds ? body.refuseRefunds : null);
  }
  const { mode, captureAmountOverride, captureCount, createCount, refundCount, refundRefusal } = state;
  return new HttpAnswer(200, { mode, captureAmountOverride, captureCount, createCount, refundCount, refuseRefunds: refundRefusal });
}

/** POST /__webhook {event_type, order_id, url?}: tests and e2e make the simulator deliver the event PayPal would send. */
export async function webhookRoute(
  state: SimulatorState,
  webhooks: Webhooks,
  req: IncomingMessage,
  webhookUrl: string | undefined,
): Promise<HttpAnswer> {
  const body = await readJson(req);
  const type = body.event_type;
  const orderId = typeof body.order_id === "string" ? body.order_id : "";
  if ((type !== "CHECKOUT.ORDER.APPROVED" && type !== "PAYMENT.CAPTURE.COMPLETED") || !state.orders.has(orderId)) {
    return new HttpAnswer(400, { error: "event_type (CHECKOUT.ORDER.APPROVED | PAYMENT.CAPTURE.COMPLETED) and a known order_id are required" });
  }
  const target = typeof body.url === "string" ? body.url : webhookUrl;
  if (!target) return new HttpAnswer(400, { error: "no url given and no webhookUrl configured" });
  const delivered = await webhooks.send(webhooks.eventFor(type, orderId), target).catch(() => 0);
  return new HttpAnswer(200, { delivered });
}
