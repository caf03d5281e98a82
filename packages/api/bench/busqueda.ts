/**
 * `npm run bench -w @tours/api` (part): does the catalogue search cost the same at 5,000 tours as on the demo
 * catalogue? Builds the real app twice (the test helper's buildApp, each on a fresh in-memory PGlite — and again on
 * two fresh PostgreSQL databases when DATABASE_URL is set): one with the demo catalogue (45 tours), one with the demo
 * catalogue and 5,000 more tours with their facts and a daily horario each, spread over the demo's cities. Then times
 * GET /api/busqueda through `app.inject` (searches, a city's filters with their counts, a date with places) on both,
 * in turn — one call to each catalogue per repetition, which goes first alternating — so a change in the machine's
 * load, the garbage collector or the JIT reaches both sides alike instead of whichever was measured second.
 *
 * Figures: each call's p95 at 5,000 ÷ its p95 at 45 (goal ≤ 1.5), and on PostgreSQL the p95 at 5,000 itself (goal
 * ≤ 50 ms, issue 26); the medians beside them. A wrong answer (no hit where one is expected) fails the run.
 *
 * Settings: BENCH_REPS (timed repetitions per case and side, default 300), BENCH_WARMUP (default 20).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { BusquedaAnswer } from "@tours/contract";
import { addDays, IDIOMA_CODES } from "@tours/domain";
import { rowsOf } from "../src/db/rows.ts";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { createTestApp } from "../test/helpers.ts";
import { onEachDatabase } from "./databases.ts";

const REPS = positiveInt(process.env.BENCH_REPS, 300);
const WARMUP = positiveInt(process.env.BENCH_WARMUP, 20);
const BULK = 5_000;
const MAX_RATIO = 1.5;
const MAX_P95_MS_POSTGRES = 50;
const WORDS = ["mirador", "mercado", "cascada", "volcán", "catedral", "barrio", "bosque", "playa", "museo", "río", "castillo", "viñedo"];

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`not a positive integer: ${raw}`);
  return n;
}

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

interface Case {
  name: string;
  query: string;
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The seven cases on one app; the city is Medellín, the date a week from today. */
async function casesOf(t: TestApp): Promise<Case[]> {
  const [medellin] = await t.db.select().from(ciudadesTable).where(sql`${ciudadesTable.nombre} = 'Medellín'`);
  const nextWeek = addDays(new Date().toISOString().slice(0, 10), 7);
  return [
    { name: "search, one word", query: "q=candelaria" },
    { name: "search, a typo", query: "q=medelin" },
    { name: "search, two words", query: "q=museo%20oro" },
    { name: "city's first page and counts", query: `ciudad=${medellin!.id}` },
    { name: "city, two filters", query: `ciudad=${medellin!.id}&idioma=en&duracion=2-4h` },
    { name: "city, con lugares el …", query: `ciudad=${medellin!.id}&fecha=${nextWeek}` },
    { name: "country, a filter, by price", query: `pais=${medellin!.pais}&idioma=en&orden=precio` },
  ];
}

/** Adds BULK tours with their facts and a daily horario each, spread over the app's cities. */
async function addBulkTours(t: TestApp): Promise<void> {
  const ciudades = await t.db.select({ id: ciudadesTable.id, pais: ciudadesTable.pais, nombre: ciudadesTable.nombre }).from(ciudadesTable);
  for (let from = 0; from < BULK; from += 500) {
    const rows = await t.db
      .insert(tourTable)
      .values(
        Array.from({ length: Math.min(500, BULK - from) }, (_, k) => {
          const i = from + k;
          const ciudad = ciudades[i % ciudades.length]!;
          const a = WORDS[i % WORDS.length]!;
          const b = WORDS[(i * 7 + 3) % WORDS.length]!;
          return {
            nombre: `Ruta del ${a} y ${b} ${i}`,
            precioCents: 1_500 + ((i * 137) % 20_000),
            pais: ciudad.pais,
            ciudad: ciudad.id,
            descripcion: `<p>Una visita guiada al ${a} y al ${b} de ${ciudad.nombre}, con paradas para fotos y una bebida típica.</p>`,
            duracionMinutos: 60 + ((i * 53) % 600),
            idiomas: [IDIOMA_CODES[i % IDIOMA_CODES.length]!, "es"].filter((v, j, all) => all.indexOf(v) === j),
            accesibleSillaRuedas: (["si", "no", "parcial"] as const)[i % 3],
            modalidad: i % 4 === 0 ? ("privado" as const) : ("grupo" as const),
          };
        }),
      )
      .returning({ id: tourTable.id });
    await t.db.insert(horarioTable).values(
      rows.map((r, k) => ({ tourId: r.id, horaInicio: `${String(8 + ((from + k) % 10)).padStart(2, "0")}:00`, lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true, cupo: 12 })),
    );
  }
}

