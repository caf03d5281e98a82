/**
 * `npm run bench -w @tours/api` (part): does the catalogue search cost the same at 5,000 tours as on the demo
 * catalogue? Builds the real app (the test helper's buildApp) on a fresh in-memory PGlite — and again on a fresh
 * PostgreSQL database when DATABASE_URL is set — with the demo catalogue (45 tours), times GET /api/busqueda through
 * `app.inject` (searches, a city's filters with their counts, a date with places), then adds 5,000 tours with their
 * facts and a daily horario each, spread over the demo's cities, and times the same calls again.
 *
 * Figures: each call's p95 at 5,000 ÷ its p95 at 45 (goal ≤ 1.5), and on PostgreSQL the p95 at 5,000 itself (goal
 * ≤ 50 ms, issue 26). A wrong answer (no hit where one is expected) fails the run.
 *
 * Settings: BENCH_REPS (timed repetitions per case, default 100), BENCH_WARMUP (default 10).
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

const REPS = positiveInt(process.env.BENCH_REPS, 100);
const WARMUP = positiveInt(process.env.BENCH_WARMUP, 10);
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

async function runOn(label: string): Promise<string[]> {
  const failures: string[] = [];
  const t = await createTestApp({ seed: true });
  try {
    const [medellin] = await t.db.select().from(ciudadesTable).where(sql`${ciudadesTable.nombre} = 'Medellín'`);
    const nextWeek = addDays(new Date().toISOString().slice(0, 10), 7);
    const cases: Case[] = [
      { name: "search, one word", query: "q=candelaria" },
      { name: "search, a typo", query: "q=medelin" },
      { name: "search, two words", query: "q=museo%20oro" },
      { name: "city's first page and counts", query: `ciudad=${medellin!.id}` },
      { name: "city, two filters", query: `ciudad=${medellin!.id}&idioma=en&duracion=2-4h` },
      { name: "city, con lugares el …", query: `ciudad=${medellin!.id}&fecha=${nextWeek}` },
      { name: "country, a filter, by price", query: `pais=${medellin!.pais}&idioma=en&orden=precio` },
    ];
    const time = async (c: Case) => {
      const samples: number[] = [];
      let hits = 0;
      for (let i = 0; i < WARMUP + REPS; i++) {
        const started = performance.now();
        const res = await t.app.inject({ method: "GET", url: `/api/busqueda?${c.query}` });
        const ms = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
        hits = BusquedaAnswer.parse(res.json()).succes.paginacion.total;
        if (i >= WARMUP) samples.push(ms);
      }
      return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), hits };
    };

    const small = new Map<string, Awaited<ReturnType<typeof time>>>();
    for (const c of cases) small.set(c.name, await time(c));

    const before = rowsOf<{ n: number }>(await t.db.execute(sql`SELECT count(*)::int AS n FROM tour`))[0]!.n;
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
    if (t.handle.kind === "postgres") await t.db.execute(sql`ANALYZE`);

    console.log(`\n${label}: ${before} tours, then ${before + BULK} (reps ${REPS}, warm-up ${WARMUP})`);
    console.log("case                          | hits 45 → 5,000 | p95 at 45 | p95 at 5,000 | ratio (≤ 1.5)");
    for (const c of cases) {
      const big = await time(c);
      const was = small.get(c.name)!;
      const ratio = big.p95 / was.p95;
      console.log(
        `${c.name.padEnd(29)} | ${`${was.hits} → ${big.hits}`.padEnd(15)} | ${was.p95.toFixed(2).padStart(7)} ms | ${big.p95.toFixed(2).padStart(9)} ms | ${ratio.toFixed(2)}`,
      );
      if (was.hits === 0) failures.push(`${label} / ${c.name}: no hit on the demo catalogue`);
      if (ratio > MAX_RATIO) failures.push(`${label} / ${c.name}: p95 ${ratio.toFixed(2)} × the demo's (max ${MAX_RATIO})`);
      if (t.handle.kind === "postgres" && big.p95 > MAX_P95_MS_POSTGRES) failures.push(`${label} / ${c.name}: p95 ${big.p95.toFixed(1)} ms at 5,000 tours (max ${MAX_P95_MS_POSTGRES})`);
    }
  } finally {
    await t.close();
  }
  return failures;
}

await onEachDatabase(runOn, "Every search and filter costs at 5,000 tours what it costs on the demo catalogue.");
