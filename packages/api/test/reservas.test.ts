import { newReferencia } from "../src/modules/compra/referencia.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import {
  CheckinAnswer,
  DisponibilidadAnswer,
  ManifiestoAnswer,
  PedidoAnswer,
  PedidoDetalleAnswer,
  ReservaAnswer,
  ReservaCancelAnswer,
  type Reserva,
} from "@tours/contract";
import { startPaypalSimulator, type RunningSimulator } from "../src/paypal-simulator/index.ts";
import { PaypalError, type PaymentProvider } from "../src/adapters/paypal/index.ts";
import { REFUND_CLAIM_TTL_MS } from "../src/modules/reservas/cancelacion.service.ts";
import { auditLogTable } from "../src/modules/audit/audit.table.ts";
import { pedido, reembolso } from "../src/modules/compra/compra.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { correo } from "../src/mail/correo.table.ts";
import { staffUsersTable } from "../src/modules/auth/auth.table.ts";
import { silentNotifier, type Notifier } from "../src/notifications/notifier.ts";
import { bearer, createTestApp, loginAsStaff, type TestApp } from "./helpers.ts";
import { staffToken } from "./staff-helpers.ts";
import { NOW, buyer, line, seedCatalogue, simulatorClient, type Catalogue } from "./compra-fixtures.ts";
import { buyPaid, type Bought } from "./reserva-fixtures.ts";

let sim: RunningSimulator;
let t: TestApp;
let cat: Catalogue;
let admin: Record<string, string>;
let clock = NOW;
const cancelled: Array<Parameters<Notifier["orderCancelled"]>[0]> = [];
/** Refundable (cutoff 24 h) with a daily 16:00 of 3 places; and a tour that is not refundable. */
let tourCupo: number;
let tourNoReembolsable: number;

/** Set by a test: PayPal makes the next refund but its answer is lost on the way back (a timeout). */
let loseNextRefundAnswer = false;
/** Set by a test: refunds wait for it before PayPal is asked (a slow PayPal). */
let slowRefund: Promise<void> | null = null;
/** Set by a test: PayPal makes the refund, then its answer waits for it (a process about to die mid-cancellation). */
let hangAfterRefund: Promise<void> | null = null;

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const notifier: Notifier = {
  ...silentNotifier,
  async orderPaid() {},
  async orderCancelled(event) {
    cancelled.push(event);
  },
};

beforeAll(async () => {
  sim = await startPaypalSimulator({ port: 0 });
  // staff tokens must outlive the days the clock moves forward in these tests
  const paypal = simulatorClient(sim, 10_000);
  const payments: PaymentProvider = {
    ...paypal,
    async refundCapture(captureId, input) {
      if (slowRefund) await slowRefund;
      // read when the refund is asked: a test clears it as soon as PayPal has counted the refund, which can be
      // before this call gets PayPal's answer back
      const hang = hangAfterRefund;
      const refund = await paypal.refundCapture(captureId, input);
      if (hang) await hang;
      if (!loseNextRefundAnswer) return refund;
      loseNextRefundAnswer = false;
      throw new PaypalError(0, "TIMEOUT", undefined, "PayPal did not answer the refund");
    },
  };
  t = await createTestApp({ payments, now: () => clock, notifier, env: { TOKEN_TTL: "240h" } });
  cat = await seedCatalogue(t.db);
  await t.db.update(tourTable).set({ reembolsable: true, corteHoras: 24 }).where(eq(tourTable.id, cat.tourA));
  await t.db.update(tourTable).set({ reembolsable: true, corteHoras: 2 }).where(eq(tourTable.id, cat.tourB));
  const all = { lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true };
  const [c] = await t.db
    .insert(tourTable)
    .values({ nombre: "Cupo tres", precioCents: 2000, pais: cat.paisId, ciudad: cat.ciudadId, reembolsable: true, corteHoras: 24 })
    .returning();
  const [n] = await t.db
    .insert(tourTable)
    .values({ nombre: "Sin reembolso", precioCents: 1500, pais: cat.paisId, ciudad: cat.ciudadId, reembolsable: false })
    .returning();
  tourCupo = c!.id;
  tourNoReembolsable = n!.id;
  await t.db.insert(horarioTable).values([
    { tourId: tourCupo, horaInicio: "16:00", cupo: 3, ...all },
    { tourId: tourNoReembolsable, horaInicio: "10:00", ...all },
  ]);
  admin = bearer(await loginAsStaff(t.app));
});
afterAll(async () => {
  await t.close();
  await sim.close();
});
beforeEach(() => {
  clock = NOW;
  slowRefund = null;
  hangAfterRefund = null;
  sim.control.reset();
});

