import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { CambioFechaAnswer, PedidoDetalleAnswer } from "@tours/contract";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { ALL_DAYS, line } from "./compra-fixtures.ts";
import { buyPaid, msgOf, useReservasApp } from "./reserva-fixtures.ts";

/** Staff change a booking's date from the order's detail (issue 21; decision 0013): roles, no charge, the Actividad entry. */
const { t, changed, reserva } = useReservasApp({ staff: ["admin", "ventas", "guia"] });

let tour = 0;
beforeAll(async () => {
  const [row] = await t.db
    .insert(tourTable)
    .values({ nombre: "Zipaquirá", precioCents: 3000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 24 })
    .returning();
  tour = row!.id;
  await t.db.insert(horarioTable).values({ tourId: tour, horaInicio: "08:00", cupo: 4, ...ALL_DAYS });
});

const mover = (orderId: number, payload: object, rol: "admin" | "ventas" | "guia" = "ventas") =>
  t.app.inject({ method: "POST", url: `/api/compra/cambio-fecha/${orderId}`, payload, headers: t.staff(rol) });
const counts = () => ({ create: t.sim.control.createCount, capture: t.sim.control.captureCount, refund: t.sim.control.refundCount });

describe("staff change a booking's date", () => {
  it("Ventas moves a line; a dearer departure costs the buyer nothing; Actividad says who moved what from where to where", async () => {
    const b = await buyPaid(t, [line(tour, "11/25/2026-08:00", { mayores_15: 2 })]);
    const linea = Number((await reserva(b)).lineas[0]!.id);
    await t.db.update(tourTable).set({ precioCents: 4000 }).where(eq(tourTable.id, tour));
    const before = counts();
    changed.length = 0;
    const res = await mover(b.orderId, { linea, fecha: "2026-11-27", hora: "08:00" });
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio).toMatchObject({ estado: "hecho", diferencia: 0 });
    expect(answer.cambio.mensaje).toBe("Reserva movida a la salida del viernes, 27 de noviembre de 2026 a las 08:00 hora de Bogotá, sin cobrar diferencia al comprador.");
    expect(answer.succes.lineas[0]).toMatchObject({ fecha: "2026-11-27", valor_total: 60 });
    expect(counts()).toEqual(before);
    expect(changed).toHaveLength(1);
    // the order's detail lists the change
    const detail = PedidoDetalleAnswer.parse((await t.app.inject({ method: "GET", url: `/api/compra/find/${b.orderId}`, headers: t.staff("ventas") })).json());
    expect(detail.cambios).toEqual([
      expect.objectContaining({
        linea,
        estado: "hecho",
        por: "staff",
        diferencia: 0,
        desde: "Zipaquirá · miércoles, 25 de noviembre de 2026 a las 08:00 hora de Bogotá",
        hacia: "Zipaquirá · viernes, 27 de noviembre de 2026 a las 08:00 hora de Bogotá",
      }),
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.action, "cambio_fecha"), eq(auditLogTable.resourceId, String(b.orderId))));
    expect(entry).toMatchObject({
      actorEmail: expect.stringContaining("ventas"),
      changes: expect.objectContaining({
        salida: { antes: `${tour}-20261125-0800`, despues: `${tour}-20261127-0800` },
        fecha: {
          antes: "miércoles, 25 de noviembre de 2026 a las 08:00 hora de Bogotá",
          despues: "viernes, 27 de noviembre de 2026 a las 08:00 hora de Bogotá",
        },
      }),
    });
  });

  it("a cheaper departure refunds the difference once; the Guía may not move bookings", async () => {
    await t.db.update(tourTable).set({ precioCents: 3000 }).where(eq(tourTable.id, tour));
    const b = await buyPaid(t, [line(tour, "11/25/2026-08:00")]);
    const linea = Number((await reserva(b)).lineas[0]!.id);
    const guia = await mover(b.orderId, { linea, fecha: "2026-11-28", hora: "08:00" }, "guia");
    expect(guia.statusCode).toBe(403);
    await t.db.update(tourTable).set({ precioCents: 2500 }).where(eq(tourTable.id, tour));
    const before = t.sim.control.refundCount;
    const res = await mover(b.orderId, { linea, fecha: "2026-11-28", hora: "08:00" }, "admin");
    expect(res.statusCode, res.body).toBe(200);
    expect(CambioFechaAnswer.parse(res.json()).succes).toMatchObject({ valor_total: 25, reembolsado: 5 });
    expect(t.sim.control.refundCount - before).toBe(1);
  });

  it("staff may move a line after the buyer's deadline, not after its departure started; a full departure is refused", async () => {
    await t.db.update(tourTable).set({ precioCents: 3000 }).where(eq(tourTable.id, tour));
    const b1 = await buyPaid(t, [line(tour, "11/23/2026-08:00")]);
    const b2 = await buyPaid(t, [line(tour, "11/23/2026-08:00")]);
    const l1 = Number((await reserva(b1)).lineas[0]!.id);
    const l2 = Number((await reserva(b2)).lineas[0]!.id);
    await buyPaid(t, [line(tour, "11/29/2026-08:00", { mayores_15: 4 })]);
    const full = await mover(b1.orderId, { linea: l1, fecha: "2026-11-29", hora: "08:00" });
    expect(full.statusCode).toBe(409);
    expect(msgOf(full)).toBe("La salida del domingo, 29 de noviembre de 2026 a las 08:00 hora de Bogotá está agotada; elige otra fecha u horario");
    // past the buyer's deadline (24 h before), before the departure
    t.clock.set(new Date("2026-11-22T20:00:00Z"));
    const buyer = await t.app.inject({ method: "POST", url: "/api/reserva/cambio", payload: { referencia: b1.referencia, pin: b1.pin, linea: l1, fecha: "2026-11-30", hora: "08:00" } });
    expect(buyer.statusCode).toBe(409);
    expect(msgOf(buyer)).toMatch(/^El plazo para cambiar la fecha de Zipaquirá terminó el /);
    const ok = await mover(b1.orderId, { linea: l1, fecha: "2026-11-30", hora: "08:00" });
    expect(ok.statusCode, ok.body).toBe(200);
    t.clock.set(new Date("2026-11-23T14:00:00Z"));
    const late = await mover(b2.orderId, { linea: l2, fecha: "2026-12-01", hora: "08:00" });
    expect(late.statusCode).toBe(409);
    expect(msgOf(late)).toBe("La salida de Zipaquirá ya empezó: no se puede cambiar la fecha");
  });
});
