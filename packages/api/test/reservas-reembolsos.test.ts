import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ReservaCancelAnswer } from "@tours/contract";
import { REFUND_CLAIM_TTL_MS } from "../src/modules/reservas/cancelacion.service.ts";
import { auditLogTable } from "../src/modules/auditoria/auditoria.table.ts";
import { pedido, reembolso } from "../src/modules/compra/compra.table.ts";
import { bearer, loginAsStaff } from "./helpers.ts";
import { MONDAY_14, NOW, SUNDAY_1130, buyer, line } from "./compra-fixtures.ts";
import { buyPaid, msgOf, useReservasApp } from "./reserva-fixtures.ts";

/** Cancellations while PayPal is slow or one was abandoned halfway, and refunds made by staff. */
const { t, cancelled, tours, paypal, freshIp, cancelar, reembolsar, reserva, detalle } = useReservasApp();


function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Waits (a few seconds at most) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean) {
  const giveUp = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error("condition not reached");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const claimOf = async (orderId: number) =>
  (await t.db.select().from(reembolso).where(and(eq(reembolso.pedido_id, orderId), eq(reembolso.estado, "en_curso"))))[0];
/** The answer, or "still waiting" if it takes longer than `ms`. */
const within = <T>(p: Promise<T>, ms = 3_000) =>
  Promise.race([p, new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms))]);