const MONDAY_14 = "11/23/2026-14:00";
const SUNDAY_1130 = "11/22/2026-11:30";
const TUESDAY_16 = "11/24/2026-16:00";

let ipSeq = 0;
/** Each test its own client address, so the wrong-PIN counts of one do not reach another. */
const freshIp = () => `198.51.100.${++ipSeq}`;

const consulta = (b: Pick<Bought, "referencia" | "pin">, ip = "192.0.2.1") =>
  t.app.inject({ method: "POST", url: "/api/reserva/consulta", payload: { referencia: b.referencia, pin: b.pin }, remoteAddress: ip });
const cancelar = (b: Pick<Bought, "referencia" | "pin">, linea?: number, ip = "192.0.2.1") =>
  t.app.inject({ method: "POST", url: "/api/reserva/cancelar", payload: { referencia: b.referencia, pin: b.pin, linea }, remoteAddress: ip });
const reembolsar = (pedidoId: number, payload: object = {}, headers = admin) =>
  t.app.inject({ method: "POST", url: `/api/compra/reembolsar/${pedidoId}`, payload, headers });

async function reserva(b: Bought): Promise<Reserva> {
  const res = await consulta(b, freshIp());
  expect(res.statusCode, res.body).toBe(200);
  return ReservaAnswer.parse(res.json()).succes;
}
async function detalle(pedidoId: number) {
  const res = await t.app.inject({ method: "GET", url: `/api/compra/find/${pedidoId}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return PedidoDetalleAnswer.parse(res.json());
}
const msgOf = (res: { json(): unknown }) => (res.json() as { errors: Array<{ msg: string }> }).errors[0]!.msg;

describe("Mi reserva: reference + PIN", () => {
  it("shows the booking to whoever has both; a wrong PIN and an unknown reference get the same 404", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14, { mayores_15: 2 })]);
    const ip = freshIp();
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/reserva/consulta",
      payload: { referencia: b.referencia.toLowerCase().replace("-", " "), pin: b.pin },
      remoteAddress: ip,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const r = ReservaAnswer.parse(ok.json()).succes;
    expect(r).toMatchObject({ referencia: b.referencia, estado: "pagado", pagado: true, valor_total: 90, reembolsado: 0 });
    expect(r.lineas[0]).toMatchObject({
      fecha_texto: "lunes, 23 de noviembre de 2026",
      hora_texto: "14:00 hora de Bogotá",
      limite_cancelacion: "2026-11-22T19:00:00.000Z",
      limite_texto: "domingo, 22 de noviembre de 2026 a las 14:00 hora de Bogotá",
      cancelable: true,
      motivo_no_cancelable: null,
      salida: `${cat.tourA}-20261123-1400`,
    });
    const wrongPin = String((Number(b.pin) + 1) % 1_000_000).padStart(6, "0");
    const wrong = await consulta({ referencia: b.referencia, pin: wrongPin }, ip);
    const unknown = await consulta({ referencia: "TR-ZZZZZZZZ", pin: b.pin }, ip);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [{ msg: "No encontramos una reserva con esa referencia y PIN" }] });
    }
  });

  it("10 wrong PINs in a minute from one address: the next attempt gets 429, even with the right PIN; another address is unaffected", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const wrongPin = String((Number(b.pin) + 7) % 1_000_000).padStart(6, "0");
    const attacker = freshIp();
    // in parallel: a burst cannot slip past the count. Each guess at another reference: 10 wrong PINs for one
    // reference would lock it for everybody (per reference, guessing.test.ts)
    const tries = await Promise.all(Array.from({ length: 10 }, () => consulta({ referencia: newReferencia(), pin: wrongPin }, attacker)));
    expect(tries.map((r) => r.statusCode)).toEqual(Array(10).fill(404));
    for (const res of [await consulta(b, attacker), await cancelar({ referencia: b.referencia, pin: wrongPin }, undefined, attacker)]) {
      expect(res.statusCode).toBe(429);
      expect(msgOf(res)).toBe("Demasiados intentos con una referencia o un PIN incorrectos. Espera un minuto e intenta de nuevo.");
    }
    expect((await consulta(b, freshIp())).statusCode).toBe(200);
    // a minute later the address may try again
    clock = new Date(NOW.getTime() + 61_000);
    expect((await consulta(b, attacker)).statusCode).toBe(200);
  });

  it("right PINs are not counted against the address", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const ip = freshIp();
    for (let i = 0; i < 15; i++) expect((await consulta(b, ip)).statusCode).toBe(200);
  });

  it("the confirm answer carries the reference (for /pay/ok)", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const again = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token: b.token } });
    expect(PedidoAnswer.parse(again.json()).succes.referencia).toBe(b.referencia);
  });
});

describe("cancelling with refund", () => {
  it("one line, then the rest: PayPal refunds each part, the order ends refunded (no longer paid) and the buyer is told", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14, { mayores_15: 2 }), line(cat.tourB, SUNDAY_1130)]);
    const before = await reserva(b);
    const [a, bLine] = before.lineas;
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.pedidoId)))[0]!.capture_id!;
    cancelled.length = 0;

    const first = await cancelar(b, a!.id, freshIp());
    expect(first.statusCode, first.body).toBe(200);
    const one = ReservaCancelAnswer.parse(first.json());
    expect(one.reembolso).toMatchObject({ monto: 90, estado: "completado" });
    expect(one.succes).toMatchObject({ estado: "pagado", pagado: true, reembolsado: 90 });
    expect(one.succes.lineas[0]).toMatchObject({ cancelable: false, cancelada_at: NOW.toISOString(), motivo_no_cancelable: "Esta parte de la reserva ya fue cancelada" });
    expect(one.succes.lineas[1]).toMatchObject({ cancelable: true, cancelada_at: null });
    expect(sim.control.capture(captureId)).toMatchObject({ status: "PARTIALLY_REFUNDED" });
    expect(cancelled).toEqual([{ pedidoId: b.pedidoId, lineIds: [a!.id], reembolsoId: one.reembolso.id, porStaff: false }]);

    const again = await cancelar(b, a!.id, freshIp());
    expect(again.statusCode).toBe(409);
    expect(msgOf(again)).toBe("Esta parte de la reserva ya fue cancelada");

    const rest = await cancelar(b, undefined, freshIp());
    expect(rest.statusCode, rest.body).toBe(200);
    const two = ReservaCancelAnswer.parse(rest.json());
    expect(two.reembolso.monto).toBe(33.33);
    expect(two.succes).toMatchObject({ estado: "reembolsado", pagado: false, reembolsado: 123.33 });
    expect(sim.control.capture(captureId)?.status).toBe("REFUNDED");
    expect(sim.control.capture(captureId)?.refunds.map((r) => r.amount.value)).toEqual(["90.00", "33.33"]);
    expect(cancelled.at(-1)).toMatchObject({ lineIds: [bLine!.id], porStaff: false });

    // the panel: no longer paid, with both refunds on the order
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id, b.pedidoId));
    expect(row).toMatchObject({ estado: "reembolsado", status: false });
    const d = await detalle(b.pedidoId);
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
      const res = await t.app.inject({ method: "GET", url: `/api/tour/disponibilidad/${tourCupo}?mes=2026-11` });
      const dia = DisponibilidadAnswer.parse(res.json()).succes.dias.find((d) => d.fecha === "2026-11-24");
      return dia!.salidas[0]!;
    };
    const b = await buyPaid(t, sim, [line(tourCupo, TUESDAY_16, { mayores_15: 3 })]);
    expect(await disponibles()).toMatchObject({ quedan: 0, estado: "agotada" });
    const full = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(tourCupo, TUESDAY_16)] } });
    expect(full.statusCode).toBe(409);

    expect((await cancelar(b, undefined, freshIp())).statusCode).toBe(200);
    expect(await disponibles()).toMatchObject({ quedan: 3, estado: "pocos", reservable: true });
    const manifest = await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${tourCupo}-20261124-1600`, headers: admin });
    expect(ManifiestoAnswer.parse(manifest.json()).succes).toMatchObject({ pedidos: [], salida: { vendidos: 0, quedan: 3 } });
    // and they can be sold again
    await buyPaid(t, sim, [line(tourCupo, TUESDAY_16, { mayores_15: 3 })]);
    expect(await disponibles()).toMatchObject({ quedan: 0 });
  });

  it("a refund PayPal refuses leaves the booking paid and says why; the next try is a new PayPal request", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const refundsBefore = sim.control.refundCount;
    sim.control.refuseRefunds("REFUND_FAILED_INSUFFICIENT_FUNDS");
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
    const d = await detalle(b.pedidoId);
    expect(d.reembolsos).toEqual([expect.objectContaining({ monto: 45, estado: "fallido", error: expect.stringContaining("fondos suficientes") })]);

    sim.control.refuseRefunds(null);
    const retry = await cancelar(b, undefined, freshIp());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(sim.control.refundCount - refundsBefore).toBe(1);
    expect((await detalle(b.pedidoId)).reembolsos.map((r) => r.estado)).toEqual(["fallido", "completado"]);
  });

  it("PayPal not answering cancels nothing and keeps nothing; the retry is the same PayPal request", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    sim.control.setMode("fail500");
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(502);
    expect(msgOf(res)).toContain("PayPal no respondió a la solicitud de reembolso. La reserva sigue pagada");
    sim.control.setMode("ok");
    expect((await reserva(b)).lineas[0]!.cancelada_at).toBeNull();
    expect(await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.pedidoId))).toEqual([]);
    expect((await cancelar(b, undefined, freshIp())).statusCode).toBe(200);
  });

  it("a refund PayPal made whose answer was lost: the retry gets the same refund back, not a second one", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const before = sim.control.refundCount;
    loseNextRefundAnswer = true;
    const lost = await cancelar(b, undefined, freshIp());
    expect(lost.statusCode).toBe(502);
    expect(sim.control.refundCount - before).toBe(1);
    expect((await reserva(b)).lineas[0]!.cancelada_at).toBeNull();

    const retry = await cancelar(b, undefined, freshIp());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(sim.control.refundCount - before).toBe(1);
    const [row] = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.pedidoId));
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.pedidoId)))[0]!.capture_id!;
    expect(row).toMatchObject({ estado: "completado", paypal_refund_id: sim.control.capture(captureId)!.refunds[0]!.id });
  });

  it("after the deadline the buyer's cancel is refused with the deadline", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    clock = new Date("2026-11-22T19:00:00.000Z");
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("El plazo para cancelar La Candelaria terminó el domingo, 22 de noviembre de 2026 a las 14:00 hora de Bogotá");
    expect((await reserva(b)).pagado).toBe(true);
  });

  it("a non-refundable tour cannot be cancelled by its buyer", async () => {
    const b = await buyPaid(t, sim, [line(tourNoReembolsable, "11/25/2026-10:00")]);
    const r = await reserva(b);
    expect(r.lineas[0]).toMatchObject({ reembolsable: false, limite_cancelacion: null, cancelable: false });
    const res = await cancelar(b, undefined, freshIp());
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("El tour Sin reembolso no es reembolsable: su reserva no se puede cancelar");
  });

  it("an unpaid order cannot be cancelled through Mi reserva", async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(cat.tourA, MONDAY_14)] } });
    const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, (created.json() as { succes: { id: string } }).succes.id));
    const res = await cancelar(row!, undefined, freshIp());
    expect(res.statusCode).toBe(409);
    expect(msgOf(res)).toBe("Esta reserva no está pagada: no hay nada que reembolsar");
  });

  it("many cancels of the same line at once refund it once", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const before = sim.control.refundCount;
    const [lineId] = (await reserva(b)).lineas.map((l) => l.id);
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => cancelar(b, i % 2 ? lineId : undefined, freshIp())),
      reembolsar(b.pedidoId, { linea: lineId }),
      reembolsar(b.pedidoId),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    expect(sim.control.refundCount - before).toBe(1);
    const rows = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.pedidoId));
    expect(rows.map((r) => r.estado)).toEqual(["completado"]);
  });
});

