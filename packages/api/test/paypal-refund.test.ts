import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PaypalError, type PaymentProvider } from "../src/adapters/paypal/index.ts";
import {
  SIMULATOR_CLIENT_ID,
  SIMULATOR_CLIENT_SECRET,
  startPaypalSimulator,
  type RunningSimulator,
} from "@tours/paypal-simulator";
import { simulatorClient } from "./compra-fixtures.ts";

let sim: RunningSimulator;
let paypal: PaymentProvider;

beforeAll(async () => {
  sim = await startPaypalSimulator({ port: 0 });
  paypal = simulatorClient(sim);
});
afterAll(() => sim.close());
afterEach(() => sim.control.reset());

let n = 0;
/** A paid PayPal order of `cents`; answers its capture id. */
async function capturedOrder(cents: number): Promise<{ orderId: string; captureId: string }> {
  n++;
  const created = await paypal.createOrder({
    requestId: `refund-test-${n}-create`,
    referenceId: String(n),
    totalCents: cents,
    currency: "USD",
    description: `Pedido ${n}`,
    returnUrl: "http://tienda.test/pay/ok",
    cancelUrl: "http://tienda.test/pay/not",
  });
  sim.control.approve(created.id);
  const captured = await paypal.captureOrder(created.id, `refund-test-${n}-capture`);
  return { orderId: created.id, captureId: captured.purchase_units![0]!.payments!.captures![0]!.id };
}

async function refusal(promise: Promise<unknown>): Promise<PaypalError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaypalError);
  return err as PaypalError;
}

describe("refunds (Payments v2) against the simulator", () => {
  it("refunds in parts up to what was captured, lists the refunds on the order and the capture's state", async () => {
    const { orderId, captureId } = await capturedOrder(10_000);
    const first = await paypal.refundCapture(captureId, { requestId: `r-${captureId}-1`, amountCents: 4_500, currency: "USD" });
    expect(first).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: "45.00" } });
    expect(sim.control.capture(captureId)?.status).toBe("PARTIALLY_REFUNDED");

    const over = await refusal(paypal.refundCapture(captureId, { requestId: `r-${captureId}-2`, amountCents: 5_501, currency: "USD" }));
    expect(over).toMatchObject({ status: 422, code: "UNPROCESSABLE_ENTITY", issue: "REFUND_AMOUNT_EXCEEDED" });

    const rest = await paypal.refundCapture(captureId, { requestId: `r-${captureId}-3`, amountCents: 5_500, currency: "USD" });
    expect(rest.status).toBe("COMPLETED");
    expect(sim.control.capture(captureId)?.status).toBe("REFUNDED");
    const full = await refusal(paypal.refundCapture(captureId, { requestId: `r-${captureId}-4`, amountCents: 1, currency: "USD" }));
    expect(full.issue).toBe("CAPTURE_FULLY_REFUNDED");

    const seen = await paypal.getOrder(orderId);
    expect(seen.purchase_units![0]!.payments!.refunds!.map((r) => r.amount!.value)).toEqual(["45.00", "55.00"]);
    expect(seen.purchase_units![0]!.payments!.captures![0]!.status).toBe("REFUNDED");
  });

  it("a retry with the same PayPal-Request-Id answers the first refund and refunds nothing more", async () => {
    const { captureId } = await capturedOrder(3_000);
    const before = sim.control.refundCount;
    const input = { requestId: `same-${captureId}`, amountCents: 1_000, currency: "USD" as const };
    const [a, b] = await Promise.all([paypal.refundCapture(captureId, input), paypal.refundCapture(captureId, input)]);
    const c = await paypal.refundCapture(captureId, input);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(sim.control.refundCount - before).toBe(1);
    expect(sim.control.capture(captureId)?.refunds).toHaveLength(1);
  });

  it("refuses another currency, an unknown capture and, when a test asks, any refund with PayPal's issue", async () => {
    const { captureId } = await capturedOrder(2_000);
    const other = await fetch(`${sim.url}/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from(`${SIMULATOR_CLIENT_ID}:${SIMULATOR_CLIENT_SECRET}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const { access_token } = (await other.json()) as { access_token: string };
    const eur = await fetch(`${sim.url}/v2/payments/captures/${captureId}/refund`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: { currency_code: "EUR", value: "1.00" } }),
    });
    expect(eur.status).toBe(422);
    expect(((await eur.json()) as { details: Array<{ issue: string }> }).details[0]!.issue).toBe("REFUND_CAPTURE_CURRENCY_MISMATCH");

    expect((await refusal(paypal.refundCapture("NOSUCHCAPTURE", { requestId: "x", amountCents: 1, currency: "USD" }))).status).toBe(404);

    sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
    const refused = await refusal(paypal.refundCapture(captureId, { requestId: `refused-${captureId}`, amountCents: 500, currency: "USD" }));
    expect(refused).toMatchObject({ status: 422, issue: "REFUND_FAILED_INSUFFICIENT_FUNDS" });
    expect(sim.control.capture(captureId)?.refunds).toHaveLength(0);
    // the same request again once PayPal lets it through: a refusal is not replayed
    sim.control.refuseRefunds(null);
    expect((await paypal.refundCapture(captureId, { requestId: `refused-${captureId}`, amountCents: 500, currency: "USD" })).status).toBe("COMPLETED");
  });

  it("the control endpoint switches refusals on and off (for the end-to-end suites)", async () => {
    const on = await fetch(`${sim.url}/__control`, { method: "POST", body: JSON.stringify({ refuseRefunds: "REFUND_NOT_ALLOWED" }) });
    expect(await on.json()).toMatchObject({ refuseRefunds: "REFUND_NOT_ALLOWED" });
    const { captureId } = await capturedOrder(1_000);
    expect((await refusal(paypal.refundCapture(captureId, { requestId: `ctl-${captureId}`, amountCents: 100, currency: "USD" }))).issue).toBe("REFUND_NOT_ALLOWED");
    const off = await fetch(`${sim.url}/__control`, { method: "POST", body: JSON.stringify({ refuseRefunds: null }) });
    expect(await off.json()).toMatchObject({ refuseRefunds: null });
  });

  it("the payments page shows each order with its refunds", async () => {
    const { orderId, captureId } = await capturedOrder(4_200);
    const refund = await paypal.refundCapture(captureId, { requestId: `page-${captureId}`, amountCents: 4_200, currency: "USD" });
    const html = await (await fetch(`${sim.url}/pagos`)).text();
    const row = html.slice(html.indexOf(`data-order-id="${orderId}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain(`Reembolso USD 42.00 · Completado · ${refund.id}`);
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("Reembolsado");
  });
});
