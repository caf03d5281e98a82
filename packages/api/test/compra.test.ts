import { describe, expect, it } from "vitest";
import { CompraCreateAnswer, PedidoAnswer, PedidoLineListAnswer, PedidoListAnswer, type Pedido } from "@tours/contract";
import { MSG } from "@tours/domain";
import { COMPRA_MSG } from "../src/modules/compra/compra.messages.ts";
import { DIA_MSG } from "../src/modules/compra/compra.messages.ts";
import { eq } from "drizzle-orm";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { MONDAY_14, NOW, SUNDAY_1130, buyer, countOrders, findOrder, line, pressOnApprovalPage } from "./compra-fixtures.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ paypal: true, clock: NOW, catalogue: true, staff: ["admin"], env: { STOREFRONT_URL: "http://tienda.test", BUSINESS_TIMEZONE: "America/Bogota" } });


const create = (payload: unknown) => t.app.inject({ method: "POST", url: "/api/compra/create", payload: payload as object });
const confirm = (token: string) => t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
const cancel = (token: string, url = "/compra/cancel") => t.app.inject({ method: "POST", url, payload: { token } });

async function orders() {
  const res = await t.app.inject({ method: "GET", url: "/api/compra/index", headers: t.staff("admin") });
  expect(res.statusCode).toBe(200);
  PedidoListAnswer.parse(res.json());
  // raw records: the contract schema would strip the additive `estado`
  return (res.json() as { succes: Array<Pedido & { estado: string }> }).succes;
}

const orderByToken = (token: string) => findOrder(t.app, t.staff("admin"), token);

/** A one-line order (1 adult of tour A, 45.00) with PayPal's order created; returns the PayPal token. */
async function simpleOrder(): Promise<{ token: string; approval: string }> {
  const res = await create({ ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14)] });
  expect(res.statusCode).toBe(200);
  const { succes } = CompraCreateAnswer.parse(res.json());
  return { token: succes.id, approval: succes.links[1]!.href };
}

describe("the whole purchase", () => {
  it("prices from the catalogue, pays through PayPal's page and shows the order paid", async () => {
    const payload = {
      ...buyer(),
      valor_total: 1,
      pedidos: [
        line(t.cat.tourA, MONDAY_14, { mayores_15: 2, de_4_15: 1, menores_3: 1, mascotas: 1 }),
        line(t.cat.tourB, SUNDAY_1130, { mayores_15: 1, de_4_15: 1, mascotas: 1 }),
      ],
    };
    const created = await create(payload);
    expect(created.statusCode).toBe(200);
    const { succes: paypalOrder } = CompraCreateAnswer.parse(created.json());
    expect(paypalOrder.status).toBe("CREATED");
    expect(paypalOrder.links[1]!.rel).toBe("approve");
    // 2×45 + 0.6×45 + 0 + 0.2×45 = 126.00; 33.33 + 20.00 (19.998) + 6.67 (6.666) = 60.00
    expect(t.sim.control.order(paypalOrder.id)?.amount).toEqual({ currency_code: "USD", value: "186.00" });
    expect(t.sim.control.order(paypalOrder.id)?.returnUrl).toBe("http://tienda.test/pay/ok");
    expect(t.sim.control.order(paypalOrder.id)?.cancelUrl).toBe("http://tienda.test/pay/not");

    const unpaid = await orderByToken(paypalOrder.id);
    expect(unpaid).toMatchObject({ status: false, valor_total: 186 });

    const back = await pressOnApprovalPage(paypalOrder.links[1]!.href, "Pagar");
    expect(back.pathname).toBe("/pay/ok");
    expect(back.searchParams.get("token")).toBe(paypalOrder.id);

    const confirmed = await confirm(back.searchParams.get("token")!);
    expect(confirmed.statusCode).toBe(200);
    expect(PedidoAnswer.parse(confirmed.json()).succes).toMatchObject({ status: true, valor_total: 186, id_pay: paypalOrder.id });

    const paid = await orderByToken(paypalOrder.id);
    expect(paid).toMatchObject({ status: true, valor_total: 186, nombre: "Ana", apellido: "Gómez", email: "ana@example.com" });

    const linesRes = await t.app.inject({ method: "GET", url: `/api/compra/find/${paid.id}`, headers: t.staff("admin") });
    expect(linesRes.statusCode).toBe(200);
    const lines = PedidoLineListAnswer.parse(linesRes.json()).succes;
    expect(lines.map((l) => [l.id_tour, l.fecha_tour, l.valor, l.valor_total])).toEqual([
      [t.cat.tourA, MONDAY_14, 45, 126],
      [t.cat.tourB, SUNDAY_1130, 33.33, 60],
    ]);
    expect(lines[0]).toMatchObject({ mayores15: 2, menoresde15_a4: 1, menores3: 1, mascotas: 1, id_pedido: paid.id });
  });

  it("ignores amounts and prices sent by the client, whatever they say", async () => {
    const created = await create({
      ...buyer(),
      valor_total: 999_999,
      pedidos: [line(t.cat.tourA, MONDAY_14, { mayores_15: 1 }, { precio: 0.01, precio_total: 0.01 })],
    });
    expect(created.statusCode).toBe(200);
    const { succes } = CompraCreateAnswer.parse(created.json());
    expect(t.sim.control.order(succes.id)?.amount.value).toBe("45.00");
    expect((await orderByToken(succes.id)).valor_total).toBe(45);
  });
});