/** Waits (a few seconds at most) until `check` holds. */
async function until(check: () => Promise<boolean> | boolean) {
  const giveUp = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > giveUp) throw new Error("condition not reached");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const claimOf = async (pedidoId: number) =>
  (await t.db.select().from(reembolso).where(and(eq(reembolso.pedido_id, pedidoId), eq(reembolso.estado, "en_curso"))))[0];
/** The answer, or "still waiting" if it takes longer than `ms`. */
const within = <T>(p: Promise<T>, ms = 3_000) =>
  Promise.race([p, new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms))]);

describe("cancelling while PayPal is slow or a cancellation was abandoned", () => {
  it("the rest of the site answers while PayPal refunds; other cancels of that booking are told one is in progress; PayPal refunds once", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const before = sim.control.refundCount;
    const paypalSlow = gate();
    slowRefund = paypalSlow.promise;
    let settled = false;
    const pending = cancelar(b, undefined, freshIp()).finally(() => (settled = true));
    await until(async () => (await claimOf(b.pedidoId)) !== undefined);

    const index = await within(t.app.inject({ method: "GET", url: "/api/tour/index" }));
    expect(index).not.toBe("still waiting");
    expect((index as { statusCode: number }).statusCode).toBe(200);
    const checkout = await within(
      t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(cat.tourB, SUNDAY_1130)] } }),
    );
    expect(checkout).not.toBe("still waiting");
    expect((checkout as { statusCode: number; body: string }).statusCode, (checkout as { body: string }).body).toBe(200);

    const others = await within(Promise.all([cancelar(b, undefined, freshIp()), reembolsar(b.pedidoId)]));
    expect(others).not.toBe("still waiting");
    for (const res of others as Awaited<ReturnType<typeof cancelar>>[]) {
      expect(res.statusCode).toBe(409);
      expect(msgOf(res)).toBe("Ya se está procesando una cancelación de esta reserva; intenta de nuevo en unos segundos");
    }
    // not refunded yet: the booking is still paid and the panel shows the refund in progress
    expect(await reserva(b)).toMatchObject({ pagado: true, reembolsado: 0 });
    expect((await detalle(b.pedidoId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([[45, "en_curso"]]);
    expect(settled).toBe(false);

    paypalSlow.open();
    const res = await pending;
    expect(res.statusCode, res.body).toBe(200);
    expect(ReservaCancelAnswer.parse(res.json()).succes).toMatchObject({ estado: "reembolsado", reembolsado: 45 });
    expect(sim.control.refundCount - before).toBe(1);
  });

  it("a cancellation abandoned after PayPal refunded is taken over once its claim is old: the same refund, not a second", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.pedidoId)))[0]!.capture_id!;
    const before = sim.control.refundCount;
    const dying = gate();
    hangAfterRefund = dying.promise;
    cancelled.length = 0;
    const abandoned = cancelar(b, undefined, freshIp());
    await until(() => sim.control.refundCount - before === 1);
    hangAfterRefund = null;

    const tooSoon = await cancelar(b, undefined, freshIp());
    expect(tooSoon.statusCode).toBe(409);
    clock = new Date(NOW.getTime() + REFUND_CLAIM_TTL_MS + 1_000);
    const takeover = await cancelar(b, undefined, freshIp());
    expect(takeover.statusCode, takeover.body).toBe(200);
    expect(ReservaCancelAnswer.parse(takeover.json()).succes).toMatchObject({ estado: "reembolsado", pagado: false, reembolsado: 45 });
    expect(sim.control.refundCount - before).toBe(1);

    // the first request, answered at last, finds the refund already kept and says so without a second e-mail
    dying.open();
    expect((await abandoned).statusCode).toBe(200);
    const rows = await t.db.select().from(reembolso).where(eq(reembolso.pedido_id, b.pedidoId));
    expect(rows.map((r) => [r.estado, r.paypal_refund_id])).toEqual([["completado", sim.control.capture(captureId)!.refunds[0]!.id]]);
    expect(cancelled.filter((e) => e.pedidoId === b.pedidoId)).toHaveLength(1);
  });

  it("a taken-over cancellation PayPal does not answer stays on record, so the next cancel asks PayPal the same again", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    const before = sim.control.refundCount;
    const dying = gate();
    hangAfterRefund = dying.promise;
    const abandoned = cancelar(b, undefined, freshIp());
    await until(() => sim.control.refundCount - before === 1);
    hangAfterRefund = null;

    clock = new Date(NOW.getTime() + REFUND_CLAIM_TTL_MS + 1_000);
    sim.control.setMode("fail500");
    const lost = await cancelar(b, undefined, freshIp());
    expect(lost.statusCode).toBe(502);
    sim.control.setMode("ok");
    expect((await detalle(b.pedidoId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([[45, "en_curso"]]);
    expect(await reserva(b)).toMatchObject({ pagado: true, reembolsado: 0 });

    const retry = await cancelar(b, undefined, freshIp());
    expect(retry.statusCode, retry.body).toBe(200);
    expect(sim.control.refundCount - before).toBe(1);
    dying.open();
    await abandoned;
    expect((await detalle(b.pedidoId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([[45, "completado"]]);
  });

  it("an abandoned cancellation of one line is finished before a cancel of the whole booking: each line refunded once", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14, { mayores_15: 2 }), line(cat.tourB, SUNDAY_1130)]);
    const [a] = (await reserva(b)).lineas;
    const captureId = (await t.db.select().from(pedido).where(eq(pedido.id, b.pedidoId)))[0]!.capture_id!;
    const before = sim.control.refundCount;
    const dying = gate();
    hangAfterRefund = dying.promise;
    const abandoned = cancelar(b, a!.id, freshIp());
    await until(() => sim.control.refundCount - before === 1);
    hangAfterRefund = null;

    clock = new Date(NOW.getTime() + REFUND_CLAIM_TTL_MS + 1_000);
    const all = await cancelar(b, undefined, freshIp());
    expect(all.statusCode, all.body).toBe(200);
    const answer = ReservaCancelAnswer.parse(all.json());
    expect(answer.reembolso).toMatchObject({ monto: 33.33, estado: "completado" });
    expect(answer.succes).toMatchObject({ estado: "reembolsado", reembolsado: 123.33 });
    expect(sim.control.refundCount - before).toBe(2);
    expect(sim.control.capture(captureId)?.refunds.map((r) => r.amount.value)).toEqual(["90.00", "33.33"]);
    dying.open();
    await abandoned;
    expect((await detalle(b.pedidoId)).reembolsos.map((r) => [r.monto, r.estado])).toEqual([
      [90, "completado"],
      [33.33, "completado"],
    ]);
  });
});

