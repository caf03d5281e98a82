import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PaisResumen } from "@tours/contract";
import type { FreeTourProvider } from "../../adapters/freetours/types.ts";
import type { Db } from "../../db/client.ts";

/**
 * GET /api/pais/resumen: every country's home counters in one read. The local part is one aggregate query
 * (tours per country through `tour_pais_idx`, comments joined to their tour by its primary key, distinct authors
 * counted by the database); the free-tour part
 * reads the provider (cached by its adapter) once per country and once per free tour, inside the API, so the
 * storefront makes one call whatever the size of the catalogue.
 */

/** How long the free-tour part may take; past it the countries keep their local counters only (logged). */
export const RESUMEN_FREE_BUDGET_MS = 1200;

/**
 * How long one computed answer is reused. The aggregate reads every tour and comment (~20 ms on PGlite with 5,000
 * tours and 10,000 comments) and PGlite runs one statement at a time, so computing it on every revalidation of
 * every storefront process would delay the other reads queued behind it. Counters may lag this much.
 */
export const RESUMEN_TTL_MS = 5_000;

interface LocalCounts {
  pais: number;
  freetourId: string | null;
  tours: number;
  comentarios: number;
  /** Distinct comment authors (lower-cased emails). */
  autores: number;
}

/** One row per country (also those without tours), in id order; every count is made by the database. */
export async function localCounts(db: Db): Promise<LocalCounts[]> {
  const result = await db.execute(sql`
    with t as (select pais, count(*)::int as tours from tour group by pais),
         c as (
           select tr.pais, count(*)::int as comentarios, count(distinct lower(cm.email))::int as autores
           from comentarios cm join tour tr on tr.id = cm.id_tour
           group by tr.pais
         )
    select p.id as pais, p.freetour_id, coalesce(t.tours, 0) as tours, coalesce(c.comentarios, 0) as comentarios,
           coalesce(c.autores, 0) as autores
    from pais p left join t on t.pais = p.id left join c on c.pais = p.id
    order by p.id`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({
    pais: Number(row.pais),
    freetourId: (row.freetour_id as string | null) ?? null,
    tours: Number(row.tours),
    comentarios: Number(row.comentarios),
    autores: Number(row.autores),
  }));
}

interface FreeCounts {
  tours: number;
  reviews: number;
  reviewers: string[];
}

const NO_FREE: FreeCounts = { tours: 0, reviews: 0, reviewers: [] };

/** The first page of a provider country (as the free-tour list shows it), its review counts and reviewers. */
async function freeCounts(provider: FreeTourProvider, countryId: string): Promise<FreeCounts> {
  const page = await provider.toursByCountry(countryId, 1);
  const reviewers = await Promise.all(
    page.tours.map((t) =>
      provider.reviews(t.id).then(
        (r) => r.data.map((review) => review.reviewerName),
        () => [] as string[],
      ),
    ),
  );
  return {
    tours: page.tours.length,
    reviews: page.tours.reduce((sum, t) => sum + (Number(t.reviewsNumber) || 0), 0),
    reviewers: reviewers.flat(),
  };
}

async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T | "timeout"> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function paisResumen(db: Db, provider: FreeTourProvider, log: FastifyBaseLogger): Promise<PaisResumen[]> {
  const local = await localCounts(db);
  const free = await Promise.all(
    local.map(async (row) => {
      const countryId = row.freetourId?.trim();
      if (!countryId) return NO_FREE;
      try {
        const counts = await withinBudget(freeCounts(provider, countryId), RESUMEN_FREE_BUDGET_MS);
        if (counts !== "timeout") return counts;
        log.warn({ countryId }, `free-tour provider gave no answer within ${RESUMEN_FREE_BUDGET_MS} ms; local counters only`);
      } catch (err) {
        log.warn({ err, countryId }, "free-tour provider failed; local counters only");
      }
      return NO_FREE;
    }),
  );
  return local.map((row, i) => {
    const f = free[i] ?? NO_FREE;
    // a comment's author (an email) and a free-tour reviewer (a name) are never the same key: the counts add up
    return {
      pais: row.pais,
      actividades: row.tours + f.tours,
      opiniones: row.comentarios + f.reviews,
      viajeros: row.autores + new Set(f.reviewers).size,
    };
  });
}

/**
 * paisResumen computed at most once per RESUMEN_TTL_MS (by the app's clock); concurrent callers share one
 * computation, and a failed one is not kept.
 */
export function createResumenCache(compute: () => Promise<PaisResumen[]>, now: () => Date) {
  let held: { value: Promise<PaisResumen[]>; at: number } | undefined;
  return (): Promise<PaisResumen[]> => {
    const at = now().getTime();
    if (held && at - held.at < RESUMEN_TTL_MS) return held.value;
    const value = compute();
    const entry = { value, at };
    held = entry;
    value.catch(() => {
      if (held === entry) held = undefined;
    });
    return value;
  };
}
