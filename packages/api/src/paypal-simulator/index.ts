import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { centsToDecimalString, toCents } from "@tours/domain";
import type { PaypalCapture, PaypalOrder, PaypalRefund } from "../adapters/paypal/types.ts";
import { renderApprovalPage, renderMessagePage, renderPaymentsPage } from "./pages.ts";

/**
 * A local stand-in for PayPal's REST API (Orders v2, Payments v2 captures and refunds, OAuth client credentials,
 * webhook verification) plus the buyer's approval page and a page of every payment and refund (/pagos). Its state lives in memory: it plays the part of PayPal, not of our system of record.
 */

export type SimulatorMode = "ok" | "decline" | "fail500" | "hang" | "nolinks";

const MODES: readonly SimulatorMode[] = ["ok", "decline", "fail500", "hang", "nolinks"];

export interface SimulatorOptions {
  port: number;
  host?: string;
  log?: { info: (...a: unknown[]) => void; warn: (...a: unknown[]) => void };
  /** Where to POST signed webhooks (CHECKOUT.ORDER.APPROVED on approval, PAYMENT.CAPTURE.COMPLETED on capture). */
  webhookUrl?: string;
  /** The webhook id signatures are bound to; the API must be configured with the same (PAYPAL_WEBHOOK_ID). */
  webhookId?: string;
  clientId?: string;
  clientSecret?: string;
}

export interface SignedWebhook {
  headers: Record<string, string>;
  body: string;
}

export interface SimulatorOrder {
  id: string;
  status: "CREATED" | "APPROVED" | "COMPLETED" | "VOIDED";
  amount: { currency_code: string; value: string };
  referenceId: string | undefined;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  payerId: string | null;
  captures: SimulatorCapture[];
  createTime: string;
}

/** A capture and the refunds made against it (PayPal lists them on the capture's order). */
export interface SimulatorCapture extends PaypalCapture {
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  refunds: Array<PaypalRefund & { amount: { currency_code: string; value: string }; create_time: string }>;
}

export interface SimulatorControl {
  /**
   * ok: behave; decline: captures fail with INSTRUMENT_DECLINED; fail500: order calls answer 500; hang: never
   * answer; nolinks: a created order is answered with its `self` link only (nothing the buyer can approve).
   */
  setMode(mode: SimulatorMode, opts?: { captureAmountOverride?: string | null }): void;
  readonly mode: SimulatorMode;
  /** Successful captures performed (replays of a PayPal-Request-Id do not count). */
  readonly captureCount: number;
  readonly createCount: number;
  /** Refunds made (replays of a PayPal-Request-Id do not count). */
  readonly refundCount: number;
  order(id: string): SimulatorOrder | undefined;
  /** A capture by its id, with its refunds. */
  capture(id: string): SimulatorCapture | undefined;
  /**
   * Makes every refund request answer 422 UNPROCESSABLE_ENTITY with this issue (as PayPal names it, e.g.
   * REFUND_FAILED_INSUFFICIENT_FUNDS); null refunds again. `reset()` clears it.
   */
  refuseRefunds(issue: string | null): void;
  /** What pressing "Pagar" does, without a browser. */
  approve(orderId: string): SimulatorOrder;
  /** A webhook event signed the way this simulator's verify-webhook-signature accepts. */
  signWebhook(event: unknown, opts?: { webhookId?: string }): SignedWebhook;
  /** Sign and POST an event to a URL (default: the configured webhookUrl); resolves to the HTTP status. */
  sendWebhook(event: unknown, url?: string): Promise<number>;
  /** Builds the event PayPal sends for an order (CHECKOUT.ORDER.APPROVED) or its capture (PAYMENT.CAPTURE.COMPLETED). */
  eventFor(type: "CHECKOUT.ORDER.APPROVED" | "PAYMENT.CAPTURE.COMPLETED", orderId: string): Record<string, unknown>;
  reset(): void;
}

export interface RunningSimulator {
  url: string;
  close(): Promise<void>;
  control: SimulatorControl;
}

