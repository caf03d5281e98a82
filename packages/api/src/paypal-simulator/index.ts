import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaypalCapture, PaypalOrder } from "../adapters/paypal/types.ts";
import { renderApprovalPage, renderMessagePage } from "./pages.ts";

/**
 * A local stand-in for PayPal's REST API (Orders v2, OAuth client credentials, webhook verification) plus the
 * buyer's approval page. Its state lives in memory: it plays the part of PayPal, not of our system of record.
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
  captures: PaypalCapture[];
  createTime: string;
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
  order(id: string): SimulatorOrder | undefined;
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
  const orders = new Map<string, SimulatorOrder>();
  const tokens = new Set<string>();
  // PayPal-Request-Id → the first successful answer, replayed as is
  const createReplies = new Map<string, string>();
  const captureReplies = new Map<string, PaypalOrder>();

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
          ...(o.captures.length ? { payments: { captures: o.captures.map((c) => ({ ...c })) } } : {}),
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
        : { ...(o.captures[0] ?? {}), supplementary_data: { related_ids: { order_id: o.id } } };
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
    order: (id) => orders.get(id),
    approve,
    signWebhook,
    sendWebhook,
    eventFor,
    reset() {
      mode = "ok";
      captureAmountOverride = null;
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
    });
    o.status = "COMPLETED";
    captureCount++;
    const view = orderView(o);
    if (rid) captureReplies.set(rid, view);
    notify("PAYMENT.CAPTURE.COMPLETED", o.id);
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
      }
      return sendJson(res, 200, { mode, captureAmountOverride, captureCount, createCount });
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