describe("the panel's order detail", () => {
  it("lists the order's e-mails with their delivery state", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    await t.db.insert(correo).values([
      { tipo: "confirmacion", pedido_id: b.pedidoId, destinatario: "ana@example.com", asunto: "Tu reserva", clave: `t-conf-${b.pedidoId}`, estado: "enviado", intentos: 1, enviado_at: NOW },
      { tipo: "nuevo_pedido", pedido_id: b.pedidoId, destinatario: "staff@tours.test", asunto: "Nuevo pedido", clave: `t-staff-${b.pedidoId}`, intentos: 2, ultimo_error: "connect ECONNREFUSED" },
    ]);
    const d = await detalle(b.pedidoId);
    expect(d.correos.map((c) => [c.tipo, c.destinatario, c.estado, c.intentos, c.ultimo_error, c.enviado_at])).toEqual([
      ["confirmacion", "ana@example.com", "enviado", 1, null, NOW.toISOString()],
      ["nuevo_pedido", "staff@tours.test", "pendiente", 2, "connect ECONNREFUSED", null],
    ]);
    expect(d.reserva).toMatchObject({ referencia: b.referencia, pagado: true });
    expect((await t.app.inject({ method: "GET", url: "/api/compra/find/999999", headers: admin })).statusCode).toBe(404);
  });
});

