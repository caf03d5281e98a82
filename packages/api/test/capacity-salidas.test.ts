import { describe, expect, it } from "vitest";
import { asc, desc, gt } from "drizzle-orm";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { HorarioAnswer, ManifiestoAnswer, SalidaAnswer, SalidaListAnswer } from "@tours/contract";
import { COMPRA_MSG } from "../src/modules/compra/compra.messages.ts";
import { DIA_MSG } from "../src/modules/compra/compra.messages.ts";
import { paisTable } from "../src/modules/pais/pais.table.ts";
import { ALL_DAYS, buyer, line } from "./compra-fixtures.ts";
import { MONDAY_10, useCapacityApp } from "./capacity-fixtures.ts";

/** A departure's rules besides holds: cutoffs, closures and zones, capacity changes and their audit, refused orders, the availability call. */
const { t, tourWithSchedule, create, order, orderToken, confirm, availability, departure } = useCapacityApp();

describe("cutoffs, closures and time zones", () => {
  it("bookings close the tour's cutoff before the start, in the tour's zone", async () => {
    // Saturday 21 November, 10:00 in Bogotá; a 13:00 departure with a 2 h cutoff closes at 11:00
    const { tourId } = await tourWithSchedule(10, "13:00");
    t.clock.set(new Date("2026-11-21T15:59:00Z"));
    expect((await departure(tourId, "2026-11-21", "13:00"))?.estado).toBe("disponible");
    t.clock.set(new Date("2026-11-21T16:00:00Z"));
    expect((await departure(tourId, "2026-11-21", "13:00"))?.estado).toBe("vencida");
    const res = await order(tourId, "11/21/2026-13:00");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(DIA_MSG.cutoff(2));
  });

  it("a tour in Madrid shows and sells its departures in Madrid's time", async () => {
    const [spain] = await t.db.insert(paisTable).values({ nombre: "España", prefijo: 34, zonaHoraria: "Europe/Madrid" }).returning();
    const { tourId } = await tourWithSchedule(8, "09:00", { pais: spain!.id, corteHoras: 24 });
    const avail = await availability(tourId);
    expect(avail).toMatchObject({ zona_horaria: "Europe/Madrid", zona_nombre: "hora de Madrid", corte_horas: 24 });
    // now is 16:00 on Saturday in Madrid: Sunday 09:00 is 17 h away (< 24 h cutoff), Monday is open
    expect(avail.dias.find((d) => d.fecha === "2026-11-22")?.estado).toBe("cerrado");
    expect(avail.dias.find((d) => d.fecha === "2026-11-23")?.salidas[0]).toMatchObject({ hora_local: "09:00 hora de Madrid", reservable: true });
    expect((await order(tourId, "11/22/2026-09:00")).statusCode).toBe(400);
    expect((await order(tourId, "11/23/2026-09:00")).statusCode).toBe(200);
  });

  it("dates beyond a year ahead are refused", async () => {
    const res = await order(t.cat.tourA, "11/23/2027-09:00");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe(DIA_MSG.tooFar);
    const far = await order(t.cat.tourA, "11/20/9999-09:00");
    expect(far.json().errors[0].msg).toBe(DIA_MSG.tooFar);
  });

  it("staff close a date or one departure: not bookable, listed as closed, reopened later", async () => {
    const { tourId } = await tourWithSchedule(6);
    await t.app.inject({ method: "POST", url: "/api/tour/horario/create/", headers: t.staff("admin"), payload: { hora_inicio: "15:00", ...ALL_DAYS, tour_id: tourId, cupo: 6 } });
    const close = (payload: object) => t.app.inject({ method: "PUT", url: "/api/salidas/cierre", headers: t.staff("admin"), payload });
    expect((await close({ tour_id: tourId, fecha: "2026-11-24", cerrada: true })).statusCode).toBe(200);
    expect((await close({ tour_id: tourId, fecha: "2026-11-25", hora: "15:00", cerrada: true })).statusCode).toBe(200);

    const avail = await availability(tourId);
    expect(avail.dias.find((d) => d.fecha === "2026-11-24")).toMatchObject({ estado: "cerrado" });
    const wed = avail.dias.find((d) => d.fecha === "2026-11-25")!;
    expect(wed.estado).toBe("abierto");
    expect(wed.salidas.map((s) => [s.hora, s.estado])).toEqual([["10:00", "disponible"], ["15:00", "cerrada"]]);

    const refused = await order(tourId, "11/24/2026-10:00");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(COMPRA_MSG.closed("martes, 24 de noviembre de 2026 a las 10:00 hora de Bogotá"));
    expect((await order(tourId, "11/25/2026-15:00")).statusCode).toBe(409);

    expect((await close({ tour_id: tourId, fecha: "2026-11-24", cerrada: false })).statusCode).toBe(200);
    expect((await order(tourId, "11/24/2026-10:00")).statusCode).toBe(200);
  });

  it("refuses a closing request with bad input in Spanish", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/salidas/cierre", headers: t.staff("admin"), payload: { tour_id: t.cat.tourA, fecha: "24/11/2026", cerrada: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe("La fecha debe tener el formato AAAA-MM-DD");
    expect((await t.app.inject({ method: "PUT", url: "/api/salidas/cierre", payload: { tour_id: t.cat.tourA, fecha: "2026-11-24", cerrada: true } })).statusCode).toBe(401);
  });
});

