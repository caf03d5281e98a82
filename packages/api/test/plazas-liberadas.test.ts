import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { plazasLiberadas } from "../src/modules/plazas/plazas.table.ts";
import { salida } from "../src/modules/salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { bearer } from "./helpers.ts";
import { ALL_DAYS, buyer, line } from "./compra-fixtures.ts";
import { buyPaid } from "./reserva-fixtures.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

/*
 * Issue 24: every change of a departure's free places is a durable event (plazas_liberadas, docs/decisions/0023),
 * written in the change's own transaction and handled by the job queue. One test per source; a change that frees
 * nothing (a capacity lowered, a departure closed) writes none.
 */

const t = useTestApp({ paypal: { timeoutMs: 10_000 }, catalogue: true, jobs: true, staff: ["admin"] });

let seq = 0;
async function newTour(cupo: number | null = 5) {
  const [tour] = await t.db
    .insert(tourTable)
    .values({ nombre: `Fuente ${++seq}`, precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 2 })
    .returning();
  const [horario] = await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: "10:00", cupo, ...ALL_DAYS }).returning();
  const fecha = addDays(wallClock(new Date(), "America/Bogota").date, 3);
  return { tourId: tour!.id, horarioId: horario!.id, fecha, dia: formatDia(fecha, "10:00"), key: `${tour!.id}-${fecha.replaceAll("-", "")}-1000` };
}

/** The events of a tour's departures (origins, oldest first), once every one of them was handled. */
async function eventsOf(tourId: number): Promise<string[]> {
  const rows = () =>
    t.db
      .select({ origen: plazasLiberadas.origen, atendido: plazasLiberadas.atendido_at })
      .from(plazasLiberadas)
      .innerJoin(salida, eq(salida.id, plazasLiberadas.salida_id))
      .where(eq(salida.tourId, tourId))
      .orderBy(plazasLiberadas.id);
  await waitFor("the events handled", async () => (await rows()).every((r) => r.atendido !== null));
  return (await rows()).map((r) => r.origen);
}

describe("events of places freed, by source", () => {
  it("a buyer's own cancellation (Mi reserva)", async () => {
    const { tourId, dia } = await newTour();
    const paid = await buyPaid(t, [line(tourId, dia)]);
    const res = await t.app.inject({ method: "POST", url: "/api/reserva/cancelar", payload: { referencia: paid.referencia, pin: paid.pin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["cancelacion"]);
  });

  it("a capacity raised on the departure (not one lowered), or given back to the horario's larger one", async () => {
    const { tourId, fecha } = await newTour(5);
    const put = (cupo: number | null) => t.app.inject({ method: "PUT", url: "/api/salidas/cupo", headers: t.staff("admin"), payload: { tour_id: tourId, fecha, hora: "10:00", cupo } });
    expect((await put(3)).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual([]);
    expect((await put(6)).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["cupo"]);
    // 6 → the horario's 5: fewer; 2 → the horario's 5: more
    expect((await put(null)).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["cupo"]);
    expect((await put(2)).statusCode).toBe(200);
    expect((await put(null)).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["cupo", "cupo"]);
  });

  it("a horario's capacity raised: each coming departure that follows it", async () => {
    const { tourId, horarioId, dia } = await newTour(2);
    await buyPaid(t, [line(tourId, dia)]);
    const put = (cupo: number) => t.app.inject({ method: "PUT", url: `/api/tour/horario/update/${horarioId}`, headers: t.staff("admin"), payload: { cupo } });
    expect((await put(1)).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual([]);
    expect((await put(4)).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["cupo"]);
  });

  it("a departure or a whole date reopened (closing writes none)", async () => {
    const { tourId, fecha } = await newTour();
    const put = (payload: object) => t.app.inject({ method: "PUT", url: "/api/salidas/cierre", headers: t.staff("admin"), payload: { tour_id: tourId, fecha, ...payload } });
    expect((await put({ hora: "10:00", cerrada: true })).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual([]);
    expect((await put({ hora: "10:00", cerrada: false })).statusCode).toBe(200);
    expect((await put({ cerrada: true })).statusCode).toBe(200);
    expect((await put({ cerrada: false })).statusCode).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["reapertura", "reapertura"]);
  });

  it("a departure cancelled by staff (its holds released)", async () => {
    const { tourId, fecha, dia } = await newTour();
    const held = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tourId, dia)] } });
    expect(held.statusCode, held.body).toBe(200);
    const res = await t.app.inject({ method: "POST", url: "/api/salidas/cancelar", headers: t.staff("admin"), payload: { tour_id: tourId, fecha, hora: "10:00", motivo: "Lluvia" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["salida_cancelada"]);
  });

  it("an OCTO booking cancelled by its reseller", async () => {
    const { tourId, key } = await newTour();
    const reseller = await t.app.inject({ method: "POST", url: "/api/revendedores", headers: t.staff("admin"), payload: { nombre: "Revendedor de prueba" } });
    expect(reseller.statusCode, reseller.body).toBe(200);
    const apiKey = reseller.json().succes.api_key as string;
    const octo = (url: string, payload: object) => t.app.inject({ method: "POST", url: `/octo${url}`, headers: bearer(apiKey), payload });
    const booked = await octo("/bookings", { productId: String(tourId), optionId: "DEFAULT", availabilityId: key, unitItems: [{ unitId: "adult" }] });
    expect(booked.statusCode, booked.body).toBe(200);
    const cancelled = await octo(`/bookings/${booked.json().uuid}/cancel`, { reason: "No viaja" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["octo"]);
  });

  it("an unpaid order given up at PayPal's return (/pay/not) while its hold was live", async () => {
    const { tourId, dia } = await newTour();
    const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tourId, dia)] } });
    expect(created.statusCode, created.body).toBe(200);
    const res = await t.app.inject({ method: "POST", url: "/compra/cancel", payload: { token: created.json().succes.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventsOf(tourId)).toEqual(["cancelacion"]);
  });

  it("a hold: its lapse is checked by a job scheduled at its end, moved when it is renewed", async () => {
    const { tourId, dia } = await newTour();
    const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tourId, dia)] } });
    expect(created.statusCode, created.body).toBe(200);
    const token = created.json().succes.id as string;
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
    const jobsOf = async () => {
      const result = await t.db.execute(sql`select data, start_after from pgboss.job where name = 'retencion-vencida' and (data->>'pedidoId')::int = ${order!.id} order by start_after`);
      return (result as unknown as { rows: Array<{ data: { hasta: string }; start_after: string | Date }> }).rows;
    };
    const first = await jobsOf();
    expect(first.map((j) => j.data.hasta)).toEqual([order!.hold_expires_at!.toISOString()]);
    expect(new Date(first[0]!.start_after).getTime()).toBe(order!.hold_expires_at!.getTime() + 1000);
    const renewed = await t.app.inject({ method: "POST", url: "/api/compra/retencion", payload: { token } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const [after] = await t.db.select().from(pedido).where(and(eq(pedido.id, order!.id)));
    expect((await jobsOf()).map((j) => j.data.hasta)).toEqual([order!.hold_expires_at!.toISOString(), after!.hold_expires_at!.toISOString()]);
    // (the lapse itself, end to end: lista-espera.test.ts, where an offer's hold lapses and passes to the next entry)
  });
});