const DEFAULT_CLIENT_ID = "sim-client-id";
const DEFAULT_CLIENT_SECRET = "sim-client-secret";
const DEFAULT_WEBHOOK_ID = "WH-SIMULATOR";

function paypalId(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return Array.from(randomBytes(17), (b) => alphabet[b % alphabet.length]).join("");
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

class HttpAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

function paypalError(status: number, name: string, issue: string, message: string): HttpAnswer {
  return new HttpAnswer(status, {
    name,
    message,
    debug_id: randomBytes(6).toString("hex"),
    details: [{ issue, description: message }],
  });
}

/** PayPal's messages for the refusals a test may ask for (developer.paypal.com/api/payments/v2/errors). */
const REFUSAL_MESSAGES: Record<string, string> = {
  REFUND_FAILED_INSUFFICIENT_FUNDS: "Refund cannot be processed due to insufficient funds.",
  REFUND_NOT_ALLOWED: "Capture cannot be refunded.",
  REFUND_FAILED_BY_PAYMENT_SOURCE: "Refund was refused by the payment source.",
  REFUND_TIME_LIMIT_EXCEEDED: "You are over the time limit to perform a refund on this capture.",
  TRANSACTION_DISPUTED: "Partial refunds cannot be offered at this time because there is an open case on this transaction.",
};

function refusalMessage(issue: string): string {
  return REFUSAL_MESSAGES[issue] ?? "The requested action could not be performed, semantically incorrect, or failed business validation.";
}

export async function startPaypalSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const host = options.host ?? "127.0.0.1";
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  const webhookId = options.webhookId ?? DEFAULT_WEBHOOK_ID;
  const signingSecret = randomBytes(32);
  let baseUrl = "";

  let mode: SimulatorMode = "ok";
  let captureAmountOverride: string | null = null;
  let captureCount = 0;
  let createCount = 0;
  let refundCount = 0;
  let refundRefusal: string | null = null;
  const orders = new Map<string, SimulatorOrder>();
  const tokens = new Set<string>();
  // PayPal-Request-Id → the first successful answer, replayed as is
  const createReplies = new Map<string, string>();
  const captureReplies = new Map<string, PaypalOrder>();
  const refundReplies = new Map<string, PaypalRefund>();

  function findCapture(id: string): { order: SimulatorOrder; capture: SimulatorCapture } | undefined {
    for (const order of orders.values()) {
      const capture = order.captures.find((c) => c.id === id);
      if (capture) return { order, capture };
    }
    return undefined;
  }

  function captureView(c: SimulatorCapture): PaypalCapture & Record<string, unknown> {
    const { refunds: _refunds, ...capture } = c;
    return {
      ...capture,
      amount: { ...c.amount },
      links: [
        { href: `${baseUrl}/v2/payments/captures/${c.id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${c.id}/refund`, rel: "refund", method: "POST" },
      ],
    };
  }

  function refundView(r: SimulatorCapture["refunds"][number], captureId: string): PaypalRefund & Record<string, unknown> {
    return {
      ...r,
      amount: { ...r.amount },
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${r.id}`, rel: "self", method: "GET" },
        { href: `${baseUrl}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
    };
  }

  function orderView(o: SimulatorOrder, opts?: { selfLinkOnly?: boolean }): PaypalOrder & Record<string, unknown> {
    const self = `${baseUrl}/v2/checkout/orders/${o.id}`;
    return {
      id: o.id,
      intent: "CAPTURE",
      status: o.status,
      create_time: o.createTime,
      purchase_units: [
        {
          reference_id: o.referenceId,
          description: o.description,
          amount: { ...o.amount },
          ...(o.captures.length
            ? {
                payments: {
                  captures: o.captures.map(captureView),
                  ...(o.captures.some((c) => c.refunds.length)
                    ? { refunds: o.captures.flatMap((c) => c.refunds.map((r) => refundView(r, c.id))) }
                    : {}),
                },
              }
            : {}),
        },
      ],
      ...(o.payerId ? { payer: { payer_id: o.payerId, email_address: "comprador@example.com" } } : {}),
      links: opts?.selfLinkOnly
        ? [{ href: self, rel: "self", method: "GET" }]
        : [
            { href: self, rel: "self", method: "GET" },
            { href: `${baseUrl}/checkoutnow?token=${o.id}`, rel: "approve", method: "GET" },
            { href: self, rel: "update", method: "PATCH" },
            { href: `${self}/capture`, rel: "capture", method: "POST" },
          ],
    };
  }

  function signWebhook(event: unknown, opts?: { webhookId?: string }): SignedWebhook {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const sig = createHmac("sha256", signingSecret)
      .update(`${transmissionId}|${transmissionTime}|${opts?.webhookId ?? webhookId}|${sha256(body)}`)
      .digest("base64");
    return {
      body,
      headers: {
        "content-type": "application/json",
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${baseUrl}/v1/notifications/certs/CERT-SIMULATOR`,
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmissionTime,
        "paypal-transmission-sig": sig,
      },
    };
  }

  function verify(body: Record<string, unknown>): boolean {
    const { transmission_id, transmission_time, transmission_sig, webhook_id, webhook_event } = body;
    if (typeof transmission_id !== "string" || typeof transmission_time !== "string") return false;
    if (typeof transmission_sig !== "string" || typeof webhook_id !== "string" || webhook_event === undefined) return false;
    const expected = createHmac("sha256", signingSecret)
      .update(`${transmission_id}|${transmission_time}|${webhook_id}|${sha256(JSON.stringify(webhook_event))}`)
      .digest();
    const given = Buffer.from(transmission_sig, "base64");
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  function eventFor(type: "CHECKOUT.ORDER.APPROVED" | "PAYMENT.CAPTURE.COMPLETED", orderId: string) {
    const o = orders.get(orderId);
    if (!o) throw new Error(`simulator: unknown order ${orderId}`);
    const resource =
      type === "CHECKOUT.ORDER.APPROVED"
        ? orderView(o)
        : { ...(o.captures[0] ? captureView(o.captures[0]) : {}), supplementary_data: { related_ids: { order_id: o.id } } };
    return {
      id: `WH-${paypalId()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: type === "CHECKOUT.ORDER.APPROVED" ? "checkout-order" : "capture",
      event_type: type,
      summary: type === "CHECKOUT.ORDER.APPROVED" ? "An order has been approved by buyer" : "Payment completed",
      resource,
    };
  }

  async function sendWebhook(event: unknown, url = options.webhookUrl): Promise<number> {
    if (!url) throw new Error("simulator: no webhook URL");
    const signed = signWebhook(event);
    const res = await fetch(url, { method: "POST", headers: signed.headers, body: signed.body });
    return res.status;
  }

  function notify(type: "CHECKOUT.ORDER.APPROVED" | "PAYMENT.CAPTURE.COMPLETED", orderId: string): void {
    if (!options.webhookUrl) return;
    // like PayPal: delivered a moment later, outside the request that caused it
    setTimeout(() => {
      sendWebhook(eventFor(type, orderId)).catch((err) =>
        options.log?.warn({ err: String(err) }, `simulator: webhook ${type} not delivered`),
      );
    }, 200).unref();
  }

  function approve(orderId: string): SimulatorOrder {
    const o = orders.get(orderId);
    if (!o) throw new Error(`simulator: unknown order ${orderId}`);
    if (o.status === "CREATED") {
      o.status = "APPROVED";
      o.payerId = paypalId().slice(0, 13);
      notify("CHECKOUT.ORDER.APPROVED", o.id);
    }
    return o;
  }

  const control: SimulatorControl = {
    setMode(next, opts) {
      mode = next;
      if (opts && "captureAmountOverride" in opts) captureAmountOverride = opts.captureAmountOverride ?? null;
    },
    get mode() {
      return mode;
    },
    get captureCount() {
      return captureCount;
    },
    get createCount() {
      return createCount;
    },
    get refundCount() {
      return refundCount;
    },
    order: (id) => orders.get(id),
    capture: (id) => findCapture(id)?.capture,
    refuseRefunds(issue) {
      refundRefusal = issue;
    },
    approve,
    signWebhook,
    sendWebhook,
    eventFor,
    reset() {
      mode = "ok";
      captureAmountOverride = null;
      refundRefusal = null;
    },
  };

  function authorized(req: IncomingMessage): boolean {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
    return !!m && tokens.has(m[1] ?? "");
  }

  function requestId(req: IncomingMessage): string | undefined {
    const v = req.headers["paypal-request-id"];
    return typeof v === "string" && v ? v : undefined;
  }

  function createOrder(req: IncomingMessage, body: Record<string, unknown>): HttpAnswer {
    const rid = requestId(req);
    const replay = rid ? createReplies.get(rid) : undefined;
    if (replay) {
      const o = orders.get(replay);
      if (o) return new HttpAnswer(200, orderView(o));
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
    orders.set(o.id, o);
    if (rid) createReplies.set(rid, o.id);
    createCount++;
    return new HttpAnswer(201, orderView(o, { selfLinkOnly: mode === "nolinks" }));
  }

  function captureOrder(req: IncomingMessage, id: string): HttpAnswer {
    const rid = requestId(req);
    const replay = rid ? captureReplies.get(rid) : undefined;
    if (replay) return new HttpAnswer(201, replay);
    const o = orders.get(id);
    if (!o) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    if (o.status === "COMPLETED") {
      return paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured.");
    }
    if (o.status !== "APPROVED") {
      return paypalError(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
    }
    if (mode === "decline") {
      return paypalError(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED", "The instrument presented was either declined by the processor or bank.");
    }
    o.captures.push({
      id: paypalId(),
      status: "COMPLETED",
      amount: { currency_code: o.amount.currency_code, value: captureAmountOverride ?? o.amount.value },
      refunds: [],
    });
    o.status = "COMPLETED";
    captureCount++;
    const view = orderView(o);
    if (rid) captureReplies.set(rid, view);
    notify("PAYMENT.CAPTURE.COMPLETED", o.id);
    return new HttpAnswer(201, view);
  }

  /**
   * POST /v2/payments/captures/{id}/refund as PayPal answers it: the amount (default: what is left) in the capture's
   * currency, at most what was captured minus what was refunded; 422 with PayPal's issue names otherwise.
   */
  function refundCapture(req: IncomingMessage, id: string, body: Record<string, unknown>): HttpAnswer {
    const rid = requestId(req);
    const replay = rid ? refundReplies.get(rid) : undefined;
    if (replay) return new HttpAnswer(201, replay);
    const found = findCapture(id);
    if (!found) return paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
    const { capture } = found;
    const capturedCents = toCents(capture.amount.value);
    const refundedCents = capture.refunds.reduce((sum, r) => sum + toCents(r.amount.value), 0);
    const left = capturedCents - refundedCents;
    const amount = body.amount as { currency_code?: unknown; value?: unknown } | undefined;
    if (amount !== undefined && (typeof amount?.currency_code !== "string" || typeof amount.value !== "string")) {
      return paypalError(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
    }
    if (amount && !/^-?\d+(\.\d{1,2})?$/.test(amount.value as string)) {
      return paypalError(422, "UNPROCESSABLE_ENTITY", "DECIMAL_PRECISION", "If the currency supports decimals, only two decimal place precision is supported.");
    }
    if (amount && amount.currency_code !== capture.amount.currency_code) {
      return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_CAPTURE_CURRENCY_MISMATCH", "Refund must be in the same currency as the capture.");
    }
    const cents = amount ? toCents(amount.value as string) : left;
    if (amount && cents <= 0) return paypalError(422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE", "Must be greater than zero.");
    if (left <= 0) return paypalError(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded.");
    if (cents > left) {
      return paypalError(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
    }
    if (refundRefusal) return paypalError(422, "UNPROCESSABLE_ENTITY", refundRefusal, refusalMessage(refundRefusal));
    const now = new Date().toISOString();
    const refund = {
      id: paypalId(),
      status: "COMPLETED",
      amount: { currency_code: capture.amount.currency_code, value: centsToDecimalString(cents) },
      ...(typeof body.note_to_payer === "string" ? { note_to_payer: body.note_to_payer.slice(0, 255) } : {}),
      create_time: now,
      update_time: now,
    };
    capture.refunds.push(refund);
    capture.status = cents === left ? "REFUNDED" : "PARTIALLY_REFUNDED";
    refundCount++;
    const view = refundView(refund, capture.id);
    if (rid) refundReplies.set(rid, view);
    return new HttpAnswer(201, view);
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1_000_000) throw new HttpAnswer(413, { name: "REQUEST_TOO_LARGE" });
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function parseJson(text: string): Record<string, unknown> {
    if (!text) return {};
    try {
      const v = JSON.parse(text) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw paypalError(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "Request is not well-formed.");
  }

  function sendJson(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  }

  function sendHtml(res: ServerResponse, status: number, html: string): void {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(303, { Location: location });
    res.end();
  }

  function withQuery(target: string, params: Record<string, string>): string {
    const u = new URL(target);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://simulator");
    const path = url.pathname.replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";

    if (path === "/__control") {
      if (method === "POST") {
        const body = parseJson(await readBody(req));
        const next = body.mode;
        if (next !== undefined && !MODES.includes(next as SimulatorMode)) {
          return sendJson(res, 400, { error: "mode must be ok, decline, fail500, hang or nolinks" });
        }
        control.setMode((next as SimulatorMode | undefined) ?? mode, {
          captureAmountOverride: typeof body.captureAmountOverride === "string" ? body.captureAmountOverride : null,
        });
        // e2e: {"refuseRefunds": "REFUND_FAILED_INSUFFICIENT_FUNDS"} makes refunds fail, null lets them through
        if ("refuseRefunds" in body) control.refuseRefunds(typeof body.refuseRefunds === "string" && body.refuseRefunds ? body.refuseRefunds : null);
      }
      return sendJson(res, 200, { mode, captureAmountOverride, captureCount, createCount, refundCount, refuseRefunds: refundRefusal });
    }

    if (path === "/__webhook" && method === "POST") {
      // tests and e2e: make the simulator deliver the event PayPal would send for an order
      const body = parseJson(await readBody(req));
      const type = body.event_type;
      const orderId = typeof body.order_id === "string" ? body.order_id : "";
      if ((type !== "CHECKOUT.ORDER.APPROVED" && type !== "PAYMENT.CAPTURE.COMPLETED") || !orders.has(orderId)) {
        return sendJson(res, 400, { error: "event_type (CHECKOUT.ORDER.APPROVED | PAYMENT.CAPTURE.COMPLETED) and a known order_id are required" });
      }
      const target = typeof body.url === "string" ? body.url : options.webhookUrl;
      if (!target) return sendJson(res, 400, { error: "no url given and no webhookUrl configured" });
      const delivered = await sendWebhook(eventFor(type, orderId), target).catch(() => 0);
      return sendJson(res, 200, { delivered });
    }

    if (path === "/v1/oauth2/token" && method === "POST") {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const [id, secret] = Buffer.from(basic ?? "", "base64").toString("utf8").split(":");
      const form = new URLSearchParams(await readBody(req));
      if (id !== clientId || secret !== clientSecret) {
        return sendJson(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      }
      if (form.get("grant_type") !== "client_credentials") {
        return sendJson(res, 400, { error: "unsupported_grant_type" });
      }
      const token = `A21AA${randomBytes(24).toString("hex")}`;
      tokens.add(token);
      return sendJson(res, 200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-SIMULATOR",
        expires_in: 32400,
        nonce: randomUUID(),
      });
    }

    if (path.startsWith("/v2/") || path.startsWith("/v1/notifications")) {
      if (!authorized(req)) {
        return sendJson(res, 401, { name: "AUTHENTICATION_FAILURE", message: "Authentication failed due to invalid authentication credentials or a missing Authorization header." });
      }
    }

    if (path === "/v1/notifications/verify-webhook-signature" && method === "POST") {
      const body = parseJson(await readBody(req));
      return sendJson(res, 200, { verification_status: verify(body) ? "SUCCESS" : "FAILURE" });
    }

    const paymentsPath = /^\/v2\/payments\/(captures|refunds)\/([A-Z0-9]+)(\/refund)?$/.exec(path);
    if (paymentsPath) {
      if (mode === "hang") return;
      if (mode === "fail500") {
        return sendJson(res, 500, { name: "INTERNAL_SERVER_ERROR", message: "An internal server error has occurred.", debug_id: randomBytes(6).toString("hex") });
      }
      const [, kind, id, refund] = paymentsPath;
      let answer: HttpAnswer;
      if (kind === "captures" && refund && method === "POST") answer = refundCapture(req, id!, parseJson(await readBody(req)));
      else if (kind === "captures" && !refund && method === "GET") {
        const found = findCapture(id!);
        answer = found ? new HttpAnswer(200, captureView(found.capture)) : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
      } else if (kind === "refunds" && !refund && method === "GET") {
        const owner = [...orders.values()].flatMap((o) => o.captures).find((c) => c.refunds.some((r) => r.id === id));
        const r = owner?.refunds.find((x) => x.id === id);
        answer = owner && r ? new HttpAnswer(200, refundView(r, owner.id)) : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
      } else answer = new HttpAnswer(405, { name: "METHOD_NOT_SUPPORTED" });
      return sendJson(res, answer.status, answer.body);
    }

    const orderPath = /^\/v2\/checkout\/orders(?:\/([A-Z0-9]+))?(\/capture)?$/.exec(path);
    if (orderPath) {
      if (mode === "hang") return; // never answered; close() drops the connection
      if (mode === "fail500") {
        return sendJson(res, 500, { name: "INTERNAL_SERVER_ERROR", message: "An internal server error has occurred.", debug_id: randomBytes(6).toString("hex") });
      }
      const [, id, capture] = orderPath;
      let answer: HttpAnswer;
      if (!id && method === "POST") answer = createOrder(req, parseJson(await readBody(req)));
      else if (id && capture && method === "POST") answer = captureOrder(req, id);
      else if (id && !capture && method === "GET") {
        const o = orders.get(id);
        answer = o
          ? new HttpAnswer(200, orderView(o))
          : paypalError(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "Specified resource ID does not exist.");
      } else answer = new HttpAnswer(405, { name: "METHOD_NOT_SUPPORTED" });
      return sendJson(res, answer.status, answer.body);
    }

    if ((path === "/" || path === "/pagos") && method === "GET") {
      return sendHtml(res, 200, renderPaymentsPage([...orders.values()].reverse()));
    }

    if (path === "/checkoutnow" && method === "GET") {
      const o = orders.get(url.searchParams.get("token") ?? "");
      if (!o) return sendHtml(res, 404, renderMessagePage("Pedido no encontrado", "El enlace de pago no es válido o ha expirado."));
      return sendHtml(res, 200, renderApprovalPage(o));
    }

    if ((path === "/checkoutnow/approve" || path === "/checkoutnow/cancel") && method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const o = orders.get(form.get("token") ?? "");
      if (!o) return sendHtml(res, 404, renderMessagePage("Pedido no encontrado", "El enlace de pago no es válido o ha expirado."));
      if (path === "/checkoutnow/cancel") return redirect(res, withQuery(o.cancelUrl, { token: o.id }));
      if (o.status === "VOIDED") return sendHtml(res, 409, renderMessagePage("Pago no disponible", "Este pedido ya no se puede pagar."));
      approve(o.id);
      return redirect(res, withQuery(o.returnUrl, { token: o.id, PayerID: o.payerId ?? "" }));
    }

    return sendJson(res, 404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof HttpAnswer) return sendJson(res, err.status, err.body);
      options.log?.warn({ err: String(err) }, "simulator: request failed");
      if (!res.headersSent) sendJson(res, 500, { name: "INTERNAL_SERVER_ERROR" });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  options.log?.info({ url: baseUrl }, "PayPal simulator listening");

  return {
    url: baseUrl,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
