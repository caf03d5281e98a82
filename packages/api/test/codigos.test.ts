import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CodigoAnswer, CodigoAplicadoAnswer, CodigoListAnswer, CompraCreateAnswer } from "@tours/contract";
import { pedido, pedidoLine } from "../src/modules/compra/compra.table.ts";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { CODIGO_MSG } from "../src/modules/codigos/codigos.messages.ts";
import { MONDAY_14, NOW, SUNDAY_1130, buyer, line } from "./compra-fixtures.ts";
import { TUESDAY_10, buyPaid, msgOf, threeToursOfFifty, useReservasApp } from "./reserva-fixtures.ts";

/** Discount codes (issue 25, decision 0021): the panel's codes, the cart's quote, the checkout, the uses and refunds. */
const { t, cancelar, consulta, detalle, freshIp, reserva } = useReservasApp({ staff: ["admin", "ventas", "contenido"] });

const equal = threeToursOfFifty(t);

let seq = 0;
async function newCode(body: Record<string, unknown> = {}, role: "admin" | "ventas" = "admin") {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/codigos",
    headers: t.staff(role),
    payload: { codigo: `prueba-${++seq}`, tipo: "porcentaje", valor: 10, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return CodigoAnswer.parse(res.json()).succes;
}
const aplicar = (codigo: string, pedidos: unknown[], email?: string) =>
  t.app.inject({ method: "POST", url: "/api/codigos/aplicar", payload: { codigo, pedidos, email } });
const create = (codigo: string, pedidos: unknown[], who: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(who), codigo, pedidos } });
const tokenOf = (res: { json(): unknown }) => CompraCreateAnswer.parse(res.json()).succes.id;

describe("staff keep discount codes", () => {
  it("Administrador and Ventas create and edit codes, audited; others may not; codes are unique whatever their case", async () => {
    const code = await newCode({ codigo: "Hotel-Sol", tipo: "monto", valor: 12.5, tours: [t.cat.tourA] }, "ventas");
    expect(code).toMatchObject({ codigo: "HOTEL-SOL", tipo: "monto", valor: 12.5, tours: [t.cat.tourA], activo: true, usos: 0, descontado: 0 });
    const forbidden = await t.app.inject({ method: "POST", url: "/api/codigos", headers: t.staff("contenido"), payload: { codigo: "OTRO", tipo: "porcentaje", valor: 5 } });
    expect(forbidden.statusCode).toBe(403);
    const dup = await t.app.inject({ method: "POST", url: "/api/codigos", headers: t.staff("admin"), payload: { codigo: "hotel-sol", tipo: "porcentaje", valor: 5 } });
    expect(dup.statusCode).toBe(409);
    expect(msgOf(dup)).toBe(CODIGO_MSG.duplicate);
    const bad = await t.app.inject({ method: "POST", url: "/api/codigos", headers: t.staff("admin"), payload: { codigo: "x y", tipo: "porcentaje", valor: 150 } });
    expect(bad.statusCode).toBe(400);

    const edited = await t.app.inject({ method: "PUT", url: `/api/codigos/${code.id}`, headers: t.staff("admin"), payload: { codigo: "hotel-sol", tipo: "monto", valor: 12.5, activo: false } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(CodigoAnswer.parse(edited.json()).succes).toMatchObject({ activo: false, tours: null });
    const entries = await t.db.select().from(auditLogTable).where(eq(auditLogTable.resource, "codigo_descuento"));
    expect(entries.filter((e) => e.resourceId === String(code.id)).map((e) => e.action)).toEqual(["create", "update"]);
  });
});

describe("the cart's quote", () => {
  it("takes a percentage off each line, half up, whatever the code's case", async () => {
    const code = await newCode({ tipo: "porcentaje", valor: 15 });
    const res = await aplicar(code.codigo.toLowerCase(), [line(t.cat.tourA, MONDAY_14, { mayores_15: 1 }), line(t.cat.tourB, SUNDAY_1130, { mayores_15: 1 })]);
    expect(res.statusCode, res.body).toBe(200);
    // 15 % of 45.00 = 6.75; of 33.33 = 4.9995 → 5.00
    expect(CodigoAplicadoAnswer.parse(res.json()).succes).toEqual({
      codigo: code.codigo,
      lineas: [
        { tour_id: t.cat.tourA, precio_total: 45, descuento: 6.75, total: 38.25 },
        { tour_id: t.cat.tourB, precio_total: 33.33, descuento: 5, total: 28.33 },
      ],
      descuento_total: 11.75,
      total: 66.58,
    });
  });

  it("says in Spanish why a code does not apply", async () => {
    const a = [line(t.cat.tourA, MONDAY_14)];
    expect(msgOf(await aplicar("NO-EXISTE", a))).toBe("Este código no existe");
    expect(msgOf(await aplicar((await newCode({ reserva_hasta: "2026-11-20" })).codigo, a))).toBe("Este código caducó");
    expect(msgOf(await aplicar((await newCode({ reserva_desde: "2026-12-01" })).codigo, a))).toBe("Este código vale para reservas desde el 01/12/2026");
    expect(msgOf(await aplicar((await newCode({ tours: [t.cat.tourB] })).codigo, a))).toBe("Este código no aplica a este tour");
    expect(msgOf(await aplicar((await newCode({ salida_desde: "2026-12-01", salida_hasta: "2026-12-31" })).codigo, a))).toBe(
      "Este código vale solo para salidas del 01/12/2026 al 31/12/2026",
    );
    expect(msgOf(await aplicar((await newCode({ activo: false })).codigo, a))).toBe("Este código no está activo");
    const refused = await create("NO-EXISTE", a);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { errors: Array<{ path: string; msg: string }> }).errors[0]).toMatchObject({ path: "codigo", msg: "Este código no existe" });
  });

  it("leaves the lines it does not apply to at their price", async () => {
    const code = await newCode({ tipo: "monto", valor: 10, tours: [t.cat.tourB] });
    const res = await aplicar(code.codigo, [line(t.cat.tourA, MONDAY_14), line(t.cat.tourB, SUNDAY_1130)]);
    expect(CodigoAplicadoAnswer.parse(res.json()).succes.lineas.map((l) => l.descuento)).toEqual([0, 10]);
  });
});

