/**
 * `npm run bench -w @tours/api` (waiting list, issue 24): how long from places freeing up to the offer e-mail leaving?
 * On a fresh in-memory PGlite — and again on a fresh PostgreSQL database when DATABASE_URL is set — the API runs as
 * its process does (the job queue with its mail workers, every queue at its default polling), sending e-mail
 * through a transport that notes when each message is handed over.
 *
 * Each round: a departure of one place held by a checkout ("Reservado por otro viajero"), one visitor on its
 * waiting list, then staff raise its capacity to two. The time measured runs from the capacity call's answer (the
 * event is committed) to the offer e-mail handed to the transport; it passes through two jobs: the freed-places
 * event (polled every 0.5 s, decision 0023) and the e-mail (the mail queue, polled every 2 s, decision 0012).
 * Rounds are spaced a random 0–3 s apart, so they land anywhere in the pollers' cycles.
 *
 * The figures: median and p95 of the latency; goal p95 ≤ 60 s. Settings: BENCH_WAITLIST_ROUNDS (default 20).
 */
import { performance } from "node:perf_hooks";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { ESPERA_SUBJECT } from "../src/mail/lista-espera.mail.ts";
import type { MailMessage, MailTransport } from "../src/mail/transport.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { startPaypalSimulator } from "@tours/paypal-simulator";
import { ALL_DAYS, buyer, line, seedCatalogue, simulatorClient } from "../test/compra-fixtures.ts";
import { bearer, createTestApp, loginAsStaff } from "../test/helpers.ts";
import { onEachDatabase } from "./databases.ts";

const ROUNDS = Number(process.env.BENCH_WAITLIST_ROUNDS ?? 20);
const GOAL_P95_MS = 60_000;
const ZONE = "America/Bogota";

/** A transport that keeps each message with the moment it was handed over. */
function recordingTransport() {
  const sent: Array<{ message: MailMessage; at: number }> = [];
  const waiters: Array<() => void> = [];
  const transport: MailTransport = {
    async send(message) {
      sent.push({ message, at: performance.now() });
      for (const wake of waiters.splice(0)) wake();
      return { messageId: `bench-${sent.length}` };
    },
    close() {},
  };
  async function waitFor(match: (m: MailMessage) => boolean, timeoutMs: number): Promise<number> {
    const end = performance.now() + timeoutMs;
    for (;;) {
      const found = sent.find((s) => match(s.message));
      if (found) return found.at;
      if (performance.now() > end) throw new Error("the offer e-mail did not arrive in time");
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 250);
      });
    }
  }
  return { transport, waitFor };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runOn(label: string): Promise<string[]> {
  console.log(`\n${label}: ${ROUNDS} rounds, event → offer e-mail`);
  const sim = await startPaypalSimulator({ port: 0 });
  const mail = recordingTransport();
  const t = await createTestApp({ payments: simulatorClient(sim, 10_000), mail: mail.transport, env: { STOREFRONT_URL: "http://tienda.test" } });
  try {
    const cat = await seedCatalogue(t.db);
    const staff = bearer(await loginAsStaff(t.app, "admin"));
    const latencies: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const nombre = `Lista bench ${i}`;
      const [tour] = await t.db.insert(tourTable).values({ nombre, precioCents: 2000, pais: cat.countryId, ciudad: cat.cityId, reembolsable: true, corteHoras: 2 }).returning();
      await t.db.insert(horarioTable).values({ tourId: tour!.id, horaInicio: "10:00", cupo: 1, ...ALL_DAYS });
      const fecha = addDays(wallClock(new Date(), ZONE).date, 3);
      const dia = formatDia(fecha, "10:00");
      const held = await t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer({ email: `retiene${i}@bench.test` }), pedidos: [line(tour!.id, dia)] } });
      if (held.statusCode !== 200) throw new Error(`checkout: ${held.statusCode} ${held.body}`);
      const email = `espera${i}@bench.test`;
      const joined = await t.app.inject({ method: "POST", url: "/api/lista-espera", payload: { tour_id: tour!.id, dia, email, mayores_15: 1, de_4_15: 0, menores_3: 0, mascotas: 0 } });
      if (joined.statusCode !== 200) throw new Error(`join: ${joined.statusCode} ${joined.body}`);
      await new Promise((r) => setTimeout(r, Math.random() * 3000));
      const raised = await t.app.inject({ method: "PUT", url: "/api/salidas/cupo", headers: staff, payload: { tour_id: tour!.id, fecha, hora: "10:00", cupo: 2 } });
      if (raised.statusCode !== 200) throw new Error(`capacity: ${raised.statusCode} ${raised.body}`);
      const committed = performance.now();
      const sentAt = await mail.waitFor((m) => m.to === email && m.subject === ESPERA_SUBJECT.oferta(nombre), 120_000);
      latencies.push(sentAt - committed);
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(`  median ${(median / 1000).toFixed(2)} s, p95 ${(p95 / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s (goal p95 ≤ ${GOAL_P95_MS / 1000} s)`);
    return p95 <= GOAL_P95_MS ? [] : [`${label}: waiting list offer e-mail p95 ${(p95 / 1000).toFixed(1)} s > ${GOAL_P95_MS / 1000} s`];
  } finally {
    await t.close();
    await sim.close();
  }
}

await onEachDatabase(runOn, "Waiting list latency within its goal.");
