import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  PaypalError,
  centsToPaypalValue,
  createPaypalClient,
  paypalValueToCents,
  type PaymentProvider,
} from "../src/adapters/paypal/index.ts";
import {
  SIMULATOR_CLIENT_ID,
  SIMULATOR_CLIENT_SECRET,
  SIMULATOR_WEBHOOK_ID,
  startPaypalSimulator,
  type RunningSimulator,
} from "@tours/paypal-simulator";

let sim: RunningSimulator;
let calls: string[];
let paypal: PaymentProvider;

const countingFetch: typeof fetch = (input, init) => {
  calls.push(`${init?.method ?? "GET"} ${new URL(String(input)).pathname}`);
  return fetch(input, init);
};

function client(overrides: Partial<Parameters<typeof createPaypalClient>[0]> = {}) {
  return createPaypalClient({
    baseUrl: sim.url,
    clientId: SIMULATOR_CLIENT_ID,
    clientSecret: SIMULATOR_CLIENT_SECRET,
    webhookId: SIMULATOR_WEBHOOK_ID,
    timeoutMs: 2_000,
    fetch: countingFetch,
    ...overrides,
  });
}

const order = (requestId: string, totalCents = 12_345) => ({
  requestId,
  referenceId: "42",
  totalCents,
  currency: "USD" as const,
  description: "Pedido 42: Tour por La Candelaria",
  returnUrl: "http://tienda.test/pay/ok",
  cancelUrl: "http://tienda.test/pay/not",
});

beforeAll(async () => {
  sim = await startPaypalSimulator({ port: 0 });
});
afterAll(() => sim.close());
afterEach(() => sim.control.reset());

beforeAll(() => {
  calls = [];
  paypal = client();
});

describe("amounts", () => {
  it("turns cents into PayPal's two-decimal strings and back", () => {
    expect(centsToPaypalValue(12_345)).toBe("123.45");
    expect(centsToPaypalValue(5)).toBe("0.05");
    expect(centsToPaypalValue(100)).toBe("1.00");
    expect(paypalValueToCents("123.45")).toBe(12_345);
    expect(paypalValueToCents("12.5")).toBe(1_250);
    expect(paypalValueToCents("7")).toBe(700);
    expect(paypalValueToCents("1.234")).toBeNull();
    expect(paypalValueToCents("-1.00")).toBeNull();
    expect(() => centsToPaypalValue(1.5)).toThrow(RangeError);
  });
});