describe("refused orders store nothing", () => {
  const cases: Array<[string, () => unknown, string]> = [
    ["an empty cart", () => ({ ...buyer(), pedidos: [] }), "El carrito está vacío"],
    ["a past date", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, "11/20/2026-09:00")] }), DIA_MSG.past],
    ["today's departure that already started", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, "11/21/2026-09:00")] }), DIA_MSG.past],
    ["a time with no horario that weekday", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, "11/24/2026-14:00")] }), DIA_MSG.noSchedule],
    ["a date that does not exist", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, "02/30/2027-09:00")] }), DIA_MSG.invalid],
    ["a tour that does not exist", () => ({ ...buyer(), pedidos: [line(999_999, MONDAY_14)] }), COMPRA_MSG.tourNotFound],
    ["a negative count", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14, { mayores_15: 2, de_4_15: -1 })] }), "La cantidad debe ser un número entero entre 0 y 50"],
    ["a fractional count", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14, { mayores_15: 1.5 })] }), "La cantidad debe ser un número entero entre 0 y 50"],
    ["more than 50 of a kind", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14, { mayores_15: 51 })] }), "La cantidad debe ser un número entero entre 0 y 50"],
    ["a line without people", () => ({ ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14, { mayores_15: 0, mascotas: 2 })] }), "Cada tour debe incluir al menos una persona"],
    ["a bad e-mail", () => ({ ...buyer({ email: "ana-en-gmail" }), pedidos: [line(t.cat.tourA, MONDAY_14)] }), ""],
    ["a missing name", () => ({ ...buyer({ nombre: "" }), pedidos: [line(t.cat.tourA, MONDAY_14)] }), "El nombre es obligatorio"],
  ];

  it.each(cases)("%s", async (_what, payload, msg) => {
    const before = await countOrders(t.db);
    const creates = t.sim.control.createCount;
    const res = await create(payload());
    expect(res.statusCode).toBe(400);
    const body = res.json() as { errors: Array<{ msg: string; location: string }> };
    expect(body.errors.length).toBeGreaterThan(0);
    if (msg) expect(body.errors.map((e) => e.msg)).toContain(msg);
    expect(await countOrders(t.db)).toEqual(before);
    expect(t.sim.control.createCount).toBe(creates);
  });

  it("one bad line refuses the whole order", async () => {
    const before = await countOrders(t.db);
    const res = await create({ ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14), line(t.cat.tourB, "11/23/2026-11:30")] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ msg: DIA_MSG.noSchedule, path: "pedidos[1].dia" }] });
    expect(await countOrders(t.db)).toEqual(before);
  });
});

describe("PayPal failing while the order is created", () => {
  for (const mode of ["fail500", "hang"] as const) {
    it(`${mode}: the buyer gets the Spanish error and no payable order is left`, async () => {
      t.sim.control.setMode(mode);
      const before = await countOrders(t.db);
      const res = await create({ ...buyer({ email: `${mode}@example.com` }), pedidos: [line(t.cat.tourA, MONDAY_14)] });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ errors: [{ msg: MSG.errorCrearPedido }] });
      const after = await countOrders(t.db);
      expect(after.pedidos).toBe(before.pedidos + 1);
      const failed = (await orders()).find((o) => o.email === `${mode}@example.com`);
      expect(failed).toMatchObject({ status: false, id_pay: null, estado: "fallido" });
    });
  }
});

