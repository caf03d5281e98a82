import { beforeAll, beforeEach, expect } from "vitest";
import { eq } from "drizzle-orm";
import { CompraCreateAnswer, PedidoDetalleAnswer, ReservaAnswer, type Reserva } from "@tours/contract";
import { PaypalError } from "../src/adapters/paypal/index.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import type { Rol } from "../src/auth/roles.ts";
import { silentNotifier, type Notifier } from "../src/notifications/notifier.ts";
import { ALL_DAYS, NOW, buyer } from "./compra-fixtures.ts";
import { useTestApp, type ApiTest } from "./test-app.ts";

export interface Bought {
  orderId: number;
  referencia: string;
  pin: string;
  /** PayPal's order id (the storefront's token). */
  token: string;
}

/** Creates an order of these lines (compra-fixtures' `line`), approves it at the simulator and confirms it: paid. */
export async function buyPaid(t: Pick<ApiTest, "app" | "db" | "sim">, pedidos: unknown[], who: Record<string, unknown> = {}): Promise<Bought> {
  const created = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(who), pedidos } });
  if (created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const token = CompraCreateAnswer.parse(created.json()).succes.id;
  t.sim.control.approve(token);
  const confirmed = await t.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirma: ${confirmed.statusCode} ${confirmed.body}`);
  const [row] = await t.db.select().from(pedido).where(eq(pedido.id_pay, token));
  return { orderId: row!.id, referencia: row!.referencia, pin: row!.pin, token };
}

export const TUESDAY_16 = "11/24/2026-16:00";

export const msgOf = (res: { json(): unknown }) => (res.json() as { errors: Array<{ msg: string }> }).errors[0]!.msg;

/**
 * The app of the Mi reserva, cancellation, refund and check-in tests: the clock at NOW, the small catalogue (tour A
 * refundable until 24 h before, tour B until 2 h before) and two tours of its own, a PayPal whose refunds a test can
 * slow down, hang or lose, and the cancellations the notifier was told of.
 */
export function useReservasApp(options: { staff?: Rol[]; jobs?: boolean } = {}) {
  const cancelled: Array<Parameters<Notifier["orderCancelled"]>[0]> = [];
  const changed: Array<Parameters<Notifier["dateChanged"]>[0]> = [];
  const notifier: Notifier = {
    ...silentNotifier,
    async orderPaid() {},
    async orderCancelled(event) {
      cancelled.push(event);
    },
    async dateChanged(event) {
      changed.push(event);
    },
  };
  /** Refundable (cutoff 24 h) with a daily 16:00 of 3 places; and a tour that is not refundable. */
  const tours = { cupo: 0, noReembolsable: 0 };
  const paypal = {
    /** Set by a test: PayPal makes the next refund but its answer is lost on the way back (a timeout). */
    loseNextRefundAnswer: false,
    /** Set by a test: refunds wait for it before PayPal is asked (a slow PayPal). */
    slowRefund: null as Promise<void> | null,
    /** Set by a test: PayPal makes the refund, then its answer waits for it (a process about to die mid-cancellation). */
    hangAfterRefund: null as Promise<void> | null,
  };

  const t = useTestApp({
    // staff tokens must outlive the days the clock moves forward in these tests
    env: { TOKEN_TTL: "240h" },
    clock: NOW,
    notifier,
    catalogue: true,
    staff: options.staff ?? ["admin"],
    jobs: options.jobs ?? false,
    paypal: {
      timeoutMs: 10_000,
      wrap: (client) => ({
        ...client,
        async refundCapture(captureId, input) {
          if (paypal.slowRefund) await paypal.slowRefund;
          // read when the refund is asked: a test clears it as soon as PayPal has counted the refund, which can be
          // before this call gets PayPal's answer back
          const hang = paypal.hangAfterRefund;
          const refund = await client.refundCapture(captureId, input);
          if (hang) await hang;
          if (!paypal.loseNextRefundAnswer) return refund;
          paypal.loseNextRefundAnswer = false;
          throw new PaypalError(0, "TIMEOUT", undefined, "PayPal did not answer the refund");
        },
      }),
    },
  });

  beforeAll(async () => {
    await t.db.update(tourTable).set({ reembolsable: true, corteHoras: 24 }).where(eq(tourTable.id, t.cat.tourA));
    await t.db.update(tourTable).set({ reembolsable: true, corteHoras: 2 }).where(eq(tourTable.id, t.cat.tourB));
    const [c] = await t.db
      .insert(tourTable)
      .values({ nombre: "Cupo tres", precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 24 })
      .returning();
    const [n] = await t.db
      .insert(tourTable)
      .values({ nombre: "Sin reembolso", precioCents: 1500, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: false })
      .returning();
    tours.cupo = c!.id;
    tours.noReembolsable = n!.id;
    await t.db.insert(horarioTable).values([
      { tourId: tours.cupo, horaInicio: "16:00", cupo: 3, ...ALL_DAYS },
      { tourId: tours.noReembolsable, horaInicio: "10:00", ...ALL_DAYS },
    ]);
  });
  beforeEach(() => {
    paypal.slowRefund = null;
    paypal.hangAfterRefund = null;
  });

  let ipSeq = 0;
  /** Each test its own client address, so the wrong-PIN counts of one do not reach another. */
  const freshIp = () => `198.51.100.${++ipSeq}`;

  const consulta = (b: Pick<Bought, "referencia" | "pin">, ip = "192.0.2.1") =>
    t.app.inject({ method: "POST", url: "/api/reserva/consulta", payload: { referencia: b.referencia, pin: b.pin }, remoteAddress: ip });
  const cancelar = (b: Pick<Bought, "referencia" | "pin">, linea?: number, ip = "192.0.2.1") =>
    t.app.inject({ method: "POST", url: "/api/reserva/cancelar", payload: { referencia: b.referencia, pin: b.pin, linea }, remoteAddress: ip });
  const reembolsar = (orderId: number, payload: object = {}, headers = t.staff("admin")) =>
    t.app.inject({ method: "POST", url: `/api/compra/reembolsar/${orderId}`, payload, headers });

  async function reserva(b: Bought): Promise<Reserva> {
    const res = await consulta(b, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    return ReservaAnswer.parse(res.json()).succes;
  }
  async function detalle(orderId: number) {
    const res = await t.app.inject({ method: "GET", url: `/api/compra/find/${orderId}`, headers: t.staff("admin") });
    expect(res.statusCode, res.body).toBe(200);
    return PedidoDetalleAnswer.parse(res.json());
  }

  return { t, cancelled, changed, tours, paypal, freshIp, consulta, cancelar, reembolsar, reserva, detalle };
}

/** Tuesday 24 November 2026 at 10:00: a departure of the tours `threeToursOfFifty` adds. */
export const TUESDAY_10 = "11/24/2026-10:00";

/**
 * Three tours of USD 50.00 (refundable until 24 h before, every day at 10:00), added before the file's tests: a USD 10
 * fixed discount over them splits 3.34 / 3.33 / 3.33, cents that do not divide evenly. Their ids fill the array returned.
 */
export function threeToursOfFifty(t: Pick<ApiTest, "db" | "cat">): number[] {
  const ids: number[] = [];
  beforeAll(async () => {
    for (const nombre of ["Uno", "Dos", "Tres"]) {
      const [tour] = await t.db
        .insert(tourTable)
        .values({ nombre, precioCents: 5000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true, corteHoras: 24 })
        .returning();
      ids.push(tour!.id);
      await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: "10:00", ...ALL_DAYS });
    }
  });
  return ids;
}
