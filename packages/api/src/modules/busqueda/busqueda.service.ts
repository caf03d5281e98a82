import {
  ACCESIBLE_FILTRO_CODES,
  BUSQUEDA_ORDENES,
  BUSQUEDA_Q_MAX,
  DURACION_RANGOS,
  IDIOMA_CODES,
  MODALIDAD_CODES,
  isValidDate,
  searchWords,
  type AccesibleFiltro,
  type BusquedaOrden,
  type DuracionRango,
  type IdiomaCode,
  type Modalidad,
} from "@tours/domain";
import { badRequest, fieldError } from "../../http/errors.ts";
import type { ValidationErrorItem } from "@tours/contract";
import { BUSQUEDA_MSG } from "./busqueda.messages.ts";

/** A search as the repository runs it: the query's words, the place, the filters (prices in cents), the page. */
export interface BusquedaParams {
  q: string;
  words: string[];
  pais: number | null;
  ciudad: number | null;
  filtros: {
    precioMinCents: number | null;
    precioMaxCents: number | null;
    duracion: DuracionRango | null;
    idioma: IdiomaCode | null;
    accesible: AccesibleFiltro | null;
    modalidad: Modalidad | null;
  };
  fecha: string | null;
  pagina: number;
  orden: BusquedaOrden;
}

const MAX_PRECIO_USD = 1_000_000;

/** GET /api/busqueda's query, checked: every bad parameter is named with its Spanish message (400). */
export function busquedaParamsOf(query: unknown): BusquedaParams {
  const raw = (query ?? {}) as Record<string, unknown>;
  const errors: ValidationErrorItem[] = [];
  const text = (key: string): string | undefined => {
    const value = raw[key];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const fail = (key: string, msg: string) => {
    errors.push(fieldError(msg, key, raw[key] ?? null, "query"));
    return null;
  };
  const id = (key: "pais" | "ciudad") => {
    const value = text(key);
    if (value === undefined) return null;
    return /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : fail(key, BUSQUEDA_MSG[key]);
  };
  const precio = (key: "precio_min" | "precio_max") => {
    const value = text(key);
    if (value === undefined) return null;
    const usd = Number(value);
    return /^\d+(\.\d{1,2})?$/.test(value) && usd <= MAX_PRECIO_USD ? Math.round(usd * 100) : fail(key, BUSQUEDA_MSG.precio);
  };
  const oneOf = <T extends string>(key: string, values: readonly T[], msg: string): T | null => {
    const value = text(key);
    if (value === undefined) return null;
    return (values as readonly string[]).includes(value) ? (value as T) : fail(key, msg);
  };

  const q = text("q") ?? "";
  if (q.length > BUSQUEDA_Q_MAX) fail("q", BUSQUEDA_MSG.q);
  const precioMinCents = precio("precio_min");
  const precioMaxCents = precio("precio_max");
  if (precioMinCents !== null && precioMaxCents !== null && precioMinCents > precioMaxCents) fail("precio_min", BUSQUEDA_MSG.precioRango);
  const fecha = text("fecha") ?? null;
  if (fecha !== null && !(/^\d{4}-\d{2}-\d{2}$/.test(fecha) && isValidDate(fecha))) fail("fecha", BUSQUEDA_MSG.fecha);
  const paginaText = text("pagina");
  const pagina = paginaText === undefined ? 1 : /^\d{1,6}$/.test(paginaText) && Number(paginaText) >= 1 ? Number(paginaText) : fail("pagina", BUSQUEDA_MSG.pagina);
  const words = searchWords(q);
  const orden = oneOf("orden", BUSQUEDA_ORDENES, BUSQUEDA_MSG.orden) ?? (words.length > 0 ? "relevancia" : "id");
  const params: BusquedaParams = {
    q,
    words,
    pais: id("pais"),
    ciudad: id("ciudad"),
    filtros: {
      precioMinCents,
      precioMaxCents,
      duracion: oneOf("duracion", DURACION_RANGOS, BUSQUEDA_MSG.duracion),
      idioma: oneOf("idioma", IDIOMA_CODES, BUSQUEDA_MSG.idioma),
      accesible: oneOf("accesible", ACCESIBLE_FILTRO_CODES, BUSQUEDA_MSG.accesible),
      modalidad: oneOf("modalidad", MODALIDAD_CODES, BUSQUEDA_MSG.modalidad),
    },
    fecha,
    pagina: pagina ?? 1,
    // relevance needs words to weigh: without a query the catalogue's order
    orden: orden === "relevancia" && words.length === 0 ? "id" : orden,
  };
  if (errors.length > 0) throw badRequest(errors);
  return params;
}
