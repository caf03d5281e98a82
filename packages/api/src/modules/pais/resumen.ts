import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { PaisResumen } from "@tours/contract";
import type { FreeTourProvider } from "../../adapters/freetours/types.ts";
import type { Db } from "../../db/client.ts";

/**
 * GET /api/pais/resumen: every country's home counters in one read. The local part is the counters the database
 * keeps per country (tours, comments, distinct authors; maintained by triggers on every write); the free-tour part
 * reads the provider (cached by its adapter) once per country and once per free tour, inside the API, so the
 * storefront makes one call whatever the size of the catalogue.
 */

/** How long the free-tour part may take; past it the countries keep their local counters only (logged). */
export const RESUMEN_FREE_BUDGET_MS = 1200;

/**
 * How long one computed answer is reused: the free-tour part asks the provider once per country and once per free
 * tour, too much for every revalidation of every storefront process. Counters may lag this much.
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

/**
 * One row per country (also those without tours), in id order. The database keeps the counts on every write of a
 * tour or comment (`pais_contadores`, migration 0021), so this reads one row per country whatever the catalogue's size.
 */
export async function localCounts(db: Db): Promise<LocalCounts[]> {
  const result = await db.execute(sql`
    select p.id as pais, p.freetour_id, coalesce(c.tours, 0) as tours, coalesce(c.comentarios, 0) as comentarios,
           coalesce(c.autores, 0) as autores
    from pais p left join pais_contadores c on c.pais = p.id
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
