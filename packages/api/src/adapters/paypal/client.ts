import type { FastifyBaseLogger } from "fastify";
import { centsToDecimalString, toCents } from "@tours/domain";
import type { CreatePaymentInput, PaymentProvider, PaypalOrder, PaypalRefund, RefundInput } from "./types.ts";

export interface PaypalClientOptions {
  /** https://api-m.sandbox.paypal.com, https://api-m.paypal.com or the local simulator. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook subscription; without it no webhook can be verified. */
  webhookId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  log?: Pick<FastifyBaseLogger, "warn" | "error" | "info">;
}

/** A PayPal call that failed: HTTP status (0 on network failure or timeout) and PayPal's error name/issue. */
export class PaypalError extends Error {
  override readonly name = "PaypalError";
  constructor(
    readonly status: number,
    /** PayPal's `name` (UNPROCESSABLE_ENTITY, …) or TIMEOUT / NETWORK_ERROR. */
    readonly code: string,
    /** The first `details[].issue` (ORDER_NOT_APPROVED, INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED, …). */
    readonly issue: string | undefined,
    message: string,
    readonly debugId?: string,
  ) {
    super(message);
  }
  get isTimeout(): boolean {
    return this.code === "TIMEOUT";
  }
}

/** PayPal amounts are strings with two decimals; ours are integer cents. */
export function centsToPaypalValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`invalid amount in cents: ${cents}`);
  return centsToDecimalString(cents);
}

/** "12.5" / "12.50" / "12" → 1250; null when it is not a non-negative amount with at most two decimals. */
export function paypalValueToCents(value: string | undefined): number | null {
  if (typeof value !== "string" || value.trim().startsWith("-")) return null;
  try {
    return toCents(value);
  } catch {
    return null;
  }
}

const TOKEN_SAFETY_MARGIN_MS = 60_000;

/** Orders v2 and Payments v2 refunds over fetch; every call has a timeout and the bearer token is cached until shortly before it expires. */
export function createPaypalClient(options: PaypalClientOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  let cachedToken: { value: string; expiresAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /**
   * One request with the timeout. A request that is safe to repeat (a read, the token, or a write carrying its
   * PayPal-Request-Id, which PayPal answers once) is sent a second time after a network error: a kept-alive
   * connection that the other side closed while idle fails the first attempt without PayPal having seen it.
   */
  async function send(path: string, init: RequestInit, repeatable: boolean): Promise<Response> {
    try {
      return await attempt(path, init);
    } catch (err) {
      if (!repeatable || !(err instanceof PaypalError) || err.code !== "NETWORK_ERROR") throw err;
      return attempt(path, init);
    }
  }

  async function attempt(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new PaypalError(
        0,
        timedOut ? "TIMEOUT" : "NETWORK_ERROR",
        undefined,
        timedOut ? `PayPal did not answer ${path} within ${timeoutMs} ms` : `PayPal unreachable: ${String(err)}`,
      );
    }
  }

  async function fail(res: Response, what: string): Promise<never> {
    let body: { name?: string; message?: string; debug_id?: string; details?: Array<{ issue?: string }> } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      // non-JSON error page: keep the status only
    }
    throw new PaypalError(
      res.status,
      body.name ?? `HTTP_${res.status}`,
      body.details?.[0]?.issue,
      `${what}: ${res.status} ${body.name ?? ""} ${body.message ?? ""}`.trim(),
      body.debug_id,
    );
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const res = await send("/v1/oauth2/token", {
      method: "POST",
      headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    }, true);
    if (!res.ok) return fail(res, "PayPal token");
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new PaypalError(res.status, "INVALID_TOKEN_RESPONSE", undefined, "PayPal token: no access_token");
    const lifetimeMs = (body.expires_in ?? 300) * 1000;
    cachedToken = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_SAFETY_MARGIN_MS) };
    return body.access_token;
  }

  async function token(): Promise<string> {
    if (cachedToken && cachedToken.expiresAt > Date.now()) return cachedToken.value;
    // one token request at a time, however many calls need it
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = null;
    });
    return pendingToken;
  }

  async function call<T>(method: string, path: string, what: string, body?: unknown, requestId?: string): Promise<T> {
    return callRaw<T>(method, path, what, body === undefined ? undefined : JSON.stringify(body), requestId);
  }

  async function callRaw<T>(method: string, path: string, what: string, body?: string, requestId?: string): Promise<T> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await token()}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
    };
    if (requestId) headers["PayPal-Request-Id"] = requestId;
    const res = await send(path, { method, headers, body }, method === "GET" || requestId !== undefined);
    if (res.status === 401) cachedToken = null; // revoked or expired early: the next call fetches a new one
    if (!res.ok) return fail(res, what);
    return (await res.json()) as T;
  }

  return {
    createOrder(input: CreatePaymentInput) {
      return call<PaypalOrder>(
        "POST",
        "/v2/checkout/orders",
        "PayPal create order",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: input.referenceId,
              description: input.description.slice(0, 127),
              amount: { currency_code: input.currency, value: centsToPaypalValue(input.totalCents) },
            },
          ],
          application_context: {
            brand_name: "Tours",
            locale: "es-ES",
            landing_page: "LOGIN",
            shipping_preference: "NO_SHIPPING",
            user_action: "PAY_NOW",
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
          },
        },
        input.requestId,
      );
    },
    getOrder(id: string) {
      return call<PaypalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`, "PayPal get order");
    },
    captureOrder(id: string, requestId: string) {
      return call<PaypalOrder>(
        "POST",
        `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
        "PayPal capture",
        {},
        requestId,
      );
    },
    refundCapture(captureId: string, input: RefundInput) {
      return call<PaypalRefund>(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        "PayPal refund",
        {
          amount: { currency_code: input.currency, value: centsToPaypalValue(input.amountCents) },
          ...(input.noteToPayer ? { note_to_payer: input.noteToPayer.slice(0, 255) } : {}),
        },
        input.requestId,
      );
    },
    async verifyWebhookSignature(headers, event, rawBody) {
      if (!options.webhookId) {
        options.log?.warn("PAYPAL_WEBHOOK_ID is not set: PayPal webhooks cannot be verified and are refused");
        return false;
      }
      const h = (name: string) => headers[name] ?? headers[name.toLowerCase()];
      const fields = {
        auth_algo: h("paypal-auth-algo"),
        cert_url: h("paypal-cert-url"),
        transmission_id: h("paypal-transmission-id"),
        transmission_sig: h("paypal-transmission-sig"),
        transmission_time: h("paypal-transmission-time"),
      };
      if (Object.values(fields).some((v) => !v)) return false;
      const head = JSON.stringify({ ...fields, webhook_id: options.webhookId });
      const eventJson = rawBody ?? JSON.stringify(event);
      try {
        const answer = await callRaw<{ verification_status?: string }>(
          "POST",
          "/v1/notifications/verify-webhook-signature",
          "PayPal verify webhook",
          `${head.slice(0, -1)},"webhook_event":${eventJson}}`,
        );
        return answer.verification_status === "SUCCESS";
      } catch (err) {
        // PayPal refusing the headers themselves (bad cert URL, malformed signature) means "not verified";
        // our credentials failing or PayPal being down stays an error, so the sender retries later
        if (err instanceof PaypalError && (err.status === 400 || err.status === 422)) return false;
        throw err;
      }
    },
  };
}
