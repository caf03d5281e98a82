import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "@tours/paypal-simulator";
import { startLocalMailServer, type RunningMailServer } from "@tours/local-mail";
import { correo } from "../src/mail/correo.table.ts";
import { pedido, pedidoLine, reembolso } from "../src/modules/compra/compra.table.ts";
import { salida } from "../src/modules/salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { startSecondApi, type SecondApi } from "./second-api.ts";
import { ALL_DAYS, line } from "./compra-fixtures.ts";
import { buyPaid, type Bought } from "./reserva-fixtures.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";

/*
 * Issue 22: cancelling a whole departure is resumable. An API process (the real server.ts) cancels a departure of 30
 * paid bookings; after about 15 refunds it is killed (SIGKILL: nothing finishes), and another process is started
 * on the same database. In the end PayPal made 30 refunds, none twice, and 30 e-mails went out, one per booking (one
 * of them possibly twice under the same Message-ID, when the kill fell between the SMTP server's "accepted" and the
 * outbox's record: decision 0012).
 * Two processes share PostgreSQL only: the PGlite pass has no second process.
 */

const BOOKINGS = 30;
const t = useTestApp({ paypal: { timeoutMs: 10_000 }, catalogue: true });

describe.runIf(!!process.env.DATABASE_URL)("a departure cancelled by a process that dies mid-way", () => {
  let inbox: RunningMailServer;
  const apis: SecondApi[] = [];
  let tourId = 0;
  let fecha = "";
  const bought: Array<Bought & { email: string }> = [];

  beforeAll(async () => {
    inbox = await startLocalMailServer({ smtpPort: 0, webPort: 0 });
    const [tour] = await t.db
      .insert(tourTable)
      .values({ nombre: "Isla del Sol", precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId, reembolsable: true })
      .returning();
    tourId = tour!.id;
    await t.db.insert(horarioTable).values({ tourId, horaInicio: "10:00", ...ALL_DAYS });
    // the processes keep the real clock: a departure three days ahead
    fecha = addDays(wallClock(new Date(), "America/Bogota").date, 3);
    for (let i = 0; i < BOOKINGS; i++) {
      const email = `tormenta-${i}@example.com`;
      bought.push({ ...(await buyPaid(t, [line(tourId, formatDia(fecha, "10:00"))], { email, nombre: `Viajero${i}` })), email });
    }
  }, 120_000);
  afterAll(async () => {
    for (const api of apis) await api.stop();
    await inbox?.close();
  });

  const startApi = async () => {
    if (t.handle.kind !== "postgres") throw new Error("unreachable");
    const dbUrl = (t.handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const api = await startSecondApi(dbUrl, {
      PAYPAL_API_BASE: t.sim.url,
      PAYPAL_CLIENT_ID: SIMULATOR_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: SIMULATOR_CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: SIMULATOR_WEBHOOK_ID,
      SMTP_URL: inbox.smtpUrl,
      MAIL_RETRY_DELAY_SECONDS: "1",
    });
    apis.push(api);
    return api;
  };

  it("30 bookings: killed after about 15 refunds and restarted, 30 refunds, none twice, 30 e-mails", async () => {
    const first = await startApi();
    const login = await fetch(`${first.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "segundo@tours.test", password: "clave-del-segundo-123" }),
    });
    const token = ((await login.json()) as { sucess: string }).sucess;
    const before = t.sim.control.refundCount;

    const cancelled = await fetch(`${first.url}/api/salidas/cancelar`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ tour_id: tourId, fecha, hora: "10:00", motivo: "Tormenta eléctrica" }),
    });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(((await cancelled.json()) as { succes: unknown }).succes).toEqual({ salida: `${tourId}-${fecha.replaceAll("-", "")}-1000`, reembolsos: BOOKINGS, liberadas: 0 });
    const [dep] = await t.db.select().from(salida).where(and(eq(salida.tourId, tourId), eq(salida.fecha, fecha)));
    expect(dep!.cerrada).toBe(true);

    // about half way, the process dies
    await waitFor("15 refunds", () => t.sim.control.refundCount - before >= BOOKINGS / 2, 90_000);
    await first.kill();
    const atKill = t.sim.control.refundCount - before;
    expect(atKill).toBeLessThan(BOOKINGS);

    // another process takes the rest, and the one cut mid-way once it expires
    await startApi();
    const ids = bought.map((b) => b.orderId);
    await waitFor(
      "every booking refunded and e-mailed",
      async () => {
        const refunded = await t.db.select({ id: pedidoLine.id }).from(pedidoLine).where(and(inArray(pedidoLine.id_pedido, ids), isNotNull(pedidoLine.cancelada_at)));
        const sent = await t.db.select({ id: correo.id }).from(correo).where(and(inArray(correo.pedido_id, ids), eq(correo.tipo, "cancelacion"), eq(correo.estado, "enviado")));
        return refunded.length === BOOKINGS && sent.length === BOOKINGS;
      },
      180_000,
    );
    // a moment for anything that would go out twice
    await new Promise((r) => setTimeout(r, 3_000));

    expect(t.sim.control.refundCount - before).toBe(BOOKINGS);
    for (const b of bought) {
      const [order] = await t.db.select().from(pedido).where(eq(pedido.id, b.orderId));
      expect(order!.estado).toBe("reembolsado");
      // PayPal's own record: one refund of this capture
      expect(t.sim.control.capture(order!.capture_id!)?.refunds, b.referencia).toHaveLength(1);
    }
    const refunds = await t.db.select().from(reembolso).where(inArray(reembolso.pedido_id, ids));
    expect(refunds.map((r) => r.estado)).toEqual(Array(BOOKINGS).fill("completado"));
    expect(new Set(refunds.map((r) => r.pedido_id)).size).toBe(BOOKINGS);
    expect(refunds.every((r) => r.motivo === "Tormenta eléctrica" && r.por === "staff")).toBe(true);
    // one e-mail per booking, each under a Message-ID of its own. At least once (decision 0012): the one e-mail the
    // killed process may have had accepted by the SMTP server and not yet recorded goes again on its retry, under the
    // same Message-ID (mailboxes show it once); one worker, one job at a time: never more than one such e-mail
    const messages = inbox.messages().filter((m) => m.subject.startsWith("Cancelación"));
    const messageIds = new Set(messages.map((m) => m.messageId));
    expect(messageIds.has(null)).toBe(false);
    expect(messageIds.size).toBe(BOOKINGS);
    expect(messages.length).toBeLessThanOrEqual(BOOKINGS + 1);
    for (const b of bought) {
      const theirs = messages.filter((m) => m.to.includes(b.email));
      expect(new Set(theirs.map((m) => m.messageId)).size, b.email).toBe(1);
    }
  }, 300_000);
});