describe("the checkout with a code", () => {
  it("USD 10.00 over three equal lines: PayPal asked 140.00, lines 3.34/3.33/3.33 off, refunds add up to what was paid", async () => {
    const code = await newCode({ tipo: "monto", valor: 10 });
    const pedidos = equal.map((id) => line(id, TUESDAY_10));
    const created = await create(code.codigo.toLowerCase(), pedidos);
    expect(created.statusCode, created.body).toBe(200);
    const token = tokenOf(created);
    expect(t.sim.control.order(token)?.amount).toEqual({ currency_code: "USD", value: "140.00" });
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    expect(order).toMatchObject({ valor_total_cents: 14000, codigo_descuento: code.codigo, codigo_descuento_id: code.id });
    const lines = await t.db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, order!.id)).orderBy(pedidoLine.id);
    expect(lines.map((l) => [l.valor_cents, l.descuento_cents, l.valor_total_cents])).toEqual([
      [5000, 334, 4666],
      [5000, 333, 4667],
      [5000, 333, 4667],
    ]);

    t.sim.control.approve(token);
    expect((await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } })).statusCode).toBe(200);
    const b = { referencia: order!.referencia, pin: order!.pin };
    // Mi reserva and the panel's detail say which code was used and what it took off, in all and per line
    const seen = (await consulta(b, freshIp())).json() as { succes: Record<string, unknown> & { lineas: Record<string, unknown>[] } };
    expect(seen.succes).toMatchObject({ codigo_descuento: code.codigo, descuento: 10, valor_total: 140 });
    expect(seen.succes.lineas.map((l) => [l.descuento, l.valor_total])).toEqual([
      [3.34, 46.66],
      [3.33, 46.67],
      [3.33, 46.67],
    ]);
    expect((await detalle(order!.id)).reserva).toMatchObject({ codigo_descuento: code.codigo, descuento: 10 });
    const refunded: string[] = [];
    for (const l of (await reserva({ ...b, orderId: order!.id, token })).lineas) {
      const res = await cancelar(b, l.id);
      expect(res.statusCode, res.body).toBe(200);
    }
    const capture = t.sim.control.capture(order!.capture_id ?? (await t.db.select().from(pedido).where(eq(pedido.id, order!.id)))[0]!.capture_id!);
    refunded.push(...(capture?.refunds.map((r) => r.amount.value) ?? []));
    expect(refunded).toEqual(["46.66", "46.67", "46.67"]);
    expect(refunded.reduce((s, v) => s + Math.round(Number(v) * 100), 0)).toBe(14000);

    const listed = await t.app.inject({ method: "GET", url: "/api/codigos", headers: t.staff("ventas") });
    const row = CodigoListAnswer.parse(listed.json()).succes.find((c) => c.id === code.id);
    expect(row).toMatchObject({ usos: 1, descontado: 10 });
  });

  it("a one-use code is taken with the hold and given back when the order is cancelled unpaid or its hold lapses", async () => {
    const code = await newCode({ usos_max: 1 });
    const first = await create(code.codigo, [line(t.cat.tourA, MONDAY_14)], { email: "uno@example.com" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await create(code.codigo, [line(t.cat.tourA, MONDAY_14)], { email: "dos@example.com" });
    expect(second.statusCode).toBe(400);
    expect(msgOf(second)).toBe("Este código ya se agotó");
    expect(msgOf(await aplicar(code.codigo, [line(t.cat.tourA, MONDAY_14)]))).toBe("Este código ya se agotó");

    // cancelled before payment: the use is back
    expect((await t.app.inject({ method: "POST", url: "/compra/cancel", payload: { token: tokenOf(first) } })).statusCode).toBe(200);
    const third = await create(code.codigo, [line(t.cat.tourA, MONDAY_14)], { email: "tres@example.com" });
    expect(third.statusCode, third.body).toBe(200);

    // its hold lapses unpaid: the use is back, and the late buyer cannot take it again once someone else has
    t.clock.set(new Date(NOW.getTime() + 16 * 60_000));
    try {
      const fourth = await create(code.codigo, [line(t.cat.tourA, MONDAY_14)], { email: "cuatro@example.com" });
      expect(fourth.statusCode, fourth.body).toBe(200);
      t.sim.control.approve(tokenOf(third));
      const late = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token: tokenOf(third) } });
      expect(late.statusCode).toBe(409);
      expect((late.json() as { estado: string }).estado).toBe("expirado");
    } finally {
      t.clock.set(NOW);
    }
  });

  it("limits the uses per e-mail, whatever its case", async () => {
    const code = await newCode({ usos_por_email: 1 });
    expect((await create(code.codigo, [line(t.cat.tourA, MONDAY_14)], { email: "Eva@example.com" })).statusCode).toBe(200);
    const again = await create(code.codigo, [line(t.cat.tourB, SUNDAY_1130)], { email: "eva@EXAMPLE.com" });
    expect(msgOf(again)).toBe(CODIGO_MSG.usedByEmail);
    expect((await create(code.codigo, [line(t.cat.tourB, SUNDAY_1130)], { email: "otra@example.com" })).statusCode).toBe(200);
  });

  it("an order without a code is priced as before, with no discount on its lines", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id, b.orderId));
    expect(row).toMatchObject({ valor_total_cents: 4500, codigo_descuento_id: null, codigo_descuento: null });
    const lines = await t.db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, b.orderId));
    expect(lines.map((l) => l.descuento_cents)).toEqual([0]);
    const seen = (await consulta(b, freshIp())).json() as { succes: Record<string, unknown> & { lineas: Record<string, unknown>[] } };
    expect(seen.succes).toMatchObject({ codigo_descuento: null, descuento: 0 });
    expect(seen.succes.lineas.map((l) => l.descuento)).toEqual([0]);
  });
});
