import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CambioFechaAnswer, CambioPreviewAnswer } from "@tours/contract";
import { codigoDescuento } from "../src/modules/codigos/codigos.table.ts";
import { cambioFecha } from "../src/modules/reservas/cambio-fecha.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { ALL_DAYS, line } from "./compra-fixtures.ts";
import { buyPaid, msgOf, useReservasApp, type Bought } from "./reserva-fixtures.ts";

/**
 * The buyer's date change in "Mi reserva" (issue 21, docs/decisions/0013 "Cambio de fecha"): each money path, with
 * the PayPal simulator's own counts of orders created, captures and refunds.
 */
const { t, changed, paypal, freshIp, reserva, detalle } = useReservasApp();

let tour = 0;
const PRICE = 2000;
beforeAll(async () => {
  const [row] = await t.db
    .insert(tourTable)
    .values({ nombre: "Museo del Oro", precioCents: PRICE, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 24 })
    .returning();
  tour = row!.id;
  await t.db.insert(horarioTable).values({ tourId: tour, horaInicio: "16:00", cupo: 3, ...ALL_DAYS });
});
beforeEach(async () => {
  await t.db.update(tourTable).set({ precioCents: PRICE, corteHoras: 24, reembolsable: true }).where(eq(tourTable.id, tour));
  t.sim.control.setMode("ok");
  t.sim.control.refuseRefunds(null);
  paypal.loseNextRefundAnswer = false;
});

const counts = () => ({ create: t.sim.control.createCount, capture: t.sim.control.captureCount, refund: t.sim.control.refundCount });
const since = (before: ReturnType<typeof counts>) => {
  const now = counts();
  return { create: now.create - before.create, capture: now.capture - before.capture, refund: now.refund - before.refund };
};

const body = (b: Bought, linea: number, fecha: string, hora = "16:00") => ({ referencia: b.referencia, pin: b.pin, linea, fecha, hora });
const cambiar = (b: Bought, linea: number, fecha: string) =>
  t.app.inject({ method: "POST", url: "/api/reserva/cambio", payload: body(b, linea, fecha), remoteAddress: freshIp() });
const consultar = (b: Bought, linea: number, fecha: string) =>
  t.app.inject({ method: "POST", url: "/api/reserva/cambio/consulta", payload: body(b, linea, fecha), remoteAddress: freshIp() });
const confirmar = (b: Bought, token: string) =>
  t.app.inject({ method: "POST", url: "/api/reserva/cambio/confirmar", payload: { referencia: b.referencia, pin: b.pin, token }, remoteAddress: freshIp() });

async function bought(fecha = "11/24/2026-16:00", adults = 1) {
  const b = await buyPaid(t, [line(tour, fecha, { mayores_15: adults })]);
  const r = await reserva(b);
  return { b, linea: Number(r.lineas[0]!.id) };
}
const setPrice = (cents: number) => t.db.update(tourTable).set({ precioCents: cents }).where(eq(tourTable.id, tour));
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

