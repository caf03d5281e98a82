import { redirect } from "@remix-run/node";
import type { Busqueda } from "@tours/contract";
import { tourSummary } from "~/components/TourCards";
import { api, loadOr } from "./api.server";
import { parsePageRequest, pageCount } from "./paging";
import { todayInBusinessTz } from "./time.server";
import { busquedaQueryOf, cleanFilterHref, hasTourFilters, parseTourFilters, withoutFilters } from "./tour-filters";

/**
 * One page of our tours for the country, city and search pages, filtered as the URL says, through the API's search
 * (GET /api/busqueda): the tours as cards, the countries and cities a query names, each filter value's count.
 * Redirects an address with empty filters to the one without them. `null` when the page's paging parameters are not valid (the page answers 404); `result: null` when the API could
 * not be reached (logged; the page shows the section as unavailable).
 */
export async function loadTourList(url: URL, scope: { q?: string; pais?: number; ciudad?: number }, what: string) {
  // a form sent without JavaScript carries its empty fields: one address per set of filters
  const clean = cleanFilterHref(url);
  if (clean !== null) throw redirect(clean);
  const page = parsePageRequest(url.searchParams);
  if (page === null) return null;
  const filters = parseTourFilters(url.searchParams);
  const result = await loadOr(what, async (): Promise<Busqueda | null> => (await api().busqueda(busquedaQueryOf(scope, filters, page))).succes, null);
  const filtered = hasTourFilters(filters);
  return {
    page,
    filters,
    filtered,
    clearHref: filtered ? withoutFilters(url.pathname, url.searchParams) : null,
    today: todayInBusinessTz().today,
    tours: (result?.tours ?? []).map(tourSummary),
    destinos: result?.destinos ?? [],
    facetas: result?.facetas ?? null,
    total: result?.paginacion.total ?? 0,
    pages: pageCount(result?.paginacion.total ?? 0),
    unavailable: result === null,
  };
}

export type TourList = NonNullable<Awaited<ReturnType<typeof loadTourList>>>;
