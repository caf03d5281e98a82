import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DisponibilidadAnswer, ManifiestoAnswer, ReservaCancelAnswer } from "@tours/contract";
import { pedido, reembolso } from "../src/modules/compra/compra.table.ts";
import { MONDAY_14, NOW, SUNDAY_1130, buyer, line } from "./compra-fixtures.ts";
import { TUESDAY_16, buyPaid, msgOf, useReservasApp } from "./reserva-fixtures.ts";

/** A buyer cancelling through Mi reserva: refunds, places freed, PayPal refusing or not answering, deadlines. */
const { t, cancelled, tours, paypal, freshIp, cancelar, reembolsar, reserva, detalle } = useReservasApp();

describe("cancelling with refund", () => {
  it("one line, then the rest: PayPal refunds each part, the order ends refunded (no longer paid) and the buyer is told", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14, { mayores_15: 2 }), line(t.cat.tourB, SUNDAY_1130)]);
    const before = await reserva(b);
    const [a, bLine] = before.lineas;
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.orderId)))[0]!.capture_id!;
    cancelled.length = 0;

    const first = await cancelar(b, a!.id, freshIp());
    expect(first.statusCode, first.body).toBe(200);
    const one = ReservaCancelAnswer.parse(first.json());
    expect(one.reembolso).toMatchObject({ monto: 90, estado: "completado" });
    expect(one.succes).toMatchObject({ estado: "pagado", pagado: true, reembolsado: 90 });
    expect(one.succes.lineas[0]).toMatchObject({ cancelable: false, cancelada_at: NOW.toISOString(), motivo_no_cancelable: "Esta parte de la reserva ya fue cancelada" });
    expect(one.succes.lineas[1]).toMatchObject({ cancelable: true, cancelada_at: null });
    expect(t.sim.control.capture(captureId)).toMatchObject({ status: "PARTIALLY_REFUNDED" });
    expect(cancelled).toEqual([{ orderId: b.orderId, lineIds: [a!.id], refundId: one.reembolso.id, porStaff: false }]);

    const again = await cancelar(b, a!.id, freshIp());
    expect(again.statusCode).toBe(409);
    expect(msgOf(again)).toBe("Esta parte de la reserva ya fue cancelada");

    const rest = await cancelar(b, undefined, freshIp());
    expect(rest.statusCode, rest.body).toBe(200);
    const two = ReservaCancelAnswer.parse(rest.json());
    expect(two.reembolso.monto).toBe(33.33);
    expect(two.succes).toMatchObject({ estado: "reembolsado", pagado: false, reembolsado: 123.33 });
    expect(t.sim.control.capture(captureId)?.status).toBe("REFUNDED");
    expect(t.sim.control.capture(captureId)?.refunds.map((r) => r.amount.value)).toEqual(["90.00", "33.33"]);
    expect(cancelled.at(-1)).toMatchObject({ lineIds: [bLine!.id], porStaff: false });

    // the panel: no longer paid, with both refunds on the order
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id, b.orderId));
    expect(row).toMatchObject({ estado: "reembolsado", status: false });
    const d = await detalle(b.orderId);
    expect(d.referencia).toBe(b.referencia);
    expect(d.succes.map((l) => l.cancelada_at)).toEqual([NOW.toISOString(), NOW.toISOString()]);
    expect(d.reembolsos.map((r) => [r.monto, r.estado, r.por, r.usuario])).toEqual([
      [90, "completado", "cliente", null],
      [33.33, "completado", "cliente", null],
    ]);
    expect(d.correos).toEqual([]);
    const whole = await cancelar(b, undefined, freshIp());
    expect(whole.statusCode).toBe(409);
    expect(msgOf(whole)).toBe("Esta reserva ya fue cancelada");
    // the buyer reloading /pay/ok afterwards is told at once, not kept waiting for a capture
    const reconfirm = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token: b.token } });
    expect(reconfirm.statusCode).toBe(409);
    expect(msgOf(reconfirm)).toBe("Este pedido fue cancelado y su pago reembolsado");
  });

  it("the places come back to the departure", async () => {
    const disponibles = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/tour/disponibilidad/${tours.cupo}?mes=2026-11` });
      const dia = DisponibilidadAnswer.parse(res.json()).succes.dias.find((d) => d.fecha === "2026-11-24");
      return dia!.salidas[0]!;
    };
    const b = await buyPaid(t, [line(tours.cupo, TUESDAY_16, { mayores_15: 3 })]);
    expect(await disponibles()).toMatchObject({ quedan: 0, estado: "agotada" });
    const full = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tours.cupo, TUESDAY_16)] } });
    expect(full.statusCode).toBe(409);

    expect((await cancelar(b, undefined, freshIp())).statusCode).toBe(200);
    expect(await disponibles()).toMatchObject({ quedan: 3, estado: "pocos", reservable: true });
    const manifest = await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${tours.cupo}-20261124-1600`, headers: t.staff("admin") });
    expect(ManifiestoAnswer.parse(manifest.json()).succes).toMatchObject({ pedidos: [], salida: { vendidos: 0, quedan: 3 } });
    // and they can be sold again
    await buyPaid(t, [line(tours.cupo, TUESDAY_16, { mayores_15: 3 })]);
    expect(await disponibles()).toMatchObject({ quedan: 0 });
  });

  it("a refund PayPal refuses leaves the booking paid and says why; the next try is a new PayPal request", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const refundsBefore = t.sim.control.refundCount;
    t.sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
    cancelled.length = 0;
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(502);
    expect(msgOf(res)).toBe(
      "PayPal rechazó el reembolso: la cuenta del comercio no tiene fondos suficientes en este momento. La reserva sigue pagada y no se canceló nada.",
    );
    const after = await reserva(b);
    expect(after).toMatchObject({ estado: "pagado", pagado: true, reembolsado: 0 });
    expect(after.lineas[0]).toMatchObject({ cancelada_at: null, cancelable: true });
    expect(cancelled).toEqual([]);
    const d = await detalle(b.orderId);
    expect(d.reembolsos).toEqual([expect.objectContaining({ monto: 45, estado: "fallido", error: expect.stringContaining("fondos suficientes") })]);

    t.sim.control.refuseRefunds(null);
    const retry = await cancelar(b, undefined, freshIp());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(t.sim.control.refundCount - refundsBefore).toBe(1);
    expect((await detalle(b.orderId)).reembolsos.map((r) => r.estado)).toEqual(["fallido", "completado"]);
  });

  it("PayPal not answering cancels nothing and keeps nothing; the retry is the same PayPal request", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    t.sim.control.setMode("fail500");
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(502);
    expect(msgOf(res)).toContain("PayPal no respondió a la solicitud de reembolso. La reserva sigue pagada");
    t.sim.control.setMode("ok");
    expect((await reserva(b)).lineas[0]!.cancelada_at).toBeNull();
    expect(await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.orderId))).toEqual([]);
    expect((await cancelar(b, undefined, freshIp())).statusCode).toBe(200);
  });

  it("a refund PayPal made whose answer was lost: the retry gets the same refund back, not a second one", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const before = t.sim.control.refundCount;
    paypal.loseNextRefundAnswer = true;
    const lost = await cancelar(b, undefined, freshIp());
    expect(lost.statusCode).toBe(502);
    expect(t.sim.control.refundCount - before).toBe(1);
    expect((await reserva(b)).lineas[0]!.cancelada_at).toBeNull();

    const retry = await cancelar(b, undefined, freshIp());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(t.sim.control.refundCount - before).toBe(1);
    const [row] = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.orderId));
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.orderId)))[0]!.capture_id!;
    expect(row).toMatchObject({ estado: "completado", paypal_refund_id: t.sim.control.capture(captureId)!.refunds[0]!.id });
  });

  it("after the deadline the buyer's cancel is refused with the deadline", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    t.clock.set(new Date("2026-11-22T19:00:00.000Z"));
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("El plazo para cancelar La Candelaria terminó el domingo, 22 de noviembre de 2026 a las 14:00 hora de Bogotá");
    expect((await reserva(b)).pagado).toBe(true);
  });

  it("a non-refundable tour cannot be cancelled by its buyer", async () => {
    const b = await buyPaid(t, [line(tours.noReembolsable, "11/25/2026-10:00")]);
    const r = await reserva(b);
    expect(r.lineas[0]).toMatchObject({ reembolsable: false, limite_cancelacion: null, cancelable: false });
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("El tour Sin reembolso no es reembolsable: su reserva no se puede cancelar");
  });

  it("an unpaid order cannot be cancelled through Mi reserva", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(t.cat.tourA, MONDAY_14)] } });
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, (created.json() as { succes: { id: string } }).succes.id));
    const res = await cancelar(row!, undefined, freshIp());
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("Esta reserva no está pagada: no hay nada que reembolsar");
  });

  it("many cancels of the same line at once refund it once", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const before = t.sim.control.refundCount;
    const [lineId] = (await reserva(b)).lineas.map((l) => l.id);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => cancelar(b, i % 2 ? lineId : undefined, freshIp())),
      reembolsar(b.orderId, { linea: lineId }),
      reembolsar(b.orderId),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(t.sim.control.refundCount - before).toBe(1);
    const rows = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.orderId));
    expect(rows.map((r) => r.estado)).toEqual(["completado"]);
  });
});
