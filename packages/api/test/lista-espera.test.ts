import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { correo } from "../src/mail/correo.table.ts";
import { renderEspera } from "../src/mail/lista-espera.mail.ts";
import { pedido, pedidoLine } from "../src/modules/compra/compra.table.ts";
import { listaEspera } from "../src/modules/lista-espera/lista-espera.table.ts";
import { plazasLiberadas } from "../src/modules/plazas/plazas.table.ts";
import { salida } from "../src/modules/salidas/salidas.table.ts";
import { buyer, line } from "./compra-fixtures.ts";
import { buyPaid, type Bought } from "./reserva-fixtures.ts";
import { useTestApp, type ApiTest } from "./test-app.ts";
import { departureInThreeDays, joinWaitingList } from "./lista-espera-fixtures.ts";
import { waitFor } from "./wait-for.ts";

/*
 * Issue 24, the waiting list (docs/decisions/0023), in one process with its job queue, on the real clock: joining
 * (one entry per address, the limits), places freed by a cancellation offered in order of arrival to the entries
 * that fit, the offer's hold counted like any hold, leaving by the link, staff's list and offers by hand. The second
 * block's offers last 9 seconds: a lapsed offer passes to the next entry.
 */

const entries = async (t: ApiTest, tourId: number) => {
  const [dep] = await t.db.select().from(salida).where(eq(salida.tourId, tourId));
  return t.db.select().from(listaEspera).where(eq(listaEspera.salida_id, dep!.id)).orderBy(listaEspera.id);
};

const stateOf = async (t: ApiTest, tourId: number) => Object.fromEntries((await entries(t, tourId)).map((e) => [e.email, e.estado]));

async function allHandled(t: ApiTest) {
  return waitFor("every event handled", async () => (await t.db.select().from(plazasLiberadas)).every((e) => e.atendido_at !== null), 30_000);
}

const cancelAsStaff = (t: ApiTest, b: Bought) =>
  t.app.inject({ method: "POST", url: `/api/compra/reembolsar/${b.orderId}`, headers: t.staff("ventas"), payload: { motivo: "Pidió cancelar" } });

