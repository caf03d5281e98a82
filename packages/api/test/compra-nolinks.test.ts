import { describe, expect, it } from "vitest";
import { CompraCreateAnswer } from "@tours/contract";
import { COMPRA_MSG } from "../src/modules/compra/compra.messages.ts";
import { MONDAY_14, NOW, buyer, findOrder, line } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

/*
 * PayPal answers the order without a link the buyer can approve (simulator mode "nolinks"): the API answers the
 * contract's shape with no links[1] (the storefront then says it could not redirect to the payment) and the
 * stored order is never payable, even if the PayPal order were approved some other way.
 */

const t = useTestApp({ paypal: true, clock: NOW, catalogue: true, staff: ["admin"], env: { STOREFRONT_URL: "http://tienda.test", BUSINESS_TIMEZONE: "America/Bogota" } });


const create = () =>
  t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14)] } });
const confirm = (token: string) => t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });

const orderByToken = (token: string) => findOrder(t.app, t.staff("admin"), token);

describe("a PayPal order without an approval link", () => {
  it("answers without links[1] and stores the order as failed, never payable", async () => {
    t.sim.control.setMode("nolinks");
    const res = await create();
    expect(res.statusCode).toBe(200);
    const { succes } = CompraCreateAnswer.parse(res.json());
    expect(succes.links.map((l) => l.rel)).toEqual(["self"]);
    expect(succes.links[1]).toBeUndefined();

    const stored = await orderByToken(succes.id);
    expect(stored.estado).toBe("fallido");

    // even if the PayPal order got approved somehow, confirming it captures nothing
    t.sim.control.reset();
    t.sim.control.approve(succes.id);
    const captures = t.sim.control.captureCount;
    const confirmed = await confirm(succes.id);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.notPayable }], estado: "fallido" });
    expect(t.sim.control.captureCount).toBe(captures);
    expect((await orderByToken(succes.id)).estado).toBe("fallido");
  });

  it("leaves the next order (mode back to ok) payable with its approval link second", async () => {
    const res = await create();
    expect(res.statusCode).toBe(200);
    const { succes } = CompraCreateAnswer.parse(res.json());
    expect(succes.links[1]?.rel).toBe("approve");
    expect((await orderByToken(succes.id)).estado).toBe("pendiente");
  });

  it("is a mode of the simulator's HTTP control too", async () => {
    const set = await fetch(`${t.sim.url}/__control`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mode: "nolinks" }),
    });
    expect(await set.json()).toMatchObject({ mode: "nolinks" });
    const res = await create();
    const { succes } = CompraCreateAnswer.parse(res.json());
    expect(succes.links).toHaveLength(1);
    await fetch(`${t.sim.url}/__control`, { method: "POST", body: JSON.stringify({ mode: "ok" }) });
    expect(t.sim.control.mode).toBe("ok");
  });
});