describe("PayPal client against the simulator", () => {
  it("creates an order for the exact amount with the approval link second", async () => {
    const created = await paypal.createOrder(order("create-1"));
    expect(created.status).toBe("CREATED");
    expect(created.links.map((l) => l.rel)).toEqual(["self", "approve", "update", "capture"]);
    expect(created.links[1]!.href).toBe(`${sim.url}/checkoutnow?token=${created.id}`);
    expect(created.purchase_units?.[0]?.amount).toEqual({ currency_code: "USD", value: "123.45" });
  });

  it("fetches the OAuth token once and reuses it", async () => {
    calls = [];
    const fresh = client();
    await fresh.createOrder(order("token-1"));
    await fresh.createOrder(order("token-2"));
    expect(calls.filter((c) => c.endsWith("/v1/oauth2/token"))).toHaveLength(1);
    expect(calls.filter((c) => c === "POST /v2/checkout/orders")).toHaveLength(2);
  });

  it("answers the same order when a create is retried with the same PayPal-Request-Id", async () => {
    const before = sim.control.createCount;
    const a = await paypal.createOrder(order("create-retry"));
    const b = await paypal.createOrder(order("create-retry"));
    expect(b.id).toBe(a.id);
    expect(sim.control.createCount).toBe(before + 1);
  });

  it("sends a create again after a dropped connection (same PayPal-Request-Id: one order); a second drop is an error", async () => {
    // the first attempt of each create fails like a kept-alive connection the other side closed while idle
    let drops = 0;
    let dropsLeft = 0;
    const flaky: typeof fetch = (input, init) => {
      if (new URL(String(input)).pathname === "/v2/checkout/orders" && dropsLeft > 0) {
        dropsLeft--;
        drops++;
        return Promise.reject(new TypeError("fetch failed", { cause: new Error("other side closed") }));
      }
      return fetch(input, init);
    };
    const before = sim.control.createCount;
    dropsLeft = 1;
    const created = await client({ fetch: flaky }).createOrder(order("create-after-drop"));
    expect(created.id).toBeTruthy();
    expect(drops).toBe(1);
    expect(sim.control.createCount).toBe(before + 1);
    dropsLeft = 2;
    await expect(client({ fetch: flaky }).createOrder(order("create-after-two-drops"))).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    expect(drops).toBe(3);
  });

  it("refuses bad credentials", async () => {
    const wrong = client({ clientSecret: "otra" });
    await expect(wrong.createOrder(order("bad-creds"))).rejects.toMatchObject({ status: 401 });
  });

  it("walks the buyer through the Spanish approval page without JavaScript and captures once", async () => {
    const created = await paypal.createOrder(order("walk-1"));
    const page = await fetch(created.links[1]!.href);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('lang="es"');
    expect(html).toContain("USD 123.45");
    expect(html).toContain("Pedido 42: Tour por La Candelaria");
    expect(html).toMatch(/<form method="post" action="\/checkoutnow\/approve">[\s\S]*Pagar/);
    expect(html).toContain("Cancelar");
    expect(html).not.toContain("<script");

    const pay = await fetch(`${sim.url}/checkoutnow/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: created.id }),
      redirect: "manual",
    });
    expect(pay.status).toBe(303);
    const back = new URL(pay.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe("http://tienda.test/pay/ok");
    expect(back.searchParams.get("token")).toBe(created.id);
    expect(back.searchParams.get("PayerID")).toBeTruthy();
    expect((await paypal.getOrder(created.id)).status).toBe("APPROVED");

    const before = sim.control.captureCount;
    const captured = await paypal.captureOrder(created.id, "capture-walk-1");
    expect(captured.status).toBe("COMPLETED");
    const capture = captured.purchase_units?.[0]?.payments?.captures?.[0];
    expect(capture).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: "123.45" } });

    const replay = await paypal.captureOrder(created.id, "capture-walk-1");
    expect(replay.purchase_units?.[0]?.payments?.captures?.[0]?.id).toBe(capture!.id);
    expect(sim.control.captureCount).toBe(before + 1);

    await expect(paypal.captureOrder(created.id, "another-request")).rejects.toMatchObject({
      status: 422,
      issue: "ORDER_ALREADY_CAPTURED",
    });
  });

  it("sends the buyer who presses Cancelar to the cancel URL", async () => {
    const created = await paypal.createOrder(order("cancel-1"));
    const res = await fetch(`${sim.url}/checkoutnow/cancel`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: created.id }),
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://tienda.test/pay/not?token=${created.id}`);
    expect((await paypal.getOrder(created.id)).status).toBe("CREATED");
  });

  it("answers ORDER_NOT_APPROVED for a capture before approval", async () => {
    const created = await paypal.createOrder(order("not-approved"));
    const err = await paypal.captureOrder(created.id, "cap-not-approved").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaypalError);
    expect(err).toMatchObject({ status: 422, issue: "ORDER_NOT_APPROVED" });
  });

  it("can be told to decline, to fail with 500 and to hang", async () => {
    const created = await paypal.createOrder(order("modes"));
    sim.control.approve(created.id);

    sim.control.setMode("decline");
    await expect(paypal.captureOrder(created.id, "cap-modes-1")).rejects.toMatchObject({ status: 422, issue: "INSTRUMENT_DECLINED" });

    sim.control.setMode("fail500");
    await expect(paypal.createOrder(order("modes-500"))).rejects.toMatchObject({ status: 500, code: "INTERNAL_SERVER_ERROR" });

    sim.control.setMode("hang");
    const impatient = client({ timeoutMs: 300 });
    const err = await impatient.createOrder(order("modes-hang")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaypalError);
    expect((err as PaypalError).isTimeout).toBe(true);

    sim.control.setMode("ok");
    const captured = await paypal.captureOrder(created.id, "cap-modes-2");
    expect(captured.status).toBe("COMPLETED");
  });

  it("is steerable over HTTP too (POST /__control)", async () => {
    const res = await fetch(`${sim.url}/__control`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "decline" }),
    });
    expect(await res.json()).toMatchObject({ mode: "decline" });
    expect(sim.control.mode).toBe("decline");
    const bad = await fetch(`${sim.url}/__control`, { method: "POST", body: JSON.stringify({ mode: "explode" }) });
    expect(bad.status).toBe(400);
  });

  it("captures a different amount when told to (for the mismatch check)", async () => {
    const created = await paypal.createOrder(order("override"));
    sim.control.approve(created.id);
    sim.control.setMode("ok", { captureAmountOverride: "1.00" });
    const captured = await paypal.captureOrder(created.id, "cap-override");
    expect(captured.purchase_units?.[0]?.payments?.captures?.[0]?.amount.value).toBe("1.00");
  });
});

