import type { Banner, Ciudad, FreeTour, Pais, Tour } from "@tours/contract";
import { api, cached, loadOr } from "./api.server";

/**
 * The public catalogue reads of the browsing pages. Each degrades to an empty answer when the API cannot be
 * reached (logged), so a page renders its other sections.
 */

const LIST_TTL_MS = 30_000;

export function loadPaises(): Promise<Pais[]> {
  return loadOr("los países", () => cached("pais.index", LIST_TTL_MS, async () => (await api().pais.index()).succes), []);
}

export function loadCiudades(): Promise<Ciudad[]> {
  return loadOr(
    "las ciudades",
    () => cached("ciudades.index", LIST_TTL_MS, async () => (await api().ciudades.index()).succes),
    [],
  );
}

export function loadTours(): Promise<Tour[]> {
  return loadOr("los tours", () => cached("tour.index", LIST_TTL_MS, async () => (await api().tour.index()).succes), []);
}

export async function loadBanner(): Promise<Banner | null> {
  const banners = await loadOr("el banner", () => api().banner.get(), [] as Banner[]);
  return banners[0] ?? null;
}

/** The free tours of a provider country (first page), or [] when unknown or unreachable. */
export function loadFreeToursOfCountry(countryId: string | null | undefined): Promise<FreeTour[]> {
  if (!countryId) return Promise.resolve([]);
  return loadOr(
    `los free tours del país ${countryId}`,
    () => cached(`freetours.${countryId}`, LIST_TTL_MS, async () => (await api().freetours.tours(countryId)).data.tours),
    [],
  );
}

function loadCommentAuthors(tourId: number): Promise<string[]> {
  return loadOr(
    `los comentarios del tour ${tourId}`,
    () => cached(`comentarios.${tourId}`, 60_000, async () => (await api().tour.comentarios(tourId)).succes.map((c) => c.email)),
    [],
  );
}

function loadFreeTourReviewers(tourId: string): Promise<string[]> {
  return loadOr(
    `las opiniones del free tour ${tourId}`,
    () =>
      cached(`freetour.reviewers.${tourId}`, 60_000, async () =>
        (await api().freetours.tour(tourId)).comentarios.data.map((r) => r.reviewerName),
      ),
    [],
  );
}

export interface CountryStats {
  actividades: number;
  viajeros: number;
  opiniones: number;
}

/**
 * The "Principales Experiencias" counters, computed from the data: activities are the country's local tours
 * plus its free tours; reviews are the local tours' comments plus the free tours' review counts; travellers
 * are the distinct people who wrote those reviews (a traveller reviewing two tours counts once).
 */
export async function countryStats(paises: Pais[], tours: Tour[]): Promise<Record<number, CountryStats>> {
  const entries = await Promise.all(
    paises.map(async (pais) => {
      const local = tours.filter((t) => t.pais === pais.id);
      const freeTours = await loadFreeToursOfCountry(pais.freetour_id);
      const [localAuthors, freeAuthors] = await Promise.all([
        Promise.all(local.map((t) => loadCommentAuthors(t.id))),
        Promise.all(freeTours.map((t) => loadFreeTourReviewers(t.id))),
      ]);
      const freeReviews = freeTours.reduce((sum, t) => sum + (Number(t.reviewsNumber) || 0), 0);
      const people = new Set([
        ...localAuthors.flat().map((email) => `local:${email.toLowerCase()}`),
        ...freeAuthors.flat().map((name) => `free:${name}`),
      ]);
      const stats: CountryStats = {
        actividades: local.length + freeTours.length,
        opiniones: localAuthors.flat().length + freeReviews,
        viajeros: people.size,
      };
      return [pais.id, stats] as const;
    }),
  );
  return Object.fromEntries(entries);
}