describe("staff refunds", () => {
  it("staff cancel and refund a non-refundable booking before its departure, audited; not once it started", async () => {
    const b = await buyPaid(t, sim, [line(tourNoReembolsable, "11/25/2026-10:00", { mayores_15: 2 })]);
    const ventas = bearer(await staffToken(t.app, t.db, "ventas", "ventas-reembolso@tours.test"));
    cancelled.length = 0;
    const res = await reembolsar(b.pedidoId, { motivo: "Lluvia: el cliente pidió cambiar de plan" }, ventas);
    expect(res.statusCode, res.body).toBe(200);
    const answer = ReservaCancelAnswer.parse(res.json());
    expect(answer.reembolso).toMatchObject({ monto: 30, estado: "completado" });
    expect(answer.succes).toMatchObject({ estado: "reembolsado", pagado: false });
    expect(cancelled).toEqual([{ pedidoId: b.pedidoId, lineIds: [answer.succes.lineas[0]!.id], reembolsoId: answer.reembolso.id, porStaff: true }]);
    const d = await detalle(b.pedidoId);
    expect(d.reembolsos[0]).toMatchObject({ por: "staff", usuario: "Usuario ventas", motivo: "Lluvia: el cliente pidió cambiar de plan" });
    const audit = await t.db
      .select()
      .from(auditLogTable)
      .where(and(eq(auditLogTable.resource, "pedido"), eq(auditLogTable.resourceId, String(b.pedidoId))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "reembolso", actorEmail: "ventas-reembolso@tours.test" });
    expect(audit[0]!.changes).toMatchObject({ estado: { antes: "pagado", despues: "reembolsado" } });

    const late = await buyPaid(t, sim, [line(tourNoReembolsable, "11/25/2026-10:00")]);
    clock = new Date("2026-11-25T15:00:00.000Z"); // 10:00 in Bogotá: it has started
    const refused = await reembolsar(late.pedidoId);
    expect(refused.statusCode).toBe(409);
    expect(msgOf(refused)).toBe("La salida de Sin reembolso del miércoles, 25 de noviembre de 2026 a las 10:00 hora de Bogotá ya empezó: no se puede cancelar");
    expect((await reembolsar(999_999)).statusCode).toBe(404);
    expect((await reembolsar(late.pedidoId, { linea: 999_999 })).statusCode).toBe(404);
  });
});

