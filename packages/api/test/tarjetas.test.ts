import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CompraCreateAnswer, TarjetaCompradaAnswer, TarjetaDetalleAnswer, TarjetaListAnswer, TarjetaSaldoAnswer } from "@tours/contract";
import { tarjetaCodigoFinal, tarjetaVenceEl, wallClock } from "@tours/domain";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { tarjetaMovimiento, tarjetaRegalo } from "../src/modules/tarjetas/tarjetas.table.ts";
import { TARJETA_MSG } from "../src/modules/tarjetas/tarjetas.messages.ts";
import { renderTarjeta } from "../src/mail/tarjetas.mail.ts";
import { MONDAY_14, NOW, buyer, line } from "./compra-fixtures.ts";
import { TUESDAY_10, msgOf, threeToursOfFifty, useReservasApp } from "./reserva-fixtures.ts";

/** Gift cards (issue 25, decision 0024): buying one, paying with it, its balance and ledger, refunds to where money came from. */
const { t, cancelar, reembolsar, reserva, detalle, freshIp } = useReservasApp({ staff: ["admin", "ventas", "contenido"] });

const fifty = threeToursOfFifty(t);

const purchase = (monto: number, extra: Record<string, unknown> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/tarjetas-regalo",
    payload: { monto, comprador_nombre: "Marta", comprador_email: "marta@example.com", destinatario_nombre: "Luis", destinatario_email: "luis@example.com", mensaje: "¡Feliz cumpleaños!", ...extra },
  });
const confirma = (token: string) => t.app.inject({ method: "POST", url: "/api/tarjetas-regalo/confirma", payload: { token } });
const saldo = (codigo: string, ip = freshIp()) => t.app.inject({ method: "POST", url: "/api/tarjetas-regalo/saldo", payload: { codigo }, remoteAddress: ip });
const create = (pedidos: unknown[], extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos, ...extra } });

/** A paid card of `monto` USD: bought, approved at the simulator, confirmed. */
async function paidCard(monto: number) {
  const bought = await purchase(monto);
  expect(bought.statusCode, bought.body).toBe(200);
  const token = CompraCreateAnswer.parse(bought.json()).succes.id;
  t.sim.control.approve(token);
  const confirmed = await confirma(token);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [card] = await t.db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id_pay, token));
  return { ...card!, token };
}
const balance = async (codigo: string) => {
  const res = await saldo(codigo);
  expect(res.statusCode, res.body).toBe(200);
  return TarjetaSaldoAnswer.parse(res.json()).succes.saldo;
};
const movementsOf = (cardId: number) => t.db.select().from(tarjetaMovimiento).where(eq(tarjetaMovimiento.tarjeta_id, cardId)).orderBy(tarjetaMovimiento.id);