/**
 * Both catalogues as they settle: each tour loaded above (and each demo tour) was written twice — its horario's
 * trigger rewrites it with its weekdays (migration 0026) — and the dead first versions, one per tour, would be
 * fetched and thrown away by every index scan, a cost that grows with the load, not with the catalogue. PostgreSQL's
 * autovacuum clears them in a running database; PGlite has none, so the bench vacuums both itself.
 */
async function settle(t: TestApp): Promise<void> {
  await t.db.execute(sql`VACUUM ANALYZE`);
}

async function tourCount(t: TestApp): Promise<number> {
  return rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM tour`))[0]!.n;
}

/** One call: its time, and how many tours and places it found. */
async function call(t: TestApp, query: string, name: string): Promise<{ ms: number; hits: number }> {
  const started = performance.now();
  const res = await t.app.inject({ method: "GET", url: `/api/busqueda?${query}` });
  const ms = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  return { ms, hits: BusquedaAnswer.parse(res.json()).succes.paginacion.total };
}

async function runOn(label: string): Promise<string[]> {
  const failures: string[] = [];
  const demo = await createTestApp({ seed: true });
  const big = await createTestApp({ seed: true });
  try {
    await addBulkTours(big);
    await settle(demo);
    await settle(big);
    const [demoCases, bigCases] = [await casesOf(demo), await casesOf(big)];

    console.log(`\n${label}: ${await tourCount(demo)} tours beside ${await tourCount(big)}, timed in turn (reps ${REPS}, warm-up ${WARMUP})`);
    console.log("case                          | hits 45 → 5,000 | p95 at 45 | p95 at 5,000 | ratio (≤ 1.5) | medians");
    for (const [k, c] of demoCases.entries()) {
      const sides = [
        { t: demo, query: c.query, samples: [] as number[], hits: 0 },
        { t: big, query: bigCases[k]!.query, samples: [] as number[], hits: 0 },
      ];
      for (let i = 0; i < WARMUP + REPS; i++) {
        for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
          const { ms, hits } = await call(side.t, side.query, c.name);
          side.hits = hits;
          if (i >= WARMUP) side.samples.push(ms);
        }
      }
      const [was, now] = sides.map((side) => ({ p50: quantile(side.samples, 0.5), p95: quantile(side.samples, 0.95), hits: side.hits }));
      const ratio = now!.p95 / was!.p95;
      console.log(
        `${c.name.padEnd(29)} | ${`${was!.hits} → ${now!.hits}`.padEnd(15)} | ${was!.p95.toFixed(2).padStart(7)} ms | ${now!.p95.toFixed(2).padStart(9)} ms | ${ratio.toFixed(2).padEnd(13)} | ${was!.p50.toFixed(2)} → ${now!.p50.toFixed(2)} ms`,
      );
      if (was!.hits === 0) failures.push(`${label} / ${c.name}: no hit on the demo catalogue`);
      if (ratio > MAX_RATIO) failures.push(`${label} / ${c.name}: p95 ${ratio.toFixed(2)} × the demo's (max ${MAX_RATIO})`);
      if (big.handle.kind === "postgres" && now!.p95 > MAX_P95_MS_POSTGRES) failures.push(`${label} / ${c.name}: p95 ${now!.p95.toFixed(1)} ms at 5,000 tours (max ${MAX_P95_MS_POSTGRES})`);
    }
  } finally {
    await demo.close();
    await big.close();
  }
  return failures;
}

await onEachDatabase(runOn, "Every search and filter costs at 5,000 tours what it costs on the demo catalogue.");