describe("check-in", () => {
  const consultaCheckin = (referencia: string, salida: string, headers = admin) =>
    t.app.inject({ method: "GET", url: `/api/checkin/consulta?referencia=${encodeURIComponent(referencia)}&salida=${salida}`, headers });
  const registrar = (referencia: string, salida: string, headers = admin) =>
    t.app.inject({ method: "POST", url: "/api/checkin", payload: { referencia, salida }, headers });

  it("shows the travellers, marks them present once, refuses another departure's voucher and a cancelled booking", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14, { mayores_15: 2, de_4_15: 1, mascotas: 1 })]);
    const salida = `${cat.tourA}-20261123-1400`;
    const guia = bearer(await staffToken(t.app, t.db, "guia", "guia-checkin@tours.test"));
    // a Guía checks in the departures assigned to them (guides.test.ts)
    const guiaId = (await t.db.select().from(staffUsersTable).where(eq(staffUsersTable.email, "guia-checkin@tours.test")))[0]!.id;
    expect((await t.app.inject({ method: "PUT", url: `/api/salidas/guias/${salida}`, headers: admin, payload: { guias: [guiaId] } })).statusCode).toBe(200);

    const seen = await consultaCheckin(b.referencia, salida, guia);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(CheckinAnswer.parse(seen.json()).succes).toMatchObject({
      referencia: b.referencia,
      nombre: "Ana",
      tour_nombre: "La Candelaria",
      fecha_texto: "lunes, 23 de noviembre de 2026",
      hora_texto: "14:00 hora de Bogotá",
      personas: 3,
      mascotas: 1,
      checkin_at: null,
    });

    clock = new Date("2026-11-23T18:50:00.000Z");
    const first = await registrar(b.referencia.slice(3), salida, guia);
    expect(first.statusCode, first.body).toBe(200);
    expect(CheckinAnswer.parse(first.json()).succes).toMatchObject({
      checkin_at: "2026-11-23T18:50:00.000Z",
      checkin_texto: "13:50 hora de Bogotá",
      checkin_por: "Usuario guia",
    });
    clock = new Date("2026-11-23T18:55:00.000Z");
    const second = await registrar(b.referencia, salida, guia);
    expect(second.statusCode).toBe(409);
    expect(msgOf(second)).toBe("Esta reserva ya registró su llegada a las 13:50 hora de Bogotá");
    expect((await detalle(b.pedidoId)).succes[0]).toMatchObject({ checkin_at: "2026-11-23T18:50:00.000Z", checkin_por: "Usuario guia", salida });
    const audit = await t.db.select().from(auditLogTable).where(and(eq(auditLogTable.action, "checkin"), eq(auditLogTable.resourceId, String(b.pedidoId))));
    expect(audit).toHaveLength(1);

    // the roles that see every departure are told which departure the voucher is for
    const other = await registrar(b.referencia, `${cat.tourA}-20261125-0900`, admin);
    expect(other.statusCode).toBe(409);
    expect(msgOf(other)).toBe("Este voucher es de otra salida: La Candelaria, lunes, 23 de noviembre de 2026 a las 14:00 hora de Bogotá");

    expect((await registrar("TR-ZZZZZZZZ", salida, admin)).statusCode).toBe(404);
    expect((await registrar(b.referencia, "no-es-una-salida", guia)).statusCode).toBe(400);
  });

  it("a cancelled booking is refused at check-in", async () => {
    const b = await buyPaid(t, sim, [line(cat.tourA, MONDAY_14)]);
    expect((await cancelar(b, undefined, freshIp())).statusCode).toBe(200);
    for (const res of [await consultaCheckin(b.referencia, `${cat.tourA}-20261123-1400`), await registrar(b.referencia, `${cat.tourA}-20261123-1400`)]) {
      expect(res.statusCode).toBe(409);
      expect(msgOf(res)).toBe("Esta reserva está cancelada");
    }
  });
});
