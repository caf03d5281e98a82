import { createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { captureView, orderView, paypalId, type SimulatorState } from "./state.ts";
import type { PaypalJson, SignedWebhook, SimulatorLog, WebhookEventType } from "./types.ts";

/**
 * Webhooks as PayPal sends them, signed with a secret only this simulator knows, and the verify-webhook-signature
 * check that accepts exactly those signatures (bound to the webhook id, like PayPal's).
 */
export interface Webhooks {
  sign(event: unknown, opts?: { webhookId?: string }): SignedWebhook;
  /** PayPal's verify-webhook-signature body: transmission_id, transmission_time, transmission_sig, webhook_id, webhook_event. */
  verify(body: Record<string, unknown>): boolean;
  eventFor(type: WebhookEventType, orderId: string): PaypalJson;
  send(event: unknown, url?: string): Promise<number>;
  /** Delivers the event for an order a moment later, outside the request that caused it (like PayPal). */
  notify(type: WebhookEventType, orderId: string): void;
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

export function createWebhooks(
  state: SimulatorState,
  settings: { signingSecret: Buffer; webhookId: string; webhookUrl: string | undefined; log: SimulatorLog | undefined },
): Webhooks {
  const { signingSecret, webhookId, webhookUrl, log } = settings;

  const signature = (id: string, time: string, hookId: string, body: string) =>
    createHmac("sha256", signingSecret).update(`${id}|${time}|${hookId}|${sha256(body)}`);

  function sign(event: unknown, opts?: { webhookId?: string }): SignedWebhook {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    return {
      body,
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${state.baseUrl}/v1/notifications/certs/CERT-SIMULATOR`,
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmissionTime,
        "paypal-transmission-sig": signature(transmissionId, transmissionTime, opts?.webhookId ?? webhookId, body).digest("base64"),
      },
    };
  }

  function verify(body: Record<string, unknown>): boolean {
    const { transmission_id, transmission_time, transmission_sig, webhook_id, webhook_event } = body;
    if (typeof transmission_id !== "string" || typeof transmission_time !== "string") return false;
    if (typeof transmission_sig !== "string" || typeof webhook_id !== "string" || webhook_event === undefined) return false;
    const expected = signature(transmission_id, transmission_time, webhook_id, JSON.stringify(webhook_event)).digest();
    const given = Buffer.from(transmission_sig, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function eventFor(type: WebhookEventType, orderId: string): PaypalJson {
    const o = state.orders.get(orderId);
    if (!o) throw new Error(`simulator: unknown order ${orderId}`);
    const approved = type === "CHECKOUT.ORDER.APPROVED";
    const resource = approved
      ? orderView(state, o)
      : { ...(o.captures[0] ? captureView(state, o.captures[0]) : {}), supplementary_data: { related_ids: { order_id: o.id } } };
    return {
      id: `WH-${paypalId()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: approved ? "checkout-order" : "capture",
      event_type: type,
      summary: approved ? "An order has been approved by buyer" : "Payment completed",
      resource,
    };
  }

  async function send(event: unknown, url = webhookUrl): Promise<number> {
    if (!url) throw new Error("simulator: no webhook URL");
    const signed = sign(event);
    const res = await fetch(url, { method: "POST", headers: signed.headers, body: signed.body });
    return res.status;
  }

  function notify(type: WebhookEventType, orderId: string): void {
    if (!webhookUrl) return;
    setTimeout(() => {
      send(eventFor(type, orderId)).catch((err) => log?.warn({ err: String(err) }, `simulator: webhook ${type} not delivered`));
    }, 200).unref();
  }

  return { sign, verify, eventFor, send, notify };
}
