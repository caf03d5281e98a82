import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaypalSimulator, type RunningSimulator } from "@tours/paypal-simulator";
import { clientKey } from "../src/modules/limits/client-key.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { NOW, buyer, countOrders, line, seedCatalogue, simulatorClient, type Catalogue } from "./compra-fixtures.ts";

/*
 * Issue 28, inventory hoarding: what one storefront order and one client (address or IPv6 /64) may hold unpaid,
 * with the settings' defaults (20 persons and 10 lines per order; half of a departure; 30 places in all).
 */

const DEFAULTS = {
  HOLD_MAX_PERSONS_PER_ORDER: "20",
  HOLD_MAX_LINES_PER_ORDER: "10",
  HOLD_MAX_DEPARTURE_PERCENT: "50",
  HOLD_MAX_PERSONS_PER_CLIENT: "30",
};
let sim: RunningSimulator;
let t: TestApp;
let cat: Catalogue;
let clock = NOW;
/** A tour of 12 places a departure (09:00 every day), like the probe's 12-of-12 hold. */
let small: number;

beforeAll(async () => {
  sim = await startPaypalSimulator({ port: 0 });
  t = await createTestApp({ payments: simulatorClient(sim), now: () => clock, env: { ...DEFAULTS, STOREFRONT_URL: "http://tienda.test" } });
  cat = await seedCatalogue(t.db);
  const [tour] = await t.db.insert(tourTable).values({ pais: cat.countryId, ciudad: cat.cityId, nombre: "Usaquén", precioCents: 2000 }).returning();
  small = tour!.id;
  const every = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };
  await t.db.insert(horarioTable).values({ tourId: small, horaInicio: "09:00", cupo: 12, ...every });
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

/** "MM/DD/YYYY-HH:MM" of the day `n` days after 23 November 2026. */
const day = (n: number, hora = "09:00") => {
  const d = new Date(Date.UTC(2026, 10, 23 + n));
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}-${hora}`;
};

const order = (remoteAddress: string, pedidos: unknown[]) =>
  t.app.inject({ method: "POST", url: "/api/compra/create", remoteAddress, payload: { ...buyer(), pedidos } });

describe("per order", () => {
  it("the probe's 42-line order is refused whole: nothing held, no PayPal order", async () => {
    clock = NOW;
    const before = await countOrders(t.db);
    const paypalBefore = sim.control.createCount;
    // one line per tour: 42 tours of 12 places, each line taking all of them (the probe held 549 persons so)
    const every = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };
    const tours = await t.db
      .insert(tourTable)
      .values(Array.from({ length: 42 }, (_, i) => ({ pais: cat.countryId, ciudad: cat.cityId, nombre: `Tour ${i}`, precioCents: 1000 })))
      .returning({ id: tourTable.id });
    await t.db.insert(horarioTable).values(tours.map((tour) => ({ tourId: tour.id, horaInicio: "09:00", cupo: 12, ...every })));
    const pedidos = tours.map((tour) => line(tour.id, day(1), { mayores_15: 12 }));
    const res = await order("203.0.113.40", pedidos);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        path: "pedidos",
        msg: "Un pedido admite hasta 10 tours distintos. Haz tu compra en varios pedidos o, si es para un grupo, escríbenos desde la página de Ayuda (/ayuda).",
      }),
    ]);
    expect(await countOrders(t.db)).toEqual(before);
    expect(sim.control.createCount).toBe(paypalBefore);
  });

  it("a group larger than 20 persons is told how to ask for a group booking", async () => {
    clock = NOW;
    const res = await order("203.0.113.41", [line(cat.tourA, day(1), { mayores_15: 15, de_4_15: 4, menores_3: 2 })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(
      "Un pedido en línea admite hasta 20 personas. Para un grupo más grande escríbenos desde la página de Ayuda (/ayuda) y te preparamos una reserva de grupo.",
    );
    // pets take no place: 20 persons and their dog are one order
    expect((await order("203.0.113.41", [line(cat.tourA, day(1), { mayores_15: 16, de_4_15: 4, mascotas: 1 })])).statusCode).toBe(200);
  });
});

describe("per client", () => {
  it("the probe's 12-of-12 hold is refused; half of the departure is the most one client holds unpaid", async () => {
    clock = NOW;
    const hoarder = "203.0.113.50";
    const all = await order(hoarder, [line(small, day(2), { mayores_15: 12 })]);
    expect(all.statusCode).toBe(409);
    expect(all.json().errors[0]).toMatchObject({
      path: "pedidos[0].dia",
      msg:
        "Los pedidos sin pagar hechos desde una misma conexión pueden retener hasta 6 lugares de la salida del miércoles, 25 de noviembre de 2026 a las 09:00 hora de Bogotá. " +
        "Paga tus pedidos pendientes o elige menos viajeros; para un grupo más grande escríbenos desde la página de Ayuda (/ayuda) y te preparamos una reserva de grupo.",
    });
    expect((await order(hoarder, [line(small, day(2), { mayores_15: 6 })])).statusCode).toBe(200);
    // a second order from the same client for the same departure counts with the first
    expect((await order(hoarder, [line(small, day(2), { mayores_15: 1 })])).statusCode).toBe(409);
    // another visitor still books the other half
    expect((await order("198.51.100.51", [line(small, day(2), { mayores_15: 6 })])).statusCode).toBe(200);
    // once the hold lapses (15 minutes) the client may hold again
    clock = new Date(NOW.getTime() + 16 * 60_000);
    expect((await order("198.51.100.52", [line(small, day(2), { mayores_15: 5 })])).statusCode).toBe(200);
    expect((await order(hoarder, [line(small, day(2), { mayores_15: 1 })])).statusCode).toBe(200);
  });

  it("30 places in all across a client's open holds; the addresses of one IPv6 /64 are one client", async () => {
    clock = new Date(NOW.getTime() + 60 * 60_000);
    const answers = [];
    // four orders of 8 on four departures, each from another address of the same /64
    for (let i = 0; i < 4; i++) answers.push(await order(`2001:db8:4:7::${i + 1}`, [line(cat.tourA, day(3 + i), { mayores_15: 8 })]));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 409]);
    expect(answers[3]!.json().errors[0].msg).toBe(
      "Ya tienes 24 lugares retenidos en pedidos sin pagar, y desde una misma conexión se pueden retener hasta 30 a la vez. " +
        "Paga tus pedidos pendientes o espera unos minutos a que se liberen; para un grupo más grande escríbenos desde la página de Ayuda (/ayuda).",
    );
    expect((await order("2001:db8:4:7:ffff:1:2:3", [line(cat.tourA, day(8), { mayores_15: 6 })])).statusCode).toBe(200);
    // the next /64 is another client
    expect((await order("2001:db8:4:8::1", [line(cat.tourA, day(8), { mayores_15: 8 })])).statusCode).toBe(200);
  });

  it("many concurrent orders from one client never hold more than its 30 places", async () => {
    clock = new Date(NOW.getTime() + 120 * 60_000);
    // 16 orders of 4 persons on 16 different departures (no departure lock in common), all at once
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => order("203.0.113.60", [line(i % 2 ? cat.tourA : small, day(10 + Math.floor(i / 2)), { mayores_15: 4 })])),
    );
    const accepted = answers.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(7);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const held = await t.db.execute(
      `select coalesce(sum(l.mayores15 + l.menoresde15_a4 + l.menores3), 0)::int as n from pedido p join pedido_line l on l.id_pedido = p.id where p.cliente = '203.0.113.60' and p.estado = 'pendiente'`,
    );
    expect(Number((held as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(28);
  });
});

describe("client keys", () => {
  it("IPv4 as is, IPv6 on its /64, IPv4-mapped IPv6 as IPv4", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("fd00::2")).toBe("fd00:0:0:0::/64");
    expect(clientKey("fd00:0:0:0:ffff::9")).toBe("fd00:0:0:0::/64");
    expect(clientKey("2001:DB8:4:7:1:2:3:4")).toBe("2001:db8:4:7::/64");
    expect(clientKey("2001:db8:4:8::1")).toBe("2001:db8:4:8::/64");
    expect(clientKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