describe("capacity changes never make booked places disappear", () => {
  it("a horario's capacity cannot go below what a coming departure has sold or held", async () => {
    const { tourId, scheduleId } = await tourWithSchedule(10);
    const token = await orderToken(tourId, MONDAY_10, { mayores_15: 4 });
    t.sim.control.approve(token);
    expect((await confirm(token)).statusCode).toBe(200);
    await orderToken(tourId, "11/24/2026-10:00", { mayores_15: 2 });

    const update = (cupo: unknown) => t.app.inject({ method: "PUT", url: `/api/tour/horario/update/${scheduleId}`, headers: t.staff("admin"), payload: { cupo } });
    const refused = await update(3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toBe(
      "No se puede fijar el cupo en 3: la salida del lunes, 23 de noviembre de 2026 a las 10:00 hora de Bogotá ya tiene 4 personas reservadas",
    );
    expect((await departure(tourId, "2026-11-23"))?.cupo).toBe(10);
    const ok = await update(4);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(HorarioAnswer.parse(ok.json()).succes.cupo).toBe(4);
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ cupo: 4, quedan: 0, estado: "agotada" });
    expect((await update("")).statusCode).toBe(200);
    expect((await departure(tourId, "2026-11-23"))?.cupo).toBeNull();
    expect((await update(0)).json().errors[0].msg).toContain("El cupo debe ser un número entero entre 1 y");
  });

  it("a departure's own capacity: set, refused below what is booked, listed in the panel with the manifest", async () => {
    const { tourId } = await tourWithSchedule(10);
    const token = await orderToken(tourId, MONDAY_10, { mayores_15: 2, de_4_15: 1, mascotas: 1 });
    t.sim.control.approve(token);
    expect((await confirm(token)).statusCode).toBe(200);
    await orderToken(tourId, MONDAY_10, { mayores_15: 1 });

    const set = (cupo: unknown) =>
      t.app.inject({ method: "PUT", url: "/api/salidas/cupo", headers: t.staff("admin"), payload: { tour_id: tourId, fecha: "2026-11-23", hora: "10:00", cupo } });
    const refused = await set(3);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].msg).toContain("ya tiene 4 personas reservadas");
    const ok = await set(6);
    expect(ok.statusCode).toBe(200);
    expect(SalidaAnswer.parse(ok.json()).succes).toMatchObject({ cupo: 6, cupo_salida: 6, cupo_horario: 10, vendidos: 3, retenidos: 1, quedan: 2, estado: "pocos" });
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ cupo: 6, quedan: 2 });
    expect(await departure(tourId, "2026-11-30")).toMatchObject({ cupo: 10, quedan: 10 });

    const list = await t.app.inject({
      method: "GET",
      url: `/api/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: tourId, desde: "2026-11-23", hasta: "2026-11-29" }))}&range=[0,4]`,
      headers: t.staff("admin"),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers["content-range"]).toBe("salidas 0-4/7");
    const rows = SalidaListAnswer.parse(list.json()).succes;
    expect(rows[0]).toMatchObject({ id: `${tourId}-20261123-1000`, fecha: "2026-11-23", hora_local: "10:00 hora de Bogotá", vendidos: 3, retenidos: 1 });

    const manifest = await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${tourId}-20261123-1000`, headers: t.staff("admin") });
    expect(manifest.statusCode).toBe(200);
    const { pedidos } = ManifiestoAnswer.parse(manifest.json()).succes;
    expect(pedidos.map((p) => [p.estado, p.personas, p.mascotas, p.nombre])).toEqual([
      ["pagado", 3, 1, "Ana"],
      ["pendiente", 1, 0, "Ana"],
    ]);
    expect((await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${tourId}-20261123-1000` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/nada`, headers: t.staff("admin") })).statusCode).toBe(400);
  });
});

describe("orders the API must refuse", () => {
  it("an infant alone (a zero-value order) is refused", async () => {
    const res = await order(t.cat.tourA, MONDAY_10.replace("10:00", "09:00"), { mayores_15: 0, menores_3: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe("Los menores de 3 años deben viajar con al menos un adulto o un niño de 4 a 15 años");
  });

  it("the same tour twice in one order is refused", async () => {
    const res = await create({ ...buyer(), pedidos: [line(t.cat.tourA, "11/23/2026-09:00"), line(t.cat.tourA, "11/24/2026-09:00")] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ msg: COMPRA_MSG.duplicateTour, path: "pedidos[1].tour_id" })]);
  });
});

describe("the availability call", () => {
  it("answers per day with departures from today on, in Spanish states", async () => {
    const { tourId } = await tourWithSchedule(3);
    const avail = await availability(tourId);
    expect(avail.dias[0]!.fecha).toBe("2026-11-21");
    expect(avail.dias.at(-1)!.fecha).toBe("2026-11-30");
    expect(avail.dias[0]!.salidas[0]).toMatchObject({ hora: "10:00", estado: "vencida", reservable: false });
    expect(avail.dias[1]).toMatchObject({ fecha: "2026-11-22", estado: "pocos" });
    expect((await availability(tourId, "2026-10")).dias).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: `/api/tour/disponibilidad/${tourId}?mes=2026-13` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/tour/disponibilidad/999999` })).statusCode).toBe(404);
  });
});

