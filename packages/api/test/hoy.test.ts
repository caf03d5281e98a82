import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { startPaypalSimulator, type RunningSimulator } from "@tours/paypal-simulator";
import { HoyAnswer, type Hoy } from "@tours/contract";
import { pedido, reembolso } from "../src/modules/compra/compra.table.ts";
import { correo } from "../src/mail/correo.table.ts";
import { horarioTable } from "../src/modules/tour/tour.table.ts";
import { staffUsersTable } from "../src/modules/auth/auth.table.ts";
import { bearer, createTestApp, loginAsStaff, type TestApp } from "./helpers.ts";
import { ALL_DAYS, NOW, line, seedCatalogue, simulatorClient, type Catalogue } from "./compra-fixtures.ts";
import { buyPaid, type Bought } from "./reserva-fixtures.ts";

/*
 * Issue 22, the Hoy screen: one call whose figures are the orders in the database. Known bookings are created,
 * paid, refunded, held and checked in; GET /api/hoy must count each of them where it belongs (today's and
 * tomorrow's departures of the business zone, today's sales and refunds, the failed e-mails, the 14 days).
 * The clock: Saturday 21/11/2026 10:00 in Bogotá (the business zone).
 */

let sim: RunningSimulator;
let t: TestApp;
let cat: Catalogue;
let admin: Record<string, string>;
let clock = NOW;
const bought: Record<string, Bought> = {};
const cents = async (ids: number[]) =>
  (await t.db.select({ v: pedido.valor_total_cents }).from(pedido).where(inArray(pedido.id, ids))).reduce((s, r) => s + r.v, 0);

