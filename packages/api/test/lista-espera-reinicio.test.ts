import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { SIMULATOR_CLIENT_ID, SIMULATOR_CLIENT_SECRET, SIMULATOR_WEBHOOK_ID } from "@tours/paypal-simulator";
import { startLocalMailServer, type RunningMailServer } from "@tours/local-mail";
import { correo } from "../src/mail/correo.table.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { databaseUrlOf, startSecondApi, type SecondApi } from "./second-api.ts";
import { line } from "./compra-fixtures.ts";
import { buyPaid } from "./reserva-fixtures.ts";
import { useTestApp } from "./test-app.ts";
import { waitFor } from "./wait-for.ts";
import { departureInThreeDays, joinWaitingList } from "./lista-espera-fixtures.ts";

/*
 * Issue 24 (docs/decisions/0023): an API process (the real server.ts) handles a departure's freed places and makes
 * the offer, but its e-mail has not gone out (its SMTP server does not answer) when the process is killed; the next
 * process on the same PostgreSQL sends it, once. A file of its own: a fresh database, no other e-mails queued before
 * it. PostgreSQL only: PGlite has no second process.
 */

const t = useTestApp({ paypal: { timeoutMs: 10_000 }, catalogue: true, jobs: true });
// servers this file starts listen in 4700–4799
const port = (n: number) => 4700 + ((Math.floor(Math.random() * 20) * 5 + n) % 100);

let ipSeq = 0;
async function join(tourId: number, dia: string, email: string) {
  const res = await joinWaitingList(t, tourId, dia, email, 1, `198.51.100.${++ipSeq}`);
  expect(res.statusCode, res.body).toBe(200);
}

describe.runIf(!!process.env.DATABASE_URL)("the waiting list's e-mail across a killed process", () => {
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

  it("a process killed after the event was handled and before its e-mail: the next one sends it, once", async () => {
    const { tourId, dia } = await departureInThreeDays(t, "Cerro del apagón", 1);
    const buyerOrder = await buyPaid(t, [line(tourId, dia)], { email: "solo@example.com" });
    await join(tourId, dia, "paciente@example.com");
    // its SMTP server does not answer: the offer's e-mail fails and waits for a retry
    const dying = await startApi("smtp://127.0.0.1:9");
    const cancelled = await fetch(`${dying.url}/api/reserva/cancelar`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ referencia: buyerOrder.referencia, pin: buyerOrder.pin }),
    });
    expect(cancelled.status).toBe(200);
    const mailRow = async () => (await t.db.select().from(correo).where(and(eq(correo.tipo, "oferta_espera"), eq(correo.destinatario, "paciente@example.com"))))[0];
    await waitFor("a failed try of the offer's e-mail", async () => ((await mailRow())?.intentos ?? 0) >= 1, 60_000).catch(async (err) => {
      throw new Error(`${String(err)}\n${JSON.stringify(await mailRow())}\n${dying.output()}`);
    });
    await dying.kill();
    expect(inbox.messages().filter((m) => m.to.includes("paciente@example.com") && m.subject.startsWith("Se liberó"))).toHaveLength(0);

    const next = await startApi(inbox.smtpUrl);
    // failed once on PostgreSQL at load ~2.5 (not understood yet): say what the row and the new process show
    await waitFor("the e-mail sent", async () => (await mailRow())?.estado === "enviado", 90_000).catch(async (err) => {
      throw new Error(`${String(err)}\n${JSON.stringify(await mailRow())}\n${next.output()}`);
    });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(inbox.messages().filter((m) => m.to.includes("paciente@example.com") && m.subject.startsWith("Se liberó"))).toHaveLength(1);
    const rows = await t.db.select().from(correo).where(and(eq(correo.tipo, "oferta_espera"), eq(correo.destinatario, "paciente@example.com")));
    expect(rows).toHaveLength(1);
    const held = await t.db.select().from(pedido).where(eq(pedido.email, "paciente@example.com"));
    expect(held).toHaveLength(1);
  }, 240_000);
});