describe("cancelling while PayPal is slow or a cancellation was abandoned", () => {
  it("the rest of the site answers while PayPal refunds; other cancels of that booking are told one is in progress; PayPal refunds once", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const before = t.sim.control.refundCount;
    const paypalSlow = gate();
    paypal.slowRefund = paypalSlow.promise;
    let settled = false;
    const pending = cancelar(b, undefined, freshIp()).finally(() => (settled = true));
    await until(async () => (await claimOf(b.orderId)) !== undefined);

    const index = await within(t.app.inject({ method: "GET", url: "/api/tour/index" }));
    expect(index).not.toBe("still waiting");
    expect((index as { statusCode: number }).statusCode).toBe(200);
    const checkout = await within(
      t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(t.cat.tourB, SUNDAY_1130)] } }),
    );
    expect(checkout).not.toBe("still waiting");
    expect((checkout as { statusCode: number; body: string }).statusCode, (checkout as { body: string }).body).toBe(200);

    const others = await within(Promise.all([cancelar(b, undefined, freshIp()), reembolsar(b.orderId)]));
    expect(others).not.toBe("still waiting");
    for (const res of others as Awaited<ReturnType<typeof cancelar>>[]) {
      expect(res.statusCode).toBe(409);
      expect(msgOf(res)).toBe("Ya se está procesando una cancelación de esta reserva; intenta de nuevo en unos segundos");
    }
    // not refunded yet: the booking is still paid and the panel shows the refund in progress
    expect(await reserva(b)).toMatchObject({ pagado: true, reembolsado: 0 });
    expect((await detalle(b.orderId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([[45, "en_curso"]]);
    expect(settled).toBe(false);

    paypalSlow.open();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(ReservaCancelAnswer.parse(res.json()).succes).toMatchObject({ estado: "reembolsado", reembolsado: 45 });
    expect(t.sim.control.refundCount - before).toBe(1);
  });

  it("a cancellation abandoned after PayPal refunded is taken over once its claim is old: the same refund, not a second", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.orderId)))[0]!.capture_id!;
    const before = t.sim.control.refundCount;
    const dying = gate();
    paypal.hangAfterRefund = dying.promise;
    cancelled.length = 0;
    const abandoned = cancelar(b, undefined, freshIp());
    await until(() => t.sim.control.refundCount - before === 1);
    paypal.hangAfterRefund = null;

    const tooSoon = await cancelar(b, undefined, freshIp());
    expect(tooSoon.statusCode).toBe(409);
    t.clock.set(new Date(NOW.getTime() + REFUND_CLAIM_TTL_MS + 1_000));
    const takeover = await cancelar(b, undefined, freshIp());
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect(ReservaCancelAnswer.parse(takeover.json()).succes).toMatchObject({ estado: "reembolsado", pagado: false, reembolsado: 45 });
    expect(t.sim.control.refundCount - before).toBe(1);

    // the first request, answered at last, finds the refund already kept and says so without a second e-mail
    dying.open();
    expect((await abandoned).statusCode).toBe(200);
    const rows = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.orderId));
    expect(rows.map((r) => [r.estado, r.paypal_refund_id])).toEqual([["completado", t.sim.control.capture(captureId)!.refunds[0]!.id]]);
    expect(cancelled.filter((e) => e.orderId === b.orderId)).toHaveLength(1);
  });

  it("a taken-over cancellation PayPal does not answer stays on record, so the next cancel asks PayPal the same again", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14)]);
    const before = t.sim.control.refundCount;
    const dying = gate();
    paypal.hangAfterRefund = dying.promise;
    const abandoned = cancelar(b, undefined, freshIp());
    await until(() => t.sim.control.refundCount - before === 1);
    paypal.hangAfterRefund = null;

    t.clock.set(new Date(NOW.getTime() + REFUND_CLAIM_TTL_MS + 1_000));
    t.sim.control.setMode("fail500");
    const lost = await cancelar(b, undefined, freshIp());
    expect(lost.statusCode).toBe(502);
    t.sim.control.setMode("ok");
    expect((await detalle(b.orderId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([[45, "en_curso"]]);
    expect(await reserva(b)).toMatchObject({ pagado: true, reembolsado: 0 });

    const retry = await cancelar(b, undefined, freshIp());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(t.sim.control.refundCount - before).toBe(1);
    dying.open();
    await abandoned;
    expect((await detalle(b.orderId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([[45, "completado"]]);
  });

  it("an abandoned cancellation of one line is finished before a cancel of the whole booking: each line refunded once", async () => {
    const b = await buyPaid(t, [line(t.cat.tourA, MONDAY_14, { mayores_15: 2 }), line(t.cat.tourB, SUNDAY_1130)]);
    const [a] = (await reserva(b)).lineas;
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.orderId)))[0]!.capture_id!;
    const before = t.sim.control.refundCount;
    const dying = gate();
    paypal.hangAfterRefund = dying.promise;
    const abandoned = cancelar(b, a!.id, freshIp());
    await until(() => t.sim.control.refundCount - before === 1);
    paypal.hangAfterRefund = null;

    t.clock.set(new Date(NOW.getTime() + REFUND_CLAIM_TTL_MS + 1_000));
    const all = await cancelar(b, undefined, freshIp());
    expect(all.statusCode, all.body).toBe(200);
    const answer = ReservaCancelAnswer.parse(all.json());
    expect(answer.reembolso).toMatchObject({ monto: 33.33, estado: "completado" });
    expect(answer.succes).toMatchObject({ estado: "reembolsado", reembolsado: 123.33 });
    expect(t.sim.control.refundCount - before).toBe(2);
    expect(t.sim.control.capture(captureId)?.refunds.map((r) => r.amount.value)).toEqual(["90.00", "33.33"]);
    dying.open();
    await abandoned;
    expect((await detalle(b.orderId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([
      [90, "completado"],
      [33.33, "completado"],
    ]);
  });
});

describe("staff refunds", () => {
  it("staff cancel and refund a non-refundable booking before its departure, audited; not once it started", async () => {
    const b = await buyPaid(t, [line(tours.noReembolsable, "11/25/2026-10:00", { mayores_15: 2 })]);
    const ventas = bearer(await loginAsStaff(t.app, "ventas", "ventas-reembolso@tours.test"));
    cancelled.length = 0;
    const res = await reembolsar(b.orderId, { motivo: "Lluvia: el cliente pidió cambiar de plan" }, ventas);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ReservaCancelAnswer.parse(res.json());
    expect(answer.reembolso).toMatchObject({ monto: 30, estado: "completado" });
    expect(answer.succes).toMatchObject({ estado: "reembolsado", pagado: false });
    expect(cancelled).toEqual([{ orderId: b.orderId, lineIds: [answer.succes.lineas[0]!.id], refundId: answer.reembolso.id, porStaff: true }]);
    const d = await detalle(b.orderId);
    expect(d.reembolsos[0]).toMatchObject({ por: "staff", usuario: "Usuario ventas", motivo: "Lluvia: el cliente pidió cambiar de plan" });
    const audit = await t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.resource, "pedido"), eq(auditLogTable.resourceId, String(b.orderId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "reembolso", actorEmail: "ventas-reembolso@tours.test" });
    expect(audit[0]!.changes).toMatchObject({ estado: { antes: "pagado", despues: "reembolsado" } });

    const late = await buyPaid(t, [line(tours.noReembolsable, "11/25/2026-10:00")]);
    t.clock.set(new Date("2026-11-25T15:00:00.000Z")); // 10:00 in Bogotá: it has started
    const refused = await reembolsar(late.orderId);
    expect(refused.statusCode).toBe(409);
    expect(msgOf(refused)).toBe("La salida de Sin reembolso del miércoles, 25 de noviembre de 2026 a las 10:00 hora de Bogotá ya empezó: no se puede cancelar");
    expect((await reembolsar(999_999)).statusCode).toBe(404);
    expect((await reembolsar(late.orderId, { linea: 999_999 })).statusCode).toBe(404);
  });
});