beforeAll(async () => {
  sim = await startPaypalSimulator({ port: 0 });
  t = await createTestApp({ payments: simulatorClient(sim), now: () => clock });
  cat = await seedCatalogue(t.db);
  // an evening departure today with 20 places (the others of the catalogue are unlimited)
  await t.db.insert(horarioTable).values({ tourId: cat.tourA, horaInicio: "18:00", cupo: 20, ...ALL_DAYS });
  admin = bearer(await loginAsStaff(t.app));
  const sim_ = { ...t, sim };
  // paid yesterday for tonight: in tonight's departure, not in today's sales
  clock = new Date(NOW.getTime() - 86_400_000);
  bought.ayer = await buyPaid(sim_, [line(cat.tourA, "11/21/2026-18:00")], { nombre: "Ayer" });
  clock = NOW;
  bought.a = await buyPaid(sim_, [line(cat.tourA, "11/21/2026-18:00", { mayores_15: 2, de_4_15: 1 })], { nombre: "Ana" });
  bought.b = await buyPaid(sim_, [line(cat.tourA, "11/21/2026-18:00")], { nombre: "Beto" });
  bought.c = await buyPaid(sim_, [line(cat.tourB, "11/22/2026-11:30", { mayores_15: 2 })], { nombre: "Carla" });
  bought.d = await buyPaid(sim_, [line(cat.tourA, "11/22/2026-09:00")], { nombre: "Dario" });
  bought.lejos = await buyPaid(sim_, [line(cat.tourA, "11/24/2026-18:00", { mayores_15: 4 })], { nombre: "Lejos" });
  // Dario's booking refunded by staff: its departure keeps no booking
  const refund = await t.app.inject({ method: "POST", url: `/api/compra/reembolsar/${bought.d.orderId}`, headers: admin, payload: { motivo: "Prueba" } });
  expect(refund.statusCode, refund.body).toBe(200);
  // a live hold of 1 person tomorrow at 09:00
  const held = await t.app.inject({
    method: "POST",
    url: "/api/compra/create",
    payload: { nombre: "Elena", apellido: "Retenida", email: "e@example.com", telefono: 3001234567, direccion: "Calle 1", nit: "1", pedidos: [line(cat.tourA, "11/22/2026-09:00")] },
  });
  expect(held.statusCode, held.body).toBe(200);
  // Ana's three arrive
  const arrived = await t.app.inject({
    method: "POST",
    url: "/api/checkin",
    headers: admin,
    payload: { referencia: bought.a.referencia, salida: `${cat.tourA}-20261121-1800` },
  });
  expect(arrived.statusCode, arrived.body).toBe(200);
  // one e-mail that spent its tries
  await t.db.insert(correo).values({ tipo: "confirmacion", destinatario: "x@example.com", asunto: "Tu reserva", estado: "fallido", ultimo_error: "550 buzón lleno", clave: "prueba-hoy:1", updatedAt: NOW });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

const hoy = async (headers: Record<string, string>): Promise<Hoy> => {
  const res = await t.app.inject({ method: "GET", url: "/api/hoy", headers });
  expect(res.statusCode, res.body).toBe(200);
  return HoyAnswer.parse(res.json()).succes;
};

describe("GET /api/hoy", () => {
  it("lists today's and tomorrow's departures with bookings: sold / capacity and arrived / expected", async () => {
    const h = await hoy(admin);
    expect(h).toMatchObject({ zona_horaria: "America/Bogota", hoy: "2026-11-21", manana: "2026-11-22" });
    expect(h.salidas.map((s) => [s.dia, s.tour_nombre, s.hora_local, s.vendidos, s.retenidos, s.cupo, s.llegados, s.esperados])).toEqual([
      ["hoy", "La Candelaria", "18:00 hora de Bogotá", 5, 0, 20, 3, 5],
      ["manana", "La Candelaria", "09:00 hora de Bogotá", 0, 1, null, 0, 0],
      ["manana", "Monserrate", "11:30 hora de Bogotá", 2, 0, null, 0, 2],
    ]);
    expect(h.salidas[0]!.id).toBe(`${cat.tourA}-20261121-1800`);
  });

  it("today's sales and refunds are the orders paid and the refunds made today in the database", async () => {
    const h = await hoy(admin);
    const today = { from: new Date("2026-11-21T05:00:00Z"), to: new Date("2026-11-22T05:00:00Z") };
    const paidToday = await t.db.select({ id: pedido.id }).from(pedido).where(and(gte(pedido.paid_at, today.from), lt(pedido.paid_at, today.to)));
    const [refunds] = await t.db
      .select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${reembolso.monto_cents}), 0)::int` })
      .from(reembolso)
      .where(and(inArray(reembolso.estado, ["completado", "pendiente"]), gte(reembolso.updatedAt, today.from), lt(reembolso.updatedAt, today.to)));
    // the known bookings: Ana, Beto, Carla, Dario and Lejos paid today (Ayer did not); Dario's refunded
    expect(paidToday.map((p) => p.id).sort()).toEqual([bought.a, bought.b, bought.c, bought.d, bought.lejos].map((b) => b!.orderId).sort());
    expect(refunds).toEqual({ n: 1, total: await cents([bought.d!.orderId]) });
    expect(h.dinero).toEqual({
      ventas_pedidos: 5,
      ventas_total: (await cents(paidToday.map((p) => p.id))) / 100,
      reembolsos_cantidad: 1,
      reembolsos_total: refunds!.total / 100,
    });
    expect(h.correos_fallidos!.total).toBe(1);
    expect(h.correos_fallidos!.ultimos[0]).toMatchObject({ destinatario: "x@example.com", error: "550 buzón lleno" });
  });

  it("the 14 days' occupancy counts the persons sold against the departures that have a capacity", async () => {
    const h = await hoy(admin);
    expect(h.ocupacion!.map((d) => d.fecha)).toHaveLength(14);
    expect(h.ocupacion![0]).toEqual({ fecha: "2026-11-21", vendidos: 5, cupo: 20, porcentaje: 25 });
    expect(h.ocupacion![3]).toEqual({ fecha: "2026-11-24", vendidos: 4, cupo: 20, porcentaje: 20 });
    expect(h.ocupacion![13]!.fecha).toBe("2026-12-04");
  });

  it("a Guía sees only the departures assigned to them and no money; Contenido may not look", async () => {
    const guia = bearer(await loginAsStaff(t.app, "guia", "hoy-guia@tours.test"));
    const [g] = await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, "hoy-guia@tours.test"));
    const set = await t.app.inject({ method: "PUT", url: `/api/salidas/guias/${cat.tourB}-20261122-1130`, headers: admin, payload: { guias: [g!.id] } });
    expect(set.statusCode, set.body).toBe(200);
    const h = await hoy(guia);
    expect(h.salidas.map((s) => s.id)).toEqual([`${cat.tourB}-20261122-1130`]);
    expect([h.dinero, h.correos_fallidos, h.ocupacion]).toEqual([null, null, null]);
    const contenido = bearer(await loginAsStaff(t.app, "contenido"));
    expect((await t.app.inject({ method: "GET", url: "/api/hoy", headers: contenido })).statusCode).toBe(403);
  });
});