describe("capacity changes are audited in their own transaction", () => {
  async function entriesSince(id: number) {
    return t.db.select().from(auditLogTable).where(gt(auditLogTable.id, id)).orderBy(asc(auditLogTable.id));
  }
  async function lastId() {
    const [row] = await t.db.select({ id: auditLogTable.id }).from(auditLogTable).orderBy(desc(auditLogTable.id)).limit(1);
    return row?.id ?? 0;
  }

  it("a departure's places: one entry with cupo before and after; below the places taken: 409 and no entry", async () => {
    const { tourId } = await tourWithSchedule(5);
    await orderToken(tourId, MONDAY_10, { mayores_15: 3 });
    const start = await lastId();
    const ok = await t.app.inject({ method: "PUT", url: "/api/salidas/cupo", headers: t.staff("admin"), payload: { tour_id: tourId, fecha: "2026-11-23", hora: "10:00", cupo: 4 } });
    expect(ok.statusCode, ok.body).toBe(200);
    const written = await entriesSince(start);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ action: "update", resource: "salida", resourceId: `${tourId}-20261123-1000`, changes: { cupo: { antes: null, despues: 4 } } });

    const mid = await lastId();
    const refused = await t.app.inject({ method: "PUT", url: "/api/salidas/cupo", headers: t.staff("admin"), payload: { tour_id: tourId, fecha: "2026-11-23", hora: "10:00", cupo: 2 } });
    expect(refused.statusCode).toBe(409);
    expect(await entriesSince(mid)).toEqual([]);
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ cupo: 4 });
  });

  it("closing and reopening a date, and a horario's capacity, write one entry each; a refused horario change writes none", async () => {
    const { tourId, scheduleId } = await tourWithSchedule(6);
    await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    const start = await lastId();
    const close = (cerrada: boolean) =>
      t.app.inject({ method: "PUT", url: "/api/salidas/cierre", headers: t.staff("admin"), payload: { tour_id: tourId, fecha: "2026-11-25", cerrada } });
    expect((await close(true)).statusCode).toBe(200);
    expect((await close(false)).statusCode).toBe(200);
    const setScheduleCupo = (cupo: number) => t.app.inject({ method: "PUT", url: `/api/tour/horario/update/${scheduleId}`, headers: t.staff("admin"), payload: { cupo } });
    expect((await setScheduleCupo(8)).statusCode).toBe(200);
    expect((await setScheduleCupo(1)).statusCode).toBe(409);
    const written = await entriesSince(start);
    expect(written.map((e) => [e.action, e.resource, e.resourceId, e.changes])).toEqual([
      ["close", "fecha", `${tourId}-2026-11-25`, { cerrada: { antes: false, despues: true } }],
      ["reopen", "fecha", `${tourId}-2026-11-25`, { cerrada: { antes: true, despues: false } }],
      ["update", "horario", String(tourId), { cupo: { antes: 6, despues: 8 } }],
    ]);
  });

  it("reseller keys: created and turned off, one entry each, never the key or its hash", async () => {
    const start = await lastId();
    const created = await t.app.inject({ method: "POST", url: "/api/revendedores", headers: t.staff("admin"), payload: { nombre: "Agencia Auditada" } });
    expect(created.statusCode, created.body).toBe(200);
    const { id, api_key } = created.json().succes as { id: number; api_key: string };
    expect((await t.app.inject({ method: "PUT", url: `/api/revendedores/${id}`, headers: t.staff("admin"), payload: { activo: false } })).statusCode).toBe(200);
    const written = await entriesSince(start);
    expect(written.map((e) => [e.action, e.resource, e.resourceId])).toEqual([
      ["create", "revendedor", String(id)],
      ["update", "revendedor", String(id)],
    ]);
    expect(written[1]!.changes).toMatchObject({ activo: { antes: true, despues: false } });
    const text = JSON.stringify(written);
    expect(text).not.toContain(api_key);
    expect(text).not.toContain("key_hash");
  });
});