describe("confirm", () => {
  it("answers 404 for an unknown token", async () => {
    const res = await confirm("NO-EXISTE");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.notFound }] });
  });

  it("refuses an order the buyer has not approved, which stays unpaid", async () => {
    const { token } = await simpleOrder();
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.notApproved }] });
    expect((await orderByToken(token)).status).toBe(false);
  });

  it("leaves a declined payment unpaid, and lets the buyer pay afterwards", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    t.sim.control.setMode("decline");
    const declined = await confirm(token);
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.declined }] });
    expect(await orderByToken(token)).toMatchObject({ status: false, estado: "pendiente" });

    t.sim.control.setMode("ok");
    const paid = await confirm(token);
    expect(paid.statusCode).toBe(200);
    expect(PedidoAnswer.parse(paid.json()).succes.status).toBe(true);
  });

  it("keeps the order unpaid when PayPal fails during capture, and a retry then pays it once", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    t.sim.control.setMode("fail500");
    const failed = await confirm(token);
    expect(failed.statusCode).toBe(502);
    expect((await orderByToken(token)).status).toBe(false);
    t.sim.control.setMode("ok");
    const captures = t.sim.control.captureCount;
    expect((await confirm(token)).statusCode).toBe(200);
    expect(t.sim.control.captureCount).toBe(captures + 1);
  });

  it("is idempotent: a second confirm answers the same and captures nothing", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    const captures = t.sim.control.captureCount;
    const first = await confirm(token);
    const second = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(t.sim.control.captureCount).toBe(captures + 1);
  });

  it("captures once for ten concurrent confirms", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    const captures = t.sim.control.captureCount;
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    for (const a of answers) expect(PedidoAnswer.parse(a.json()).succes.status).toBe(true);
    expect(t.sim.control.captureCount).toBe(captures + 1);
  });

  it("does not mark paid a capture whose amount differs from the order", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    t.sim.control.setMode("ok", { captureAmountOverride: "1.00" });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.amountMismatch }] });
    expect(await orderByToken(token)).toMatchObject({ status: false, estado: "fallido" });
    t.sim.control.reset();
    expect((await confirm(token)).statusCode).toBe(409);
    expect((await orderByToken(token)).status).toBe(false);
  });
});

describe("the capture claim", () => {
  const claim = (token: string, at: Date) =>
    t.db.update(pedido).set({ capture_claimed_at: at }).where(eq(pedido.id_pay, token));

  it("blocks a cancel while another request is capturing", async () => {
    const { token } = await simpleOrder();
    await claim(token, NOW);
    const res = await cancel(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.inProgress }] });
    expect((await orderByToken(token)).estado).toBe("pendiente");
  });

  it("is taken over when its holder died more than a minute ago, and the order is paid once", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    await claim(token, new Date(NOW.getTime() - 2 * 60_000));
    const captures = t.sim.control.captureCount;
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(PedidoAnswer.parse(res.json()).succes.status).toBe(true);
    expect(t.sim.control.captureCount).toBe(captures + 1);
  });
});

describe("cancel", () => {
  it("cancels an unpaid order on both paths, after which it cannot be paid", async () => {
    const { token, approval } = await simpleOrder();
    const back = await pressOnApprovalPage(approval, "Cancelar");
    expect(back.pathname).toBe("/pay/not");
    const res = await cancel(back.searchParams.get("token")!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ succes: { status: false, estado: "cancelado" } });
    expect((await cancel(token, "/api/compra/cancel")).statusCode).toBe(200);

    // the buyer goes back to PayPal's tab and pays anyway: the confirm is refused and nothing is captured
    await pressOnApprovalPage(approval, "Pagar");
    const captures = t.sim.control.captureCount;
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.notPayable }] });
    expect(t.sim.control.captureCount).toBe(captures);
  });

  it("refuses to cancel a paid order (409)", async () => {
    const { token, approval } = await simpleOrder();
    await pressOnApprovalPage(approval, "Pagar");
    expect((await confirm(token)).statusCode).toBe(200);
    const res = await cancel(token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errors: [{ msg: COMPRA_MSG.alreadyPaid }] });
    expect((await orderByToken(token)).status).toBe(true);
  });

  it("answers 404 for an unknown token", async () => {
    expect((await cancel("NO-EXISTE")).statusCode).toBe(404);
  });
});

describe("staff lists", () => {
  it("require the bearer token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/compra/index" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/compra/find/1" })).statusCode).toBe(401);
  });

  it("answer a page with Content-Range in the list dialect, and 404 for a missing order", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/compra/index?range=[0,1]&sort=[\"id\",\"ASC\"]", headers: t.staff("admin") });
    expect(res.statusCode).toBe(200);
    const all = await orders();
    expect(res.headers["content-range"]).toBe(`compra 0-1/${all.length}`);
    expect(PedidoListAnswer.parse(res.json()).succes.map((o) => o.id)).toEqual(all.map((o) => o.id).sort((a, b) => a - b).slice(0, 2));
    const missing = await t.app.inject({ method: "GET", url: "/api/compra/find/999999", headers: t.staff("admin") });
    expect(missing.statusCode).toBe(404);
  });
});