describe("webhook signatures", () => {
  const event = { id: "WH-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: "ABC" } };

  it("accepts an event signed by the simulator and refuses forged or altered ones", async () => {
    const signed = sim.control.signWebhook(event);
    expect(await paypal.verifyWebhookSignature(signed.headers, JSON.parse(signed.body))).toBe(true);

    const altered = { ...event, resource: { id: "OTHER" } };
    expect(await paypal.verifyWebhookSignature(signed.headers, altered)).toBe(false);

    const forged = { ...signed.headers, "paypal-transmission-sig": Buffer.from("x".repeat(32)).toString("base64") };
    expect(await paypal.verifyWebhookSignature(forged, event)).toBe(false);

    const { "paypal-transmission-sig": _dropped, ...unsigned } = signed.headers;
    expect(await paypal.verifyWebhookSignature(unsigned, event)).toBe(false);
  });

  it("binds the signature to the webhook id", async () => {
    const otherHook = client({ webhookId: "WH-OTRO" });
    const signed = sim.control.signWebhook(event);
    expect(await otherHook.verifyWebhookSignature(signed.headers, event)).toBe(false);
    const noHook = client({ webhookId: "" });
    expect(await noHook.verifyWebhookSignature(signed.headers, event)).toBe(false);
  });
});

describe("simulator posting webhooks like PayPal", () => {
  it("posts a signed CHECKOUT.ORDER.APPROVED after Pagar and PAYMENT.CAPTURE.COMPLETED after a capture", async () => {
    const received: Array<{ headers: Record<string, string>; body: string }> = [];
    let arrived: () => void = () => {};
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString("utf8")));
      req.on("end", () => {
        received.push({ headers: req.headers as Record<string, string>, body });
        res.writeHead(200).end();
        arrived();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookSim = await startPaypalSimulator({
      port: 0,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/paypal`,
    });
    const next = () => new Promise<void>((resolve) => (arrived = resolve));
    try {
      const hookClient = createPaypalClient({
        baseUrl: hookSim.url,
        clientId: SIMULATOR_CLIENT_ID,
        clientSecret: SIMULATOR_CLIENT_SECRET,
        webhookId: SIMULATOR_WEBHOOK_ID,
      });
      const created = await hookClient.createOrder(order("hook-1"));
      let delivery = next();
      await fetch(`${hookSim.url}/checkoutnow/approve`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: created.id }),
        redirect: "manual",
      });
      await delivery;
      const approved = JSON.parse(received[0]!.body) as { event_type: string; resource: { id: string } };
      expect(approved).toMatchObject({ event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: created.id } });
      expect(await hookClient.verifyWebhookSignature(received[0]!.headers, approved, received[0]!.body)).toBe(true);

      delivery = next();
      await hookClient.captureOrder(created.id, "hook-capture");
      await delivery;
      const completed = JSON.parse(received[1]!.body) as { event_type: string; resource: Record<string, unknown> };
      expect(completed).toMatchObject({
        event_type: "PAYMENT.CAPTURE.COMPLETED",
        resource: { status: "COMPLETED", supplementary_data: { related_ids: { order_id: created.id } } },
      });
      expect(await hookClient.verifyWebhookSignature(received[1]!.headers, completed, received[1]!.body)).toBe(true);

      // and on request, over HTTP (what an end-to-end test without access to `control` uses)
      delivery = next();
      const asked = await fetch(`${hookSim.url}/__webhook`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event_type: "CHECKOUT.ORDER.APPROVED", order_id: created.id }),
      });
      expect(await asked.json()).toEqual({ delivered: 200 });
      await delivery;
      expect(JSON.parse(received[2]!.body)).toMatchObject({ event_type: "CHECKOUT.ORDER.APPROVED" });
    } finally {
      await hookSim.close();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
