import { describe, expect, it } from "vitest";
import { CompraCreateAnswer } from "@tours/contract";
import { PAYPAL_WEBHOOK_PATH } from "../src/modules/webhooks/webhooks.routes.ts";
import { NOW, buyer, line, simulatorClient, findOrder } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ paypal: true, clock: NOW, catalogue: true, staff: ["admin"] });

async function newOrder(): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/compra/create",
    payload: { ...buyer(), pedidos: [line(t.cat.tourA, "11/23/2026-09:00", { mayores_15: 2 })] },
  });
  expect(res.statusCode).toBe(200);
  return CompraCreateAnswer.parse(res.json()).succes.id;
}

const order = (token: string) => findOrder(t.app, t.staff("admin"), token);

function deliver(signed: { headers: Record<string, string>; body: string }) {
  return t.app.inject({ method: "POST", url: PAYPAL_WEBHOOK_PATH, headers: signed.headers, payload: signed.body });
}

describe("PayPal webhooks", () => {
  it("pay the order of a buyer who approved and never came back; a replay changes nothing", async () => {
    const token = await newOrder();
    t.sim.control.approve(token); // the buyer pressed Pagar and closed the tab
    const captures = t.sim.control.captureCount;

    const signed = t.sim.control.signWebhook(t.sim.control.eventFor("CHECKOUT.ORDER.APPROVED", token));
    const res = await deliver(signed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: true, duplicate: false });
    const paid = await order(token);
    expect(paid).toMatchObject({ status: true, estado: "pagado", valor_total: 90 });
    expect(t.sim.control.captureCount).toBe(captures + 1);

    const replay = await deliver(signed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect(await order(token)).toEqual(paid);
    expect(t.sim.control.captureCount).toBe(captures + 1);

    // the buyer comes back late: confirm answers the paid order and captures nothing
    const late = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
    expect(late.statusCode).toBe(200);
    expect(t.sim.control.captureCount).toBe(captures + 1);
  });

  it("settle an order captured at PayPal whose confirmation never reached us (PAYMENT.CAPTURE.COMPLETED)", async () => {
    const token = await newOrder();
    t.sim.control.approve(token);
    // captured at PayPal, e.g. by a confirm whose answer was lost
    await simulatorClient(t.sim).captureOrder(token, "lost-answer");
    expect((await order(token)).status).toBe(false);

    const res = await deliver(t.sim.control.signWebhook(t.sim.control.eventFor("PAYMENT.CAPTURE.COMPLETED", token)));
    expect(res.statusCode).toBe(200);
    expect(await order(token)).toMatchObject({ status: true, estado: "pagado" });
  });

  it("refuse forged and altered events and change nothing", async () => {
    const token = await newOrder();
    t.sim.control.approve(token);
    const captures = t.sim.control.captureCount;
    const event = t.sim.control.eventFor("CHECKOUT.ORDER.APPROVED", token);

    const signed = t.sim.control.signWebhook(event);
    const forgedSig = { ...signed, headers: { ...signed.headers, "paypal-transmission-sig": Buffer.alloc(32, 1).toString("base64") } };
    expect((await deliver(forgedSig)).statusCode).toBe(400);

    const altered = { ...signed, body: JSON.stringify({ ...event, id: "WH-OTRO" }) };
    expect((await deliver(altered)).statusCode).toBe(400);

    const { "paypal-transmission-sig": _sig, ...noSig } = signed.headers;
    const unsigned = await deliver({ headers: noSig, body: signed.body });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({ errors: [{ msg: "La firma del webhook no es válida" }] });

    const otherHook = t.sim.control.signWebhook(event, { webhookId: "WH-DE-OTRA-APP" });
    expect((await deliver(otherHook)).statusCode).toBe(400);

    expect(await order(token)).toMatchObject({ status: false, estado: "pendiente" });
    expect(t.sim.control.captureCount).toBe(captures);

    // the genuine event is still accepted afterwards (the forged ones were not recorded as handled)
    expect((await deliver(signed)).statusCode).toBe(200);
    expect((await order(token)).status).toBe(true);
  });

  it("do not pay a cancelled order, and acknowledge events they do not handle", async () => {
    const token = await newOrder();
    await t.app.inject({ method: "POST", url: "/compra/cancel", payload: { token } });
    t.sim.control.approve(token);
    const captures = t.sim.control.captureCount;
    const res = await deliver(t.sim.control.signWebhook(t.sim.control.eventFor("CHECKOUT.ORDER.APPROVED", token)));
    expect(res.statusCode).toBe(200);
    expect(await order(token)).toMatchObject({ status: false, estado: "cancelado" });
    expect(t.sim.control.captureCount).toBe(captures);

    const other = await deliver(t.sim.control.signWebhook({ id: "WH-X", event_type: "CUSTOMER.DISPUTE.CREATED", resource: {} }));
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ result: "ignored" });
  });

  it("ask PayPal to retry when PayPal itself is failing", async () => {
    const token = await newOrder();
    t.sim.control.approve(token);
    const signed = t.sim.control.signWebhook(t.sim.control.eventFor("CHECKOUT.ORDER.APPROVED", token));
    t.sim.control.setMode("fail500");
    expect((await deliver(signed)).statusCode).toBe(503);
    expect((await order(token)).status).toBe(false);
    t.sim.control.setMode("ok");
    expect((await deliver(signed)).statusCode).toBe(200);
    expect((await order(token)).status).toBe(true);
  });

  it("refuse a body that is not an event", async () => {
    const res = await t.app.inject({ method: "POST", url: PAYPAL_WEBHOOK_PATH, payload: { hola: 1 } });
    expect(res.statusCode).toBe(400);
  });
});
