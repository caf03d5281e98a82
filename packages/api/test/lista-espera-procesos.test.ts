import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "@tours/paypal-simulator";
import { startLocalMailServer, type RunningMailServer } from "@tours/local-mail";
import { correo } from "../src/mail/correo.table.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { listaEspera } from "../src/modules/lista-espera/lista-espera.table.ts";
import { plazasLiberadas } from "../src/modules/plazas/plazas.table.ts";
import { salida } from "../src/modules/salidas/salidas.table.ts";
import { databaseUrlOf, startSecondApi, type SecondApi } from "./second-api.ts";
import { line } from "./compra-fixtures.ts";
import { buyPaid, type Bought } from "./reserva-fixtures.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";
import { departureInThreeDays, joinWaitingList } from "./lista-espera-fixtures.ts";

/*
 * Issue 24 with two API processes on one PostgreSQL (docs/decisions/0023): this file's app (its own job queue and
 * event workers) and the real server.ts beside it (event and mail workers). 20 entries wait on a sold-out departure
 * of 20 places and 20 buyers cancel at once, half through each process: exactly 20 offers, none twice, and the
 * departure never holds more than its capacity (the kill and restart: lista-espera-reinicio.test.ts). PostgreSQL
 * only: PGlite has no second process.
 */

const t = useTestApp({ paypal: { timeoutMs: 10_000 }, catalogue: true, jobs: true });
const PLACES = 20;
// servers this file starts listen in 4700–4799
const port = (n: number) => 4700 + ((Math.floor(Math.random() * 20) * 5 + n) % 100);

let ipSeq = 0;
async function join(tourId: number, dia: string, email: string) {
  const res = await joinWaitingList(t, tourId, dia, email, 1, `198.51.100.${++ipSeq}`);
  expect(res.statusCode, res.body).toBe(200);
}

/** Persons the departure holds now: paid, or held by a live hold (the capacity rule, plazas_de_linea). */
async function takenNow(tourId: number): Promise<number> {
  const result = await t.db.execute(sql`
    select coalesce(sum(l.mayores15 + l.menoresde15_a4 + l.menores3), 0)::int as n
    from pedido_line l join salida s on s.id = l.salida_id join pedido o on o.id = l.id_pedido
    where s.tour_id = ${tourId} and plazas_de_linea(l.cancelada_at, o.estado, o.hold_expires_at, o.capture_claimed_at, now()) is not null`);
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

describe.runIf(!!process.env.DATABASE_URL)("the waiting list with two API processes", () => {
  let inbox: RunningMailServer;
  const apis: SecondApi[] = [];
  const startApi = async (smtpUrl: string) => {
    const api = await startSecondApi(
      databaseUrlOf(t.deps.db),
      {
        PAYPAL_API_BASE: t.sim.url,
        PAYPAL_CLIENT_ID: SIMULATOR_CLIENT_ID,
        PAYPAL_CLIENT_SECRET: SIMULATOR_CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID: SIMULATOR_WEBHOOK_ID,
        SMTP_URL: smtpUrl,
        MAIL_RETRY_DELAY_SECONDS: "1",
      },
      port(apis.length + 1),
    );
    apis.push(api);
    return api;
  };

  beforeAll(async () => {
    inbox = await startLocalMailServer({ smtpPort: 0, webPort: port(0) });
  });
  afterAll(async () => {
    for (const api of apis) await api.stop();
    await inbox?.close();
  });

  it("20 entries, 20 cancellations at once through both processes: exactly 20 offers, none twice, never past the capacity", async () => {
    const { tourId, dia } = await departureInThreeDays(t, "Cerro de los veinte", PLACES);
    const bought: Bought[] = [];
    for (let i = 0; i < PLACES; i++) bought.push(await buyPaid(t, [line(tourId, dia)], { email: `comprador${i}@example.com` }));
    const waiting = Array.from({ length: PLACES }, (_, i) => `espera${i}@example.com`);
    for (const email of waiting) await join(tourId, dia, email);
    const second = await startApi(inbox.smtpUrl);

    // the capacity, watched the whole time (stopped however the test ends: its pool closes after it)
    let most = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        most = Math.max(most, await takenNow(tourId));
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    const [dep] = await t.db.select().from(salida).where(eq(salida.tourId, tourId));
    try {
      const answers = await Promise.all(
        bought.map((b, i) =>
          i % 2
            ? t.app
                .inject({ method: "POST", url: "/api/reserva/cancelar", remoteAddress: `192.0.2.${i}`, payload: { referencia: b.referencia, pin: b.pin } })
                .then((r) => r.statusCode)
            : fetch(`${second.url}/api/reserva/cancelar`, {
                method: "POST",
                // each buyer from an address of their own (the PIN limit counts per address; loopback is a trusted proxy)
                headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${i}` },
                body: JSON.stringify({ referencia: b.referencia, pin: b.pin }),
              }).then((r) => r.status),
        ),
      );
      expect(answers).toEqual(Array(PLACES).fill(200));

      await waitFor(
        "20 offers and every event handled",
        async () => {
          const offered = await t.db.select().from(listaEspera).where(and(eq(listaEspera.salida_id, dep!.id), eq(listaEspera.estado, "ofrecida")));
          const open = (await t.db.select().from(plazasLiberadas).where(eq(plazasLiberadas.salida_id, dep!.id))).filter((e) => !e.atendido_at);
          return offered.length === PLACES && open.length === 0;
        },
        60_000,
      );
      await waitFor("20 offer e-mails", async () => inbox.messages().filter((m) => m.subject.startsWith("Se liberó un lugar")).length >= PLACES, 60_000);
      // a moment for anything that would come twice
      await new Promise((r) => setTimeout(r, 3_000));
    } finally {
      watching = false;
      await watcher;
    }

    expect(most, apis.map((a) => a.output()).join("\n")).toBeLessThanOrEqual(PLACES);
    expect(await takenNow(tourId)).toBe(PLACES);
    const entries = await t.db.select().from(listaEspera).where(eq(listaEspera.salida_id, dep!.id));
    expect(entries.map((e) => e.estado)).toEqual(Array(PLACES).fill("ofrecida"));
    const offers = await t.db.select().from(pedido).where(inArray(pedido.email, waiting));
    // one held order per entry: none offered twice
    expect(offers).toHaveLength(PLACES);
    expect(new Set(offers.map((o) => o.email)).size).toBe(PLACES);
    const mails = await t.db.select().from(correo).where(and(eq(correo.tipo, "oferta_espera"), inArray(correo.destinatario, waiting)));
    expect(mails).toHaveLength(PLACES);
    const messages = inbox.messages().filter((m) => m.subject.startsWith("Se liberó un lugar"));
    expect(messages).toHaveLength(PLACES);
    for (const email of waiting) expect(messages.filter((m) => m.to.includes(email)), email).toHaveLength(1);
  }, 240_000);
});