describe("the waiting list of a sold-out departure", () => {
  const t = useTestApp({ paypal: { timeoutMs: 10_000 }, catalogue: true, jobs: true, staff: ["ventas", "guia"] });
  let tourId = 0;
  let dia = "";
  let fecha = "";
  const sold: Bought[] = [];

  beforeAll(async () => {
    ({ tourId, dia, fecha } = await departureInThreeDays(t, "Cerro de lista", 3));
  });

  it("is for departures without places: with places the visitor is told to book them", async () => {
    const res = await joinWaitingList(t, tourId, dia, "temprano@example.com");
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors[0].msg).toBe("Esta salida todavía tiene 3 lugares: puedes reservarlos ahora.");
  });

  it("joins once per address (case aside), in Spanish, with a welcome e-mail; a limit per address and minute", async () => {
    for (let i = 0; i < 3; i++) sold.push(await buyPaid(t, [line(tourId, dia)], { email: `comprador${i}@example.com` }));
    const first = await joinWaitingList(t, tourId, dia, "grande@example.com", 3);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().succes.mensaje).toBe("Listo: te anotamos en la lista de espera. Si se libera un lugar para tu grupo te escribiremos; revisa tu correo.");
    expect((await joinWaitingList(t, tourId, dia, "GRANDE@example.com", 3)).statusCode).toBe(200);
    expect((await joinWaitingList(t, tourId, dia, "dos@example.com", 2)).statusCode).toBe(200);
    expect((await joinWaitingList(t, tourId, dia, "uno@example.com", 1)).statusCode).toBe(200);
    const list = await entries(t, tourId);
    expect(list.map((e) => [e.email, e.mayores15, e.estado])).toEqual([
      ["grande@example.com", 3, "esperando"],
      ["dos@example.com", 2, "esperando"],
      ["uno@example.com", 1, "esperando"],
    ]);
    const welcome = await t.db.select().from(correo).where(eq(correo.tipo, "alta_espera"));
    expect(welcome.map((c) => c.destinatario).sort()).toEqual(["dos@example.com", "grande@example.com", "uno@example.com"]);
    expect(welcome[0]!.asunto).toBe("Estás en la lista de espera de Cerro de lista");
    // the same address, a third time within the minute: the first two counted (and this one), the fourth is refused
    expect((await joinWaitingList(t, tourId, dia, "grande@example.com", 3, "203.0.113.8")).statusCode).toBe(200);
    const limited = await joinWaitingList(t, tourId, dia, "grande@example.com", 3, "203.0.113.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0].msg).toBe("Ya recibimos varias solicitudes de este correo hace un momento. Espera un minuto e inténtalo de nuevo.");
    const bad = await joinWaitingList(t, tourId, dia, "cero@example.com", 0);
    expect(bad.statusCode).toBe(400);
  });

  it("freed places go to the first entries that fit, in order; the offer is a real hold with an e-mail that says until when", async () => {
    // one place freed: the entries for 3 and 2 are skipped and keep their places; the one for 1 gets it
    expect((await cancelAsStaff(t, sold[0]!)).statusCode).toBe(200);
    await allHandled(t);
    await waitFor("the offer", async () => (await stateOf(t, tourId))["uno@example.com"] === "ofrecida", 30_000);
    expect(await stateOf(t, tourId)).toEqual({ "grande@example.com": "esperando", "dos@example.com": "esperando", "uno@example.com": "ofrecida" });
    const uno = (await entries(t, tourId)).find((e) => e.email === "uno@example.com")!;
    const hours = (uno.oferta_hasta!.getTime() - uno.ofrecida_at!.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(12, 3);
    const [held] = await t.db.select().from(pedido).where(eq(pedido.id, uno.pedido_id!));
    expect(held).toMatchObject({ estado: "pendiente", email: "uno@example.com" });
    expect(held!.hold_expires_at!.getTime()).toBe(uno.oferta_hasta!.getTime());
    // nobody else can buy it
    const other = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer({ email: "otra@example.com" }), pedidos: [line(tourId, dia)] } });
    expect(other.statusCode, other.body).toBe(409);
    // the e-mail: queued once, with the link and until when
    const [mail] = await t.db.select().from(correo).where(and(eq(correo.tipo, "oferta_espera"), eq(correo.destinatario, "uno@example.com")));
    expect(mail!.asunto).toBe("Se liberó un lugar en Cerro de lista: te lo guardamos");
    const rendered = renderEspera(mail!, { tourNombre: "Cerro de lista", fechaTexto: "lunes, 30 de noviembre de 2026", horaTexto: "10:00 hora de Bogotá", viajeros: "1 × mayores de 15 años", token: uno.token, hastaTexto: "lunes, 30 de noviembre de 2026 a las 08:00 hora de Bogotá" }, { storefrontUrl: "http://tienda.test" })!;
    expect(rendered.text).toContain("Te los guardamos hasta el lunes, 30 de noviembre de 2026 a las 08:00 hora de Bogotá");
    expect(rendered.text).toContain(`http://tienda.test/lista-espera/oferta/${uno.token}`);
    expect(rendered.text).toContain(`http://tienda.test/lista-espera/baja/${uno.token}`);

    // the offer's page, then paying it like any order
    const view = await t.app.inject({ method: "GET", url: `/api/lista-espera/oferta/${uno.token}` });
    expect(view.json().succes).toMatchObject({ estado: "ofrecida", vigente: true, viajeros_texto: "1 × mayores de 15 años" });
    const accepted = await t.app.inject({ method: "POST", url: "/api/lista-espera/oferta", payload: { token: uno.token, nombre: "Úrsula", apellido: "No", telefono: 3001112233 } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const token = accepted.json().succes.id as string;
    expect(accepted.json().succes.links[1].href).toMatch(/^http/);
    t.sim.control.approve(token);
    const paid = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
    expect(paid.statusCode, paid.body).toBe(200);
    const [after] = await t.db.select().from(pedido).where(eq(pedido.id, uno.pedido_id!));
    expect(after).toMatchObject({ estado: "pagado", nombre: "Úrsula" });

    // one more place: still not enough for 3 or 2; a third: the entry for 2 gets both, the one for 3 keeps waiting
    expect((await cancelAsStaff(t, sold[1]!)).statusCode).toBe(200);
    await allHandled(t);
    expect((await stateOf(t, tourId))["dos@example.com"]).toBe("esperando");
    expect((await cancelAsStaff(t, sold[2]!)).statusCode).toBe(200);
    await allHandled(t);
    await waitFor("the offer for two", async () => (await stateOf(t, tourId))["dos@example.com"] === "ofrecida", 30_000);
    expect(await stateOf(t, tourId)).toEqual({ "grande@example.com": "esperando", "dos@example.com": "ofrecida", "uno@example.com": "usada" });
  });

  it("staff see the list (who, how many, offered when, state); leaving by the link frees an offer's places", async () => {
    const key = `${tourId}-${fecha.replaceAll("-", "")}-1000`;
    const res = await t.app.inject({ method: "GET", url: `/api/salidas/lista-espera/${key}`, headers: t.staff("guia") });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().succes as Array<Record<string, unknown>>;
    expect(list.map((e) => [e.orden, e.email, e.personas, e.estado_texto])).toEqual([
      [1, "grande@example.com", 3, "Esperando"],
      [2, "dos@example.com", 2, "Oferta enviada"],
      [3, "uno@example.com", 1, "Reservó"],
    ]);
    expect(typeof list[1]!.ofrecida_at).toBe("string");

    // the entry for 2 leaves: its held places are freed (an event), though 2 are not enough for the entry for 3
    const dos = (await entries(t, tourId)).find((e) => e.email === "dos@example.com")!;
    const left = await t.app.inject({ method: "POST", url: "/api/lista-espera/baja", payload: { token: dos.token } });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().succes.mensaje).toBe("Saliste de la lista de espera de esta salida. No te escribiremos más sobre ella.");
    await allHandled(t);
    const [heldForTwo] = await t.db.select().from(pedido).where(eq(pedido.id, dos.pedido_id!));
    expect(heldForTwo!.estado).toBe("cancelado");
    expect((await stateOf(t, tourId))["dos@example.com"]).toBe("baja");

    // by hand: 2 free, the entry for 3 does not fit (never past the capacity); a new entry for 2 is offered them
    const grande = (await entries(t, tourId)).find((e) => e.email === "grande@example.com")!;
    const refused = await t.app.inject({ method: "POST", url: `/api/salidas/lista-espera/ofrecer/${grande.id}`, headers: t.staff("ventas") });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe("No hay lugar para 3 personas: quedan 2 lugares libres.");
    expect((await joinWaitingList(t, tourId, dia, "pareja@example.com", 2, "203.0.113.20")).statusCode).toBe(200);
    const pareja = (await entries(t, tourId)).find((e) => e.email === "pareja@example.com")!;
    expect((await t.app.inject({ method: "POST", url: `/api/salidas/lista-espera/ofrecer/${pareja.id}`, headers: t.staff("guia") })).statusCode).toBe(403);
    const byHand = await t.app.inject({ method: "POST", url: `/api/salidas/lista-espera/ofrecer/${pareja.id}`, headers: t.staff("ventas") });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const [offered] = await t.db.select().from(listaEspera).where(eq(listaEspera.id, pareja.id));
    expect(offered).toMatchObject({ estado: "ofrecida", ofrecida_por_staff: true });
  });
});

