import { CIUDAD_ORDENES, CIUDAD_POR_PAGINA_MAX, type CiudadOrden, type TourFields } from "@tours/contract";
import { toCents } from "@tours/domain";
import { sanitizeRichText } from "../../html/sanitize.ts";
import { badRequest, fieldError } from "../../http/errors.ts";
import type { CiudadesRepository } from "../ciudades/ciudades.repository.ts";
import type { TourValues } from "./tour.repository.ts";
import { TOUR_MSG } from "./tour.messages.ts";

/** Tours per page of the city call when only `pagina` or `orden` is sent. */
export const CIUDAD_POR_PAGINA_DEFAULT = 24;

/**
 * The paging of GET /api/tour/index/ciudad/{id} (extension): null without `pagina`, `por_pagina` and `orden`, so
 * the call answers exactly as it always did; otherwise the page asked for (bad values answer 400).
 */
export function cityPageOf(query: unknown): { pagina: number; porPagina: number; orden: CiudadOrden } | null {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.pagina === undefined && q.por_pagina === undefined && q.orden === undefined) return null;
  const int = (raw: unknown, fallback: number, max: number) => {
    if (raw === undefined) return fallback;
    return typeof raw === "string" && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= max ? Number(raw) : null;
  };
  const pagina = int(q.pagina, 1, 100_000);
  const porPagina = int(q.por_pagina, CIUDAD_POR_PAGINA_DEFAULT, CIUDAD_POR_PAGINA_MAX);
  const orden = q.orden === undefined ? "id" : (CIUDAD_ORDENES as readonly unknown[]).includes(q.orden) ? (q.orden as CiudadOrden) : null;
  const errors = [
    ...(pagina === null ? [fieldError(TOUR_MSG.badPagina, "pagina", q.pagina, "query")] : []),
    ...(porPagina === null ? [fieldError(TOUR_MSG.badPorPagina, "por_pagina", q.por_pagina, "query")] : []),
    ...(orden === null ? [fieldError(TOUR_MSG.badOrden, "orden", q.orden, "query")] : []),
  ];
  if (errors.length > 0 || pagina === null || porPagina === null || orden === null) throw badRequest(errors);
  return { pagina, porPagina, orden };
}

/**
 * The stored form of the tour form's fields: price in cents through the domain's one conversion, rich text
 * sanitised, and the city checked to exist and to belong to the country.
 */
export async function tourValuesFrom(fields: TourFields, ciudades: CiudadesRepository): Promise<TourValues> {
  const ciudad = await ciudades.find(fields.ciudad);
  if (!ciudad) throw badRequest([fieldError(TOUR_MSG.ciudadNotFound, "ciudad", fields.ciudad)]);
  if (ciudad.pais !== fields.pais) throw badRequest([fieldError(TOUR_MSG.ciudadOtherPais, "ciudad", fields.ciudad)]);
  return {
    nombre: fields.nombre,
    nombreHotel: fields.nombre_hotel ?? "",
    precioCents: toCents(fields.precio),
    habitacionIndividual: fields.habitacion_individual,
    habitacionDoble: fields.habitacion_doble,
    habitacionTriple: fields.habitacion_triple,
    intinerario: fields.intinerario ?? "",
    incluye: fields.incluye ?? "",
    noIncluye: fields.no_incluye ?? "",
    duracion: fields.duracion ?? "",
    accesibilidad: fields.accesibilidad ?? "",
    mascotas: fields.mascotas,
    salidas: sanitizeRichText(fields.salidas ?? ""),
    puntoEncuentro: fields.punto_encuentro ?? "",
    reembolsable: fields.reembolsable,
    pais: fields.pais,
    ciudad: fields.ciudad,
    descripcion: sanitizeRichText(fields.descripcion ?? ""),
    // absent (the original client's form) keeps what is stored
    corteHoras: fields.corte_horas,
    zonaHoraria: fields.zona_horaria,
    ...factValuesFrom(fields),
  };
}

/**
 * The tour's facts as stored: absent keeps what is stored (undefined), null or [] clears. The coordinates go
 * together: when either is sent, both are written (the contract already refused one without the other).
 */
function factValuesFrom(fields: TourFields): Partial<TourValues> {
  const encuentro =
    fields.encuentro_lat === undefined && fields.encuentro_lng === undefined
      ? {}
      : { encuentroLat: fields.encuentro_lat ?? null, encuentroLng: fields.encuentro_lng ?? null };
  return {
    duracionMinutos: fields.duracion_minutos,
    idiomas: fields.idiomas,
    accesibleSillaRuedas: fields.accesible_silla_ruedas,
    modalidad: fields.modalidad,
    edadMinima: fields.edad_minima,
    ...encuentro,
  };
}
