import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { CambioFechaAnswer } from "@tours/contract";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { CANCELACION_MSG } from "../src/modules/reservas/reservas.messages.ts";
import { refundOwed } from "../src/modules/reservas/cambio-fecha.dinero.ts";
import { startOwedRefunds } from "../src/modules/reservas/cambio-fecha.reembolso.ts";
import { cambioFecha } from "../src/modules/reservas/cambio-fecha.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { ALL_DAYS, line } from "./compra-fixtures.ts";
import { buyPaid, msgOf, useReservasApp, type Bought } from "./reserva-fixtures.ts";

/**
 * The money a date change leaves behind, with the job queue running (issue 21, docs/decisions/0013 "Cambio de
 * fecha"): an owed difference refund is a job that retries until PayPal refunds it, and a cancellation after a dearer
 * change gives back the order's own capture and the difference's, each at most what it holds, once.
 */
const { t, paypal, freshIp, reserva, cancelar } = useReservasApp({ jobs: true });

let tour = 0;
const PRICE = 2000;
beforeAll(async () => {
  const [row] = await t.db
    .insert(tourTable)
    .values({ nombre: "Laguna de Guatavita", precioCents: PRICE, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 24 })
    .returning();
  tour = row!.id;
  await t.db.insert(horarioTable).values({ tourId: tour, horaInicio: "16:00", cupo: 3, ...ALL_DAYS });
});
beforeEach(async () => {
  await t.db.update(tourTable).set({ precioCents: PRICE }).where(eq(tourTable.id, tour));
  t.sim.control.setMode("ok");
  t.sim.control.refuseRefunds(null);
  paypal.loseNextRefundAnswer = false;
});

const refunds = () => t.sim.control.refundCount;
const cambiar = (b: Bought, linea: number, fecha: string) =>
  t.app.inject({ method: "POST", url: "/api/reserva/cambio", payload: { referencia: b.referencia, pin: b.pin, linea, fecha, hora: "16:00" }, remoteAddress: freshIp() });
const confirmar = (b: Bought, token: string) =>
  t.app.inject({ method: "POST", url: "/api/reserva/cambio/confirmar", payload: { referencia: b.referencia, pin: b.pin, token }, remoteAddress: freshIp() });
const setPrice = (cents: number) => t.db.update(tourTable).set({ precioCents: cents }).where(eq(tourTable.id, tour));
const refundedOf = (captureId: string) => t.sim.control.capture(captureId)!.refunds.reduce((s, r) => s + Math.round(Number(r.amount.value) * 100), 0);

async function bought(fecha = "11/24/2026-16:00") {
  const b = await buyPaid(t, [line(tour, fecha, { mayores_15: 1 })]);
  return { b, linea: Number((await reserva(b)).lineas[0]!.id) };
}

async function until(what: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await what()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out");
}

