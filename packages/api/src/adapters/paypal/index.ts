import type { FastifyBaseLogger } from "fastify";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "@tours/paypal-simulator";
import { createPaypalClient } from "./client.ts";
import type { PaymentProvider } from "./types.ts";

export * from "./types.ts";
export { PaypalError, centsToPaypalValue, paypalValueToCents, createPaypalClient } from "./client.ts";

export const DEFAULT_PAYPAL_TIMEOUT_MS = 8_000;

/** The settings this adapter reads (the `paypal` section of the app config). */
export interface PaymentsConfig {
  paypal: {
    apiBase?: string | undefined;
    clientId?: string | undefined;
    clientSecret?: string | undefined;
    webhookId?: string | undefined;
    simPort: number;
    /** Per-call timeout; 8 s when absent (below the storefront's own 10 s, so the buyer gets our answer). */
    timeoutMs?: number | undefined;
  };
}

export function usesPaypalSimulator(config: PaymentsConfig): boolean {
  return !(config.paypal.clientId && config.paypal.clientSecret);
}

/**
 * Real PayPal when credentials are set, otherwise the local simulator: at `simulatorUrl` when the caller started it
 * (PAYPAL_SIM_PORT=0 lets the system choose its port), else on PAYPAL_SIM_PORT.
 */
export function createPaymentProvider(config: PaymentsConfig, log: FastifyBaseLogger, simulatorUrl?: string): PaymentProvider {
  const { paypal } = config;
  const timeoutMs = paypal.timeoutMs ?? DEFAULT_PAYPAL_TIMEOUT_MS;
  if (usesPaypalSimulator(config)) {
    const baseUrl = simulatorUrl ?? `http://127.0.0.1:${paypal.simPort}`;
    log.info({ baseUrl }, "no PayPal credentials: payments go to the local PayPal simulator");
    return createPaypalClient({
      baseUrl,
      clientId: SIMULATOR_CLIENT_ID,
      clientSecret: SIMULATOR_CLIENT_SECRET,
      webhookId: paypal.webhookId || SIMULATOR_WEBHOOK_ID,
      timeoutMs,
      log,
    });
  }
  return createPaypalClient({
    baseUrl: paypal.apiBase || "https://api-m.sandbox.paypal.com",
    clientId: paypal.clientId ?? "",
    clientSecret: paypal.clientSecret ?? "",
    webhookId: paypal.webhookId ?? "",
    timeoutMs,
    log,
  });
}
