import { describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { pedido, reembolso } from "../src/modules/compra/compra.table.ts";
import { silentNotifier, type Notifier } from "../src/notifications/notifier.ts";
import { line } from "./compra-fixtures.ts";
import { buyPaid } from "./reserva-fixtures.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

/*
 * Issue 22: a whole departure cancelled with a reason, in one process with its job queue (the kill-and-restart
 * version on PostgreSQL: salida-cancelada.test.ts). It closes, the hold is released, each paid booking is refunded
 * by its own job and told once; cancelling again adds nothing. Administrador and Ventas may; a Guía may not.
 */

const told: Array<Parameters<Notifier["orderCancelled"]>[0]> = [];
const t = useTestApp({
  paypal: true,
  catalogue: true,
  jobs: true,
  staff: ["ventas", "guia"],
  notifier: { ...silentNotifier, async orderCancelled(event) { told.push(event); } },
});

describe("POST /api/salidas/cancelar", () => {
  it("closes the departure, releases the hold, refunds and tells each paid booking once, by its own job", async () => {
    const fecha = addDays(wallClock(new Date(), "America/Bogota").date, 3);
    const dia = formatDia(fecha, "09:00");
    const paid = [];
    for (const nombre of ["Ana", "Beto", "Carla"]) paid.push(await buyPaid(t, [line(t.cat.tourA, dia, { mayores_15: 2 })], { nombre, email: `${nombre}@example.com` }));
    const held = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { nombre: "Elena", apellido: "R", email: "e@example.com", telefono: 3001234567, direccion: "C", nit: "1", pedidos: [line(t.cat.tourA, dia)] } });
    expect(held.statusCode, held.body).toBe(200);
    const body = { tour_id: t.cat.tourA, fecha, hora: "09:00", motivo: "Tormenta eléctrica" };
    const post = (headers: Record<string, string>, payload: object) => t.app.inject({ method: "POST", url: "/api/salidas/cancelar", headers, payload });

    expect((await post(t.staff("guia"), body)).statusCode).toBe(403);
    const noReason = await post(t.staff("ventas"), { ...body, motivo: " " });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].msg).toBe("Indica el motivo de la cancelación (por ejemplo, el clima)");

    const res = await post(t.staff("ventas"), body);
    expect(res.statusCode, res.body).toBe(200);
    const key = `${t.cat.tourA}-${fecha.replaceAll("-", "")}-0900`;
    expect(res.json().succes).toEqual({ salida: key, reembolsos: 3, liberadas: 1 });
    // closed and audited with its reason at once; the hold is gone
    const foundRes = await t.app.inject({ method: "GET", url: `/api/salidas/find/${key}`, headers: t.staff("ventas") });
    expect(foundRes.statusCode, foundRes.body).toBe(200);
    const found = foundRes.json().succes;
    expect(found).toMatchObject({ cerrada: true, retenidos: 0, estado: "cerrada" });
    const [audit] = await t.db.select().from(auditLogTable).where(and(eq(auditLogTable.resourceId, key), eq(auditLogTable.action, "cancel")));
    expect(audit!.changes).toMatchObject({
      cerrada: { antes: false, despues: true },
      motivo: { despues: "Tormenta eléctrica" },
      reservas_a_reembolsar: { despues: 3 },
      retenciones_liberadas: { despues: 1 },
    });

    const ids = paid.map((p) => p.orderId);
    await waitFor("the three refunds", async () => (await t.db.select().from(pedido).where(inArray(pedido.id, ids))).every((o) => o.estado === "reembolsado"));
    await waitFor("the three e-mails", async () => told.length === 3);
    expect(told.map((e) => e.orderId).sort()).toEqual([...ids].sort());
    expect(told.every((e) => e.porStaff)).toBe(true);
    const refunds = await t.db.select().from(reembolso).where(inArray(reembolso.pedido_id, ids));
    expect(refunds.map((r) => [r.estado, r.motivo, r.por])).toEqual(Array(3).fill(["completado", "Tormenta eléctrica", "staff"]));
    expect(t.sim.control.refundCount).toBe(3);

    // again: nothing left to refund, nothing told twice
    const again = await post(t.staff("ventas"), body);
    expect(again.json().succes).toEqual({ salida: key, reembolsos: 0, liberadas: 0 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(told).toHaveLength(3);
    expect(t.sim.control.refundCount).toBe(3);
  }, 60_000);
});