describe("the money a date change leaves behind", () => {
  it("a cheaper change's refund PayPal refused is retried by the queue, with no visit: the line moved, the money back once", async () => {
    const { b, linea } = await bought();
    await setPrice(1400);
    const before = refunds();
    t.sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
    const res = await cambiar(b, linea, "2026-11-26");
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio.estado).toBe("reembolso_pendiente");
    expect(answer.succes.lineas[0]).toMatchObject({ fecha: "2026-11-26", valor_total: 14 });
    expect(refunds() - before).toBe(0);

    // PayPal accepts again: the job's next try refunds it; nobody opens the booking meanwhile
    t.sim.control.refuseRefunds(null);
    const id = Number(answer.cambio.id);
    await until(async () => (await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, id)))[0]!.estado === "hecho");
    expect(refunds() - before).toBe(1);
    // the job is done: waiting longer adds no refund, and a visit finds nothing owed
    await new Promise((r) => setTimeout(r, 3_000));
    expect(refunds() - before).toBe(1);
    const after = await reserva(b);
    expect(after).toMatchObject({ reembolsado: 6 });
    expect(after.lineas[0]).toMatchObject({ fecha: "2026-11-26", valor_total: 14 });
    expect(refunds() - before).toBe(1);
  }, 40_000);

  it("a refund still owed with no job left (lost, or out of tries) is queued again when a process starts", async () => {
    const { b, linea } = await bought();
    await setPrice(1500);
    const before = refunds();
    t.sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
    const answer = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-27")).json());
    expect(answer.cambio.estado).toBe("reembolso_pendiente");
    const id = Number(answer.cambio.id);
    // the queue's own first try is refused too and waits 2–4 s for the next: its job goes then (as after its last
    // try), never while a try is running, whose PayPal call could land after PayPal accepts again
    const jobState = async () => {
      const { rows } = (await t.db.execute(
        sql`select state from pgboss.job where name = 'cambio-fecha-reembolso' and singleton_key = ${`cambio-${id}`}`,
      )) as unknown as { rows: Array<{ state: string }> };
      return rows[0]?.state;
    };
    await until(async () => (await jobState()) === "retry");
    await t.db.execute(sql`delete from pgboss.job where name = 'cambio-fecha-reembolso'`);
    // PayPal accepts again, and nothing retries it
    t.sim.control.refuseRefunds(null);
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, id)))[0]!.estado).toBe("reembolso_pendiente");
    expect(refunds() - before).toBe(0);

    // a process starting (its workers, as the app registers them) queues it again: refunded once
    await startOwedRefunds({ db: t.db, payments: t.deps.payments, now: t.deps.now!, log: t.app.log, jobs: t.deps.jobs! });
    await until(async () => (await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, id)))[0]!.estado === "hecho");
    expect(refunds() - before).toBe(1);
    expect(await reserva(b)).toMatchObject({ reembolsado: 5 });
  }, 40_000);

  it("cancelling after a dearer change refunds the order's capture and the difference's, each at most its amount, once", async () => {
    const { b, linea } = await bought();
    await setPrice(2600);
    const started = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-25")).json());
    const token = new URL(started.cambio.aprobar_url!).searchParams.get("token")!;
    t.sim.control.approve(token);
    const paid = await confirmar(b, token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(CambioFechaAnswer.parse(paid.json()).succes.lineas[0]).toMatchObject({ fecha: "2026-11-25", valor_total: 26 });
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id, b.orderId));
    const [change] = await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, Number(started.cambio.id)));
    const before = refunds();

    const res = await cancelar(b, linea, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reembolso: { monto: 26, estado: "completado" } });
    expect(refunds() - before).toBe(2);
    expect(refundedOf(order!.capture_id!)).toBe(2000);
    expect(refundedOf(change!.capture_id!)).toBe(600);

    // again: already cancelled, nothing more goes back
    const again = await cancelar(b, linea, freshIp());
    expect(again.statusCode).toBe(409);
    expect(msgOf(again)).toBe(CANCELACION_MSG.lineAlreadyCancelled);
    expect(refunds() - before).toBe(2);
    expect(await reserva(b)).toMatchObject({ reembolsado: 26, estado: "reembolsado" });
  });

  it("a dearer change, then a much cheaper one: the difference comes back from the checkout's capture and the first difference's, each once", async () => {
    const { b, linea } = await bought();
    await setPrice(5000);
    const dearer = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-27")).json());
    const token = new URL(dearer.cambio.aprobar_url!).searchParams.get("token")!;
    t.sim.control.approve(token);
    expect((await confirmar(b, token)).statusCode).toBe(200);
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id, b.orderId));
    const [first] = await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, Number(dearer.cambio.id)));
    expect(first!.estado).toBe("hecho");
    const before = refunds();

    // 45.00 back: more than the checkout's capture holds (20.00), so 20.00 from it and 25.00 from the 30.00 difference;
    // PayPal makes the first part but its answer is lost on the way back
    await setPrice(500);
    paypal.loseNextRefundAnswer = true;
    const res = await cambiar(b, linea, "2026-11-28");
    expect(res.statusCode, res.body).toBe(200);
    const cheaper = CambioFechaAnswer.parse(res.json());
    expect(cheaper.cambio.estado).toBe("reembolso_pendiente");
    expect(cheaper.succes.lineas[0]).toMatchObject({ fecha: "2026-11-28", valor_total: 5 });
    // the first part is made; the queue, already told, may have made the second by now (PostgreSQL runs it at once)
    expect(refunds() - before).toBeGreaterThanOrEqual(1);
    expect(refunds() - before).toBeLessThanOrEqual(2);

    // the queue's next try: the first part is PayPal's replay (the same request id), the second is made; once each
    const id = Number(cheaper.cambio.id);
    await until(async () => (await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, id)))[0]!.estado === "hecho");
    expect(refunds() - before).toBe(2);
    expect(refundedOf(order!.capture_id!)).toBe(2000);
    expect(refundedOf(first!.capture_id!)).toBe(2500);
    expect(await reserva(b)).toMatchObject({ reembolsado: 45 });

    // cancelling now gives back the 5.00 left, from the only capture that still holds money
    const cancelled = await cancelar(b, linea, freshIp());
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ reembolso: { monto: 5, estado: "completado" } });
    expect(refunds() - before).toBe(3);
    expect(refundedOf(order!.capture_id!)).toBe(2000);
    expect(refundedOf(first!.capture_id!)).toBe(3000);
    expect(await reserva(b)).toMatchObject({ reembolsado: 50, estado: "reembolsado" });
  }, 40_000);

  it("an owed refund from two captures asked by 12 tries at once (and the queue): each capture refunded once", async () => {
    const { b, linea } = await bought();
    await setPrice(5000);
    const dearer = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-29")).json());
    const token = new URL(dearer.cambio.aprobar_url!).searchParams.get("token")!;
    t.sim.control.approve(token);
    expect((await confirmar(b, token)).statusCode).toBe(200);
    const [order] = await t.db.select().from(pedido).where(eq(pedido.id, b.orderId));
    const [first] = await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, Number(dearer.cambio.id)));

    // PayPal refuses while the cheaper change moves: 45.00 is owed, nothing refunded yet
    await setPrice(500);
    t.sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
    const cheaper = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-30")).json());
    expect(cheaper.cambio.estado).toBe("reembolso_pendiente");
    const before = refunds();

    t.sim.control.refuseRefunds(null);
    const deps = { db: t.db, payments: t.deps.payments, now: t.deps.now!, log: t.app.log };
    const id = Number(cheaper.cambio.id);
    await Promise.all(Array.from({ length: 12 }, () => refundOwed(deps, id)));
    await until(async () => (await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, id)))[0]!.estado === "hecho");
    await Promise.all(Array.from({ length: 12 }, () => refundOwed(deps, id)));
    expect(refunds() - before).toBe(2);
    expect(refundedOf(order!.capture_id!)).toBe(2000);
    expect(refundedOf(first!.capture_id!)).toBe(2500);
    expect(await reserva(b)).toMatchObject({ reembolsado: 45 });
  }, 40_000);
});