describe("buying a gift card", () => {
  it("PayPal is asked for its value; once captured it is loaded once, valid for twelve months, in Actividad", async () => {
    const bought = await purchase(50);
    expect(bought.statusCode, bought.body).toBe(200);
    const paypal = CompraCreateAnswer.parse(bought.json()).succes;
    expect(paypal.links[1]?.rel).toMatch(/approve|payer-action/);
    expect(t.sim.control.order(paypal.id)?.amount).toEqual({ currency_code: "USD", value: "50.00" });

    // not approved yet: nothing loaded
    const early = await confirma(paypal.id);
    expect(early.statusCode).toBe(409);
    expect(msgOf(early)).toBe(TARJETA_MSG.notApproved);

    t.sim.control.approve(paypal.id);
    const [first, second] = await Promise.all([confirma(paypal.id), confirma(paypal.id)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const venceEl = tarjetaVenceEl(wallClock(NOW, "America/Bogota").date);
    const [card] = await t.db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id_pay, paypal.id));
    expect(TarjetaCompradaAnswer.parse(first.json()).succes).toEqual({
      codigo_final: tarjetaCodigoFinal(card!.codigo),
      importe: 50,
      vence_el: venceEl,
      destinatario_nombre: "Luis",
      destinatario_email: "luis@example.com",
    });
    expect(card).toMatchObject({ estado: "activa", importe_cents: 5000, vence_el: venceEl });
    expect(card!.codigo).toMatch(/^RG-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect((await movementsOf(card!.id)).map((m) => [m.tipo, m.importe_cents])).toEqual([["carga", 5000]]);
    expect(await balance(card!.codigo.toLowerCase().replaceAll("-", " "))).toBe(50);
    const audit = await t.db.select().from(auditLogTable).where(eq(auditLogTable.resource, "tarjeta_regalo"));
    expect(audit.filter((a) => a.resourceId === String(card!.id)).map((a) => a.action)).toEqual(["carga"]);
    const actividad = await t.app.inject({ method: "GET", url: "/api/actividad/index?recurso=tarjeta_regalo", headers: t.staff("admin") });
    expect((actividad.json() as { succes: Array<{ descripcion: string }> }).succes.map((e) => e.descripcion)).toContain(
      `cargó el valor de la tarjeta regalo ${tarjetaCodigoFinal(card!.codigo)}`,
    );
  });

  it("refuses an amount outside USD 10–1,000 or with fractions of a cent, and bad e-mails, in Spanish", async () => {
    const low = await purchase(5);
    expect(low.statusCode).toBe(400);
    expect(msgOf(low)).toBe("El valor debe estar entre USD 10 y USD 1,000");
    expect(msgOf(await purchase(25.005))).toBe("El valor admite hasta dos decimales");
    expect(msgOf(await purchase(25, { destinatario_email: "luis@" }))).toBe("El correo de quien la recibe no es válido");
    expect(await t.db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.importe_cents, 500))).toEqual([]);
  });

  it("the recipient's e-mail carries the code, the value, the validity and the buyer's message", () => {
    const mail = renderTarjeta(
      { codigo: "RG-ABCD-EFGH-JKMN", importeCents: 5000, venceEl: "2027-11-21", destinatarioNombre: "Luis", compradorNombre: "Marta", mensaje: "¡Feliz cumpleaños!", reembolsoDe: null },
      { storefrontUrl: "http://tienda.test" },
    );
    expect(mail.subject).toBe("Marta te regaló una tarjeta regalo de Puzzle Travel");
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain("RG-ABCD-EFGH-JKMN");
      expect(text).toContain("USD 50.00");
      expect(text).toContain("domingo, 21 de noviembre de 2027");
      expect(text).toContain("¡Feliz cumpleaños!");
      expect(text).toContain("http://tienda.test/tarjeta-regalo/saldo");
    }
  });
});