describe("a buyer changes the date of a booking", () => {
  it("the same price moves at once: the booking shows the new date, the places move, PayPal is not called, a new e-mail goes out", async () => {
    const { b, linea } = await bought();
    const preview = await consultar(b, linea, "2026-11-25");
    expect(preview.statusCode, preview.body).toBe(200);
    expect(CambioPreviewAnswer.parse(preview.json()).succes).toMatchObject({ diferencia: 0, total_nuevo: 20, quedan: 3 });
    const before = counts();
    changed.length = 0;
    const res = await cambiar(b, linea, "2026-11-25");
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio).toMatchObject({ estado: "hecho", diferencia: 0, aprobar_url: null });
    expect(answer.cambio.mensaje).toContain("Listo: tu reserva pasó a la salida del miércoles, 25 de noviembre de 2026");
    expect(answer.succes.lineas[0]).toMatchObject({ fecha: "2026-11-25", hora: "16:00", valor_total: 20 });
    expect(answer.succes.referencia).toBe(b.referencia);
    expect(since(before)).toEqual({ create: 0, capture: 0, refund: 0 });
    expect(changed).toEqual([{ orderId: b.orderId, lineId: linea, dateChangeId: answer.cambio.id }]);
    const [row] = await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, Number(answer.cambio.id)));
    expect(row).toMatchObject({ estado: "hecho", diferencia_cents: 0, por: "cliente", linea_id: linea });
  });

  it("a booking bought with a discount code keeps its discount: the same price moves at once, a dearer one pays the catalogue's difference", async () => {
    const [code] = await t.db.insert(codigoDescuento).values({ codigo: "CAMBIO-10", tipo: "porcentaje", valor: 10 }).returning();
    const b = await buyPaid(t, [line(tour, "12/01/2026-16:00", { mayores_15: 2 })], { codigo: code!.codigo });
    const r = await reserva(b);
    const linea = Number(r.lineas[0]!.id);
    expect(r.lineas[0]).toMatchObject({ valor_total: 36 });
    const preview = await consultar(b, linea, "2026-12-02");
    expect(preview.statusCode, preview.body).toBe(200);
    expect(CambioPreviewAnswer.parse(preview.json()).succes).toMatchObject({ diferencia: 0, total_antes: 36, total_nuevo: 36 });
    const before = counts();
    const res = await cambiar(b, linea, "2026-12-02");
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio).toMatchObject({ estado: "hecho", diferencia: 0, aprobar_url: null });
    expect(answer.succes.lineas[0]).toMatchObject({ fecha: "2026-12-02", valor_total: 36 });
    expect(since(before)).toEqual({ create: 0, capture: 0, refund: 0 });
    // the price goes up by 5.00 a person: 2 × 25.00 less the 4.00 the code took off, 10.00 more than was paid
    await setPrice(2500);
    const dearer = await consultar(b, linea, "2026-12-03");
    expect(CambioPreviewAnswer.parse(dearer.json()).succes).toMatchObject({ diferencia: 10, total_antes: 36, total_nuevo: 46 });
  });

  it("a cheaper departure moves, then refunds the difference once through PayPal", async () => {
    const { b, linea } = await bought("11/24/2026-16:00", 2);
    await setPrice(1500);
    const before = counts();
    const res = await cambiar(b, linea, "2026-11-26");
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio).toMatchObject({ estado: "hecho", diferencia: -10 });
    expect(answer.cambio.mensaje).toContain("Te devolvimos la diferencia de USD 10.00 por PayPal");
    expect(answer.succes).toMatchObject({ valor_total: 30, reembolsado: 10 });
    expect(since(before)).toEqual({ create: 0, capture: 0, refund: 1 });
    // later visits retry what is owed: nothing is
    expect((await consultar(b, linea, "2026-11-27")).statusCode).toBe(200);
    expect(since(before).refund).toBe(1);
    expect((await detalle(b.orderId)).reembolsos).toEqual([expect.objectContaining({ monto: 10, estado: "completado", motivo: "Diferencia por cambio de fecha" })]);
  });

  it("a refund PayPal refuses or does not answer is kept and retried: the booking is moved, the money goes back once", async () => {
    const { b, linea } = await bought();
    await setPrice(1200);
    const before = counts();
    t.sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
    const res = await cambiar(b, linea, "2026-11-27");
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio.estado).toBe("reembolso_pendiente");
    expect(answer.cambio.mensaje).toContain("está en trámite");
    expect(answer.succes.lineas[0]).toMatchObject({ fecha: "2026-11-27" });
    expect(since(before).refund).toBe(0);

    // PayPal refunds it but its answer is lost: the retry is the same PayPal request, answered with the same refund
    t.sim.control.refuseRefunds(null);
    paypal.loseNextRefundAnswer = true;
    expect((await consultar(b, linea, "2026-11-28")).statusCode).toBe(200);
    expect(since(before).refund).toBe(1);
    const [pending] = await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, Number(answer.cambio.id)));
    expect(pending!.estado).toBe("reembolso_pendiente");
    expect((await consultar(b, linea, "2026-11-28")).statusCode).toBe(200);
    expect((await consultar(b, linea, "2026-11-28")).statusCode).toBe(200);
    expect(since(before).refund).toBe(1);
    const [done] = await t.db.select().from(cambioFecha).where(eq(cambioFecha.id, Number(answer.cambio.id)));
    expect(done).toMatchObject({ estado: "hecho", refund_intentos: 1 });
    expect((await reserva(b)).reembolsado).toBe(8);
  });

  it("a dearer departure is paid first: nothing moves until PayPal captures the difference; a repeated confirm charges once", async () => {
    const { b, linea } = await bought();
    await setPrice(2600);
    const before = counts();
    const res = await cambiar(b, linea, "2026-11-25");
    expect(res.statusCode, res.body).toBe(200);
    const started = CambioFechaAnswer.parse(res.json());
    expect(started.cambio).toMatchObject({ estado: "por_pagar", diferencia: 6 });
    expect(started.cambio.aprobar_url).toMatch(/^http/);
    expect(started.succes.lineas[0]).toMatchObject({ fecha: "2026-11-24", valor_total: 20 });
    const token = tokenOf(started.cambio.aprobar_url!);

    // back without approving: nothing charged, nothing moved
    const early = await confirmar(b, token);
    expect(early.statusCode).toBe(409);
    expect(msgOf(early)).toBe("No aprobaste el pago de la diferencia en PayPal; tu reserva sigue en su fecha de antes.");

    t.sim.control.approve(token);
    const all = await Promise.all([confirmar(b, token), confirmar(b, token), confirmar(b, token)]);
    const ok = all.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of all.filter((x) => x.statusCode !== 200)) expect(msgOf(r)).toBe("Ya se está procesando un cambio de esta reserva; intenta de nuevo en unos segundos");
    const again = await confirmar(b, token);
    expect(again.statusCode, again.body).toBe(200);
    const done = CambioFechaAnswer.parse(again.json());
    expect(done.cambio).toMatchObject({ estado: "hecho", diferencia: 6 });
    expect(done.cambio.mensaje).toContain("pagaste la diferencia de USD 6.00");
    expect(done.succes.lineas[0]).toMatchObject({ fecha: "2026-11-25", valor_total: 26 });
    expect(done.succes.valor_total).toBe(26);
    expect(since(before)).toEqual({ create: 1, capture: 1, refund: 0 });
  });

  it("starting another dearer change replaces the first: its PayPal order is never captured", async () => {
    const { b, linea } = await bought();
    await setPrice(2400);
    const before = counts();
    const first = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-25")).json());
    const second = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-26")).json());
    const [t1, t2] = [tokenOf(first.cambio.aprobar_url!), tokenOf(second.cambio.aprobar_url!)];
    t.sim.control.approve(t1);
    t.sim.control.approve(t2);
    const stale = await confirmar(b, t1);
    expect(stale.statusCode).toBe(409);
    expect(msgOf(stale)).toBe("Este cambio de fecha ya no está vigente; tu reserva sigue como la ves.");
    const res = await confirmar(b, t2);
    expect(res.statusCode, res.body).toBe(200);
    expect(CambioFechaAnswer.parse(res.json()).succes.lineas[0]).toMatchObject({ fecha: "2026-11-26", valor_total: 24 });
    expect(since(before)).toEqual({ create: 2, capture: 1, refund: 0 });
  });

  it("PayPal declining the difference moves nothing", async () => {
    const { b, linea } = await bought();
    await setPrice(3000);
    const before = counts();
    const started = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-25")).json());
    const token = tokenOf(started.cambio.aprobar_url!);
    t.sim.control.approve(token);
    t.sim.control.setMode("decline");
    const res = await confirmar(b, token);
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("PayPal rechazó el pago de la diferencia; tu reserva sigue en su fecha de antes.");
    t.sim.control.setMode("ok");
    expect((await confirmar(b, token)).statusCode).toBe(409);
    expect((await reserva(b)).lineas[0]).toMatchObject({ fecha: "2026-11-24", valor_total: 20 });
    expect(since(before)).toEqual({ create: 1, capture: 0, refund: 0 });
  });

  it("the new departure fills up while the buyer pays: the captured difference is refunded and the booking stays", async () => {
    const { b, linea } = await bought();
    await setPrice(2500);
    const before = counts();
    const started = CambioFechaAnswer.parse((await cambiar(b, linea, "2026-11-29")).json());
    const token = tokenOf(started.cambio.aprobar_url!);
    await buyPaid(t, [line(tour, "11/29/2026-16:00", { mayores_15: 3 })]);
    t.sim.control.approve(token);
    const afterOther = counts();
    const res = await confirmar(b, token);
    expect(res.statusCode, res.body).toBe(200);
    const answer = CambioFechaAnswer.parse(res.json());
    expect(answer.cambio.estado).toBe("devuelto");
    expect(answer.cambio.mensaje).toContain("se agotó mientras pagabas: tu reserva sigue en su fecha de antes y te devolvimos los USD 5.00");
    expect(answer.succes.lineas[0]).toMatchObject({ fecha: "2026-11-24", valor_total: 20 });
    expect(since(afterOther)).toEqual({ create: 0, capture: 1, refund: 1 });
    expect(since(before).capture).toBe(2);
    expect((await confirmar(b, token)).statusCode).toBe(200);
    expect(since(afterOther)).toEqual({ create: 0, capture: 1, refund: 1 });
  });

  it("refusals are said in Spanish: sold out, too late, not refundable, the same departure", async () => {
    const { b, linea } = await bought();
    await buyPaid(t, [line(tour, "11/30/2026-16:00", { mayores_15: 3 })]);
    const full = await cambiar(b, linea, "2026-11-30");
    expect(full.statusCode).toBe(409);
    expect(msgOf(full)).toBe("La salida del lunes, 30 de noviembre de 2026 a las 16:00 hora de Bogotá está agotada; elige otra fecha u horario");
    const same = await cambiar(b, linea, "2026-11-24");
    expect(msgOf(same)).toBe("Tu reserva ya está en esa fecha y horario; elige otra");
    await t.db.update(tourTable).set({ corteHoras: 90 }).where(eq(tourTable.id, tour));
    const late = await cambiar(b, linea, "2026-11-25");
    expect(late.statusCode).toBe(409);
    expect(msgOf(late)).toMatch(/^El plazo para cambiar la fecha de Museo del Oro terminó el /);
    await t.db.update(tourTable).set({ corteHoras: 24, reembolsable: false }).where(eq(tourTable.id, tour));
    const never = await cambiar(b, linea, "2026-11-25");
    expect(msgOf(never)).toBe("El tour Museo del Oro no es reembolsable: su fecha no se puede cambiar");
    expect((await reserva(b)).lineas[0]).toMatchObject({ fecha: "2026-11-24" });
  });
});
