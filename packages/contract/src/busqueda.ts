import { z } from "zod/mini";
import { BUSQUEDA_ORDENES } from "@tours/domain";
import { IdSchema } from "./primitives.ts";
import { TourSchema } from "./records.ts";

/**
 * GET /api/busqueda (extension, issue 26): the catalogue search and the filters of the country, city and search
 * pages, in one call. Query (every part optional): `q` (words of a name or description: accents, case and one typo
 * per word do not matter), `pais` or `ciudad` (the page's place), `precio_min`/`precio_max` (USD), `duracion`
 * (DURACIONES' ranges), `idioma` (ISO 639-1), `accesible` (si / parcial), `modalidad` (grupo / privado), `fecha`
 * (YYYY-MM-DD: only tours with a place left that day), `pagina`, `orden`. Answers one page of tours (24), the
 * countries and cities that match `q` (first page only) and, per filter value, how many tours it would leave.
 */
export const DestinoEncontradoSchema = z.object({
  tipo: z.enum(["pais", "ciudad"]),
  id: IdSchema,
  nombre: z.string(),
  imagen: z.nullable(z.string()),
  /** The country: its own id for a country, the city's country for a city. */
  pais: IdSchema,
  pais_nombre: z.string(),
});
export type DestinoEncontrado = z.output<typeof DestinoEncontradoSchema>;

export const FacetaSchema = z.object({ valor: z.string(), cantidad: z.number().check(z.int(), z.nonnegative()) });
export type Faceta = z.output<typeof FacetaSchema>;

export const BusquedaSchema = z.object({
  q: z.string(),
  destinos: z.array(DestinoEncontradoSchema),
  tours: z.array(TourSchema),
  paginacion: z.object({
    pagina: z.number().check(z.int(), z.positive()),
    por_pagina: z.number().check(z.int(), z.positive()),
    orden: z.enum(BUSQUEDA_ORDENES),
    total: z.number().check(z.int(), z.nonnegative()),
    paginas: z.number().check(z.int(), z.nonnegative()),
  }),
  /** For each filter, each value and the tours it would leave with the other filters as they are. */
  facetas: z.object({
    duracion: z.array(FacetaSchema),
    idioma: z.array(FacetaSchema),
    accesible: z.array(FacetaSchema),
    modalidad: z.array(FacetaSchema),
    /** Cheapest and dearest tour (USD) with the other filters as they are; null when none. */
    precio: z.nullable(z.object({ min: z.number(), max: z.number() })),
  }),
});
export type Busqueda = z.output<typeof BusquedaSchema>;
export const BusquedaAnswer = z.object({ succes: BusquedaSchema });

/** The query of GET /api/busqueda as the typed client sends it (strings, as in a URL). */
export type BusquedaQuery = {
  q?: string;
  pais?: number;
  ciudad?: number;
  precio_min?: number;
  precio_max?: number;
  duracion?: string;
  idioma?: string;
  accesible?: string;
  modalidad?: string;
  fecha?: string;
  pagina?: number;
  orden?: string;
};
