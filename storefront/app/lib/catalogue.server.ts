import type { Banner, Ciudad, Pais } from "@tours/contract";
import { api, loadOr } from "./api.server";

/**
 * The public catalogue reads of the browsing pages. Each degrades to an empty answer when the API cannot be
 * reached (logged), so a page renders its other sections. They are cached per URL by the client's fetch
 * (api.server.ts), revalidated with the API's ETags.
 */

export function loadPaises(): Promise<Pais[]> {
  return loadOr("los países", async () => (await api().pais.index()).succes, []);
}

export function loadCiudades(): Promise<Ciudad[]> {
  return loadOr("las ciudades", async () => (await api().ciudades.index()).succes, []);
}

export async function loadBanner(): Promise<Banner | null> {
  const banners = await loadOr("el banner", () => api().banner.get(), [] as Banner[]);
  return banners[0] ?? null;
}

export interface CountryStats {
  actividades: number;
  viajeros: number;
  opiniones: number;
}

/**
 * The "Principales Experiencias" counters of every country, from one aggregate read of the API
 * (GET /api/pais/resumen): activities are the country's local tours plus its free tours; reviews are the local
 * tours' comments plus the free tours' review counts; travellers are the distinct people who wrote them. One call
 * whatever the size of the catalogue; an empty record when the API cannot be reached.
 */
export function loadCountryStats(): Promise<Record<number, CountryStats>> {
  return loadOr(
    "los contadores de los países",
    async () => {
      const { succes } = await api().pais.resumen();
      return Object.fromEntries(
        succes.map((r) => [r.pais, { actividades: r.actividades, viajeros: r.viajeros, opiniones: r.opiniones }]),
      ) as Record<number, CountryStats>;
    },
    {},
  );
}