describe("paying with a gift card", () => {
  it("pays part of an order: PayPal is asked only for the rest, and the booking says how it was paid", async () => {
    const card = await paidCard(50);
    const res = await create([line(t.cat.tourA, MONDAY_14, { mayores_15: 2 })], { tarjeta: card.codigo });
    expect(res.statusCode, res.body).toBe(200);
    const token = CompraCreateAnswer.parse(res.json()).succes.id;
    expect(t.sim.control.order(token)?.amount).toEqual({ currency_code: "USD", value: "40.00" });
    expect(await balance(card.codigo)).toBe(0);
    t.sim.control.approve(token);
    const paid = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    expect(order).toMatchObject({ estado: "pagado", valor_total_cents: 9000, tarjeta_cents: 5000, tarjeta_regalo_id: card.id });
    const seen = await reserva({ orderId: order!.id, referencia: order!.referencia, pin: order!.pin, token });
    expect(seen).toMatchObject({ valor_total: 90, tarjeta_regalo: tarjetaCodigoFinal(card.codigo), pagado_con_tarjeta: 50 });
    expect((await movementsOf(card.id)).map((m) => [m.tipo, m.importe_cents, m.pedido_id])).toEqual([
      ["carga", 5000, null],
      ["pago", -5000, order!.id],
    ]);
  });

  it("pays a whole order: no PayPal at all, the order is paid at once and its reference and PIN come back", async () => {
    const card = await paidCard(100);
    const created = t.sim.control.createCount;
    const res = await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: card.codigo });
    expect(res.statusCode, res.body).toBe(200);
    const answer = CompraCreateAnswer.parse(res.json()).succes;
    expect(answer).toMatchObject({ pagado: true, links: [] });
    expect(t.sim.control.createCount).toBe(created);
    const [order] = await t.db.select().from(pedido).where(eq(pedido.referencia, answer.referencia!));
    expect(order).toMatchObject({ estado: "pagado", status: true, pin: answer.pin, tarjeta_cents: 4500, id_pay: null, hold_expires_at: null });
    expect(await balance(card.codigo)).toBe(55);
  });

  it("a hold that lapses unpaid gives the card's money back; the late buyer cannot take it again once it is spent", async () => {
    const card = await paidCard(50);
    const first = await create([line(t.cat.tourA, MONDAY_14, { mayores_15: 2 })], { tarjeta: card.codigo, email: "uno@example.com" });
    expect(first.statusCode, first.body).toBe(200);
    expect(await balance(card.codigo)).toBe(0);
    const empty = await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: card.codigo });
    expect(empty.statusCode).toBe(400);
    expect(msgOf(empty)).toBe(TARJETA_MSG.empty);
    expect((empty.json() as { errors: Array<{ path?: string }> }).errors[0]).toMatchObject({ path: "tarjeta" });

    t.clock.set(new Date(NOW.getTime() + 16 * 60_000));
    try {
      expect(await balance(card.codigo)).toBe(50);
      const detail = TarjetaDetalleAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tarjetas-regalo/find/${card.id}`, headers: t.staff("ventas") })).json()).succes;
      expect(detail.movimientos.map((m) => [m.tipo, m.importe, m.cuenta])).toEqual([
        ["carga", 50, true],
        ["pago", -50, false],
      ]);
      const second = await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: card.codigo, email: "dos@example.com" });
      expect(second.statusCode, second.body).toBe(200);
      expect(await balance(card.codigo)).toBe(5);
      const token = CompraCreateAnswer.parse(first.json()).succes.id;
      t.sim.control.approve(token);
      const late = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
      expect(late.statusCode).toBe(409);
      expect((late.json() as { estado: string }).estado).toBe("expirado");
      expect(await balance(card.codigo)).toBe(5);
    } finally {
      t.clock.set(NOW);
    }
  });

  it("refuses unknown, unpaid and expired cards in Spanish, on `tarjeta`", async () => {
    expect(msgOf(await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: "RG-2222-3333-4444" }))).toBe(TARJETA_MSG.notFound);
    expect(msgOf(await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: "no es un código" }))).toBe(TARJETA_MSG.notFound);
    const unpaid = await purchase(30);
    const [pending] = await t.db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id_pay, CompraCreateAnswer.parse(unpaid.json()).succes.id));
    expect(msgOf(await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: pending!.codigo }))).toBe(TARJETA_MSG.notPaid);
    const old = await paidCard(30);
    await t.db.update(tarjetaRegalo).set({ vence_el: "2026-11-20" }).where(eq(tarjetaRegalo.id, old.id));
    expect(msgOf(await create([line(t.cat.tourA, MONDAY_14)], { tarjeta: old.codigo }))).toBe("Esta tarjeta regalo venció el viernes, 20 de noviembre de 2026");
    expect(TarjetaSaldoAnswer.parse((await saldo(old.codigo)).json()).succes).toMatchObject({ saldo: 30, vencida: true });
  });
});

describe("cancelling what a gift card paid", () => {
  it("each line goes back where its money came from, card first, exact to the cent, never more than was paid", async () => {
    // a USD 10.00 code over three lines of USD 50.00: 46.66 + 46.67 + 46.67 = 140.00; the card pays 50.00, PayPal 90.00
    const code = await t.app.inject({ method: "POST", url: "/api/codigos", headers: t.staff("admin"), payload: { codigo: "DIEZ-TARJETA", tipo: "monto", valor: 10 } });
    expect(code.statusCode, code.body).toBe(200);
    const card = await paidCard(50);
    const res = await create(fifty.map((id) => line(id, TUESDAY_10)), { tarjeta: card.codigo, codigo: "diez-tarjeta" });
    expect(res.statusCode, res.body).toBe(200);
    const token = CompraCreateAnswer.parse(res.json()).succes.id;
    expect(t.sim.control.order(token)?.amount?.value).toBe("90.00");
    t.sim.control.approve(token);
    expect((await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } })).statusCode).toBe(200);
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    const b = { orderId: order!.id, referencia: order!.referencia, pin: order!.pin, token };
    const lines = (await reserva(b)).lineas;
    expect(lines.map((l) => l.valor_total)).toEqual([46.66, 46.67, 46.67]);

    const asked: Array<[number, number]> = [];
    for (const l of lines) {
      const res = await cancelar(b, l.id);
      expect(res.statusCode, res.body).toBe(200);
      const { reembolso } = res.json() as { reembolso: { monto: number; a_tarjeta: number } };
      asked.push([Math.round(reembolso.monto * 100), Math.round(reembolso.a_tarjeta * 100)]);
    }
    expect(asked).toEqual([
      [4666, 4666],
      [4667, 334],
      [4667, 0],
    ]);
    const capture = t.sim.control.capture(order!.capture_id ?? (await t.db.select().from(pedido).where(eq(pedido.id, order!.id)))[0]!.capture_id!);
    expect(capture?.refunds.map((r) => r.amount.value)).toEqual(["43.33", "46.67"]);
    expect((await movementsOf(card.id)).map((m) => [m.tipo, m.importe_cents])).toEqual([
      ["carga", 5000],
      ["pago", -5000],
      ["devolucion", 4666],
      ["devolucion", 334],
    ]);
    expect(await balance(card.codigo)).toBe(50);
    const seen = await reserva(b);
    expect(seen).toMatchObject({ estado: "reembolsado", reembolsado: 140, pagado_con_tarjeta: 50, reembolsado_a_tarjeta: 50 });
    expect((await detalle(order!.id)).reembolsos.map((r) => [r.monto, r.a_tarjeta])).toEqual([
      [46.66, 46.66],
      [46.67, 3.34],
      [46.67, 0],
    ]);
  });

  it("an order the card paid whole is cancelled with no PayPal at all", async () => {
    const card = await paidCard(60);
    const res = await create([line(fifty[0]!, TUESDAY_10)], { tarjeta: card.codigo });
    const answer = CompraCreateAnswer.parse(res.json()).succes;
    const refunds = t.sim.control.refundCount;
    const [order] = await t.db.select().from(pedido).where(eq(pedido.referencia, answer.referencia!));
    const cancelled = await cancelar({ referencia: answer.referencia!, pin: answer.pin! });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(t.sim.control.refundCount).toBe(refunds);
    expect(await balance(card.codigo)).toBe(60);
    expect((await detalle(order!.id)).reembolsos).toMatchObject([{ monto: 50, a_tarjeta: 50, estado: "completado", paypal_refund_id: null }]);
  });

  it("staff may refund to a new gift card instead of PayPal: the buyer gets a card of that value, nothing goes to PayPal", async () => {
    const card = await paidCard(20);
    const res = await create([line(fifty[1]!, TUESDAY_10)], { tarjeta: card.codigo, email: "cliente@example.com", nombre: "Rosa" });
    const token = CompraCreateAnswer.parse(res.json()).succes.id;
    t.sim.control.approve(token);
    expect((await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } })).statusCode).toBe(200);
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    const refunds = t.sim.control.refundCount;
    const done = await reembolsar(order!.id, { a_tarjeta_nueva: true, motivo: "Prefiere una tarjeta" });
    expect(done.statusCode, done.body).toBe(200);
    expect(t.sim.control.refundCount).toBe(refunds);
    expect(await balance(card.codigo)).toBe(20);
    const [fresh] = await t.db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.pedido_origen_id, order!.id));
    expect(fresh).toMatchObject({ origen: "reembolso", estado: "activa", importe_cents: 3000, destinatario_email: "cliente@example.com", destinatario_nombre: "Rosa Gómez" });
    expect(await balance(fresh!.codigo)).toBe(30);
    expect((await detalle(order!.id)).reembolsos).toMatchObject([{ monto: 50, a_tarjeta: 20, tarjeta_nueva: tarjetaCodigoFinal(fresh!.codigo) }]);
    // a later PayPal refund of the same order would still find its whole capture: nothing was drawn from it
  });

  it("a booking paid with a card cannot change its date online: the buyer is told to write", async () => {
    const card = await paidCard(100);
    const answer = CompraCreateAnswer.parse((await create([line(fifty[2]!, TUESDAY_10)], { tarjeta: card.codigo })).json()).succes;
    const seen = await reserva({ orderId: 0, referencia: answer.referencia!, pin: answer.pin!, token: "" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/reserva/cambio/consulta",
      payload: { referencia: answer.referencia, pin: answer.pin, linea: seen.lineas[0]!.id, fecha: "2026-11-25", hora: "10:00" },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe(TARJETA_MSG.dateChange);
  });
});

describe("the balance page and the panel", () => {
  it("limits balance checks per address", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < 20; i++) expect((await saldo("RG-2222-3333-4444", ip)).statusCode).toBe(404);
    const blocked = await saldo("RG-2222-3333-4444", ip);
    expect(blocked.statusCode).toBe(429);
    expect((await saldo("RG-2222-3333-4444", "203.0.113.78")).statusCode).toBe(404);
  });

  it("Administrador and Ventas list cards with their balance; others may not", async () => {
    const card = await paidCard(75);
    const res = await t.app.inject({ method: "GET", url: `/api/tarjetas-regalo?filter=${encodeURIComponent(JSON.stringify({ q: card.codigo }))}`, headers: t.staff("ventas") });
    expect(res.statusCode, res.body).toBe(200);
    expect(TarjetaListAnswer.parse(res.json()).succes).toMatchObject([{ id: card.id, codigo: card.codigo, importe: 75, saldo: 75, estado: "activa", origen: "compra" }]);
    expect((await t.app.inject({ method: "GET", url: "/api/tarjetas-regalo", headers: t.staff("contenido") })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/tarjetas-regalo/find/${card.id}`, headers: t.staff("contenido") })).statusCode).toBe(403);
  });
});