describe("an offer not used in time", () => {
  // 0.0025 h = 9 s
  const t = useTestApp({ paypal: { timeoutMs: 10_000 }, catalogue: true, jobs: true, staff: ["ventas"], env: { WAITLIST_OFFER_HOURS: "0.0025" } });

  it("lapses (its hold's expiry is an event) and passes to the next entry that fits", async () => {
    const { tourId, dia } = await departureInThreeDays(t, "Cerro con prisa", 1);
    const buyerOrder = await buyPaid(t, [line(tourId, dia)], { email: "primero@example.com" });
    expect((await joinWaitingList(t, tourId, dia, "lenta@example.com")).statusCode).toBe(200);
    expect((await joinWaitingList(t, tourId, dia, "siguiente@example.com")).statusCode).toBe(200);
    expect((await cancelAsStaff(t, buyerOrder)).statusCode).toBe(200);
    await waitFor("the first offer", async () => (await stateOf(t, tourId))["lenta@example.com"] === "ofrecida", 30_000);
    expect((await stateOf(t, tourId))["siguiente@example.com"]).toBe("esperando");
    const lenta = (await entries(t, tourId)).find((e) => e.email === "lenta@example.com")!;
    // nothing else happens: at its end the hold's own scheduled check frees the place, and the next entry gets it
    await waitFor("the offer passed on", async () => (await stateOf(t, tourId))["siguiente@example.com"] === "ofrecida", 40_000);
    expect((await stateOf(t, tourId))["lenta@example.com"]).toBe("vencida");
    const [lapsed] = await t.db.select().from(pedido).where(eq(pedido.id, lenta.pedido_id!));
    expect(lapsed!.estado).toBe("cancelado");
    const origins = (await t.db.select().from(plazasLiberadas)).map((e) => e.origen);
    expect(origins).toContain("retencion_vencida");
    // the departure never holds more than its one place
    const [dep] = await t.db.select().from(salida).where(eq(salida.tourId, tourId));
    const live = await t.db
      .select({ id: pedidoLine.id })
      .from(pedidoLine)
      .innerJoin(pedido, eq(pedido.id, pedidoLine.id_pedido))
      .where(and(eq(pedidoLine.salida_id, dep!.id), inArray(pedido.estado, ["pendiente", "pagado"])));
    expect(live).toHaveLength(1);
    const view = await t.app.inject({ method: "GET", url: `/api/lista-espera/oferta/${lenta.token}` });
    expect(view.json().succes).toMatchObject({ estado: "vencida", vigente: false });
    const late = await t.app.inject({ method: "POST", url: "/api/lista-espera/oferta", payload: { token: lenta.token, nombre: "L", apellido: "L", telefono: 3001112233 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].msg).toBe("Esta oferta ya no está disponible: venció o los lugares pasaron a la siguiente persona de la lista.");
  }, 60_000);
});
