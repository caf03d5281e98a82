/**
 * The filters of our tours on the country, city and search pages (issue 26): in the URL, so a filtered list can be
 * shared, the back button returns to the previous filters and a plain GET form works without JavaScript. Values the
 * API would refuse are dropped here (a hand-edited URL shows the list without that filter, never an error). The
 * search and its counts run in the API (GET /api/busqueda). Pure.
 */
import type { BusquedaQuery } from "@tours/contract";
import {
  ACCESIBLE_FILTRO_CODES,
  DURACION_RANGOS,
  IDIOMA_CODES,
  MODALIDAD_CODES,
  isValidDate,
  type AccesibleFiltro,
  type DuracionRango,
  type IdiomaCode,
  type Modalidad,
} from "@tours/domain";
import type { PageRequest } from "./paging";

export interface TourFilters {
  precioMin: number | null;
  precioMax: number | null;
  duracion: DuracionRango | null;
  idioma: IdiomaCode | null;
  accesible: AccesibleFiltro | null;
  modalidad: Modalidad | null;
  /** "YYYY-MM-DD": only tours with a place left that day. */
  fecha: string | null;
}

/** The URL parameters of the filters (also the form's field names). */
export const FILTER_PARAMS = ["precio_min", "precio_max", "duracion", "idioma", "accesible", "modalidad", "fecha"] as const;

function oneOf<T extends string>(value: string | null, values: readonly T[]): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function usd(value: string | null): number | null {
  if (value === null || !/^\d{1,7}(\.\d{1,2})?$/.test(value.trim())) return null;
  return Number(value.trim());
}

export function parseTourFilters(params: URLSearchParams): TourFilters {
  let precioMin = usd(params.get("precio_min"));
  let precioMax = usd(params.get("precio_max"));
  // prices typed the wrong way round mean the same range
  if (precioMin !== null && precioMax !== null && precioMin > precioMax) [precioMin, precioMax] = [precioMax, precioMin];
  const fecha = params.get("fecha");
  return {
    precioMin,
    precioMax,
    duracion: oneOf(params.get("duracion"), DURACION_RANGOS),
    idioma: oneOf(params.get("idioma"), IDIOMA_CODES),
    accesible: oneOf(params.get("accesible"), ACCESIBLE_FILTRO_CODES),
    modalidad: oneOf(params.get("modalidad"), MODALIDAD_CODES),
    fecha: fecha && /^\d{4}-\d{2}-\d{2}$/.test(fecha) && isValidDate(fecha) ? fecha : null,
  };
}

export function hasTourFilters(filters: TourFilters): boolean {
  return Object.values(filters).some((value) => value !== null);
}

/** The visitor's order as GET /api/busqueda names it ("Recomendados" is relevance with a query, else the catalogue's order). */
const BUSQUEDA_ORDEN = { relevancia: "relevancia", precio: "precio", "precio-desc": "-precio", nombre: "nombre" } as const;

/** The API query of a page of a place's (or a search's) tours with these filters. */
export function busquedaQueryOf(
  scope: { q?: string; pais?: number; ciudad?: number },
  filters: TourFilters,
  page: PageRequest,
): BusquedaQuery {
  return {
    ...scope,
    precio_min: filters.precioMin ?? undefined,
    precio_max: filters.precioMax ?? undefined,
    duracion: filters.duracion ?? undefined,
    idioma: filters.idioma ?? undefined,
    accesible: filters.accesible ?? undefined,
    modalidad: filters.modalidad ?? undefined,
    fecha: filters.fecha ?? undefined,
    pagina: page.pagina > 1 ? page.pagina : undefined,
    orden: BUSQUEDA_ORDEN[page.orden],
  };
}

/** The page's address without any filter (its other parameters, such as the query, kept): "Quitar filtros". */
export function withoutFilters(path: string, params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of [...FILTER_PARAMS, "pagina"]) kept.delete(name);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The address without the filters left empty, when there are some: a GET form without JavaScript sends every field
 * ("duracion=&idioma=es…"), and each set of filters should have one address. Null when the address is clean.
 */
export function cleanFilterHref(url: URL): string | null {
  const params = new URLSearchParams(url.search);
  const empty = [...FILTER_PARAMS, "q"].filter((name) => params.has(name) && params.getAll(name).every((v) => v.trim() === ""));
  if (empty.length === 0) return null;
  for (const name of empty) params.delete(name);
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** A filter form's fields as the URL should carry them: empty ones left out. */
export function filledFields(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && value.trim() !== "") params.append(name, value);
  return params;
}
