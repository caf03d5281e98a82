/**
 * The catalogue search and its filters (issue 26, decision 0020): what a query is searched as, and the filters'
 * values and Spanish words, shared by the API (which runs the search in SQL), the storefront and its tests.
 */

/** Tours per page of a search, a country's or a city's filtered list. */
export const BUSQUEDA_POR_PAGINA = 24;
/** Longest query kept. */
export const BUSQUEDA_Q_MAX = 80;
/** At most this many words of a query are searched (the rest is ignored). */
export const BUSQUEDA_MAX_PALABRAS = 6;
/** Countries and cities a search shows above its tours. */
export const BUSQUEDA_MAX_DESTINOS = 12;

/**
 * The words of a query as the database compares them (texto_busqueda, migration 0016): lower case, without accents
 * or punctuation. Words of one or two letters ("de", "la") are left out unless they are numbers, since every text
 * has them; repeated words count once.
 */
export function searchWords(q: string): string[] {
  const plain = q
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ");
  const words = plain.split(" ").filter((w) => w.length >= 3 || (w.length > 0 && /^\p{N}+$/u.test(w)));
  return [...new Set(words)].slice(0, BUSQUEDA_MAX_PALABRAS);
}

/**
 * How many typos (edits) a query's word may hold and still find a word of the catalogue: none for numbers and words
 * of three letters or fewer (which find the words they start), one up to six letters, two from seven.
 */
export function typosAllowed(word: string): number {
  if (/^\p{N}+$/u.test(word) || word.length <= 3) return 0;
  return word.length >= 7 ? 2 : 1;
}

/** Duration ranges of the filter, in minutes (both ends included; null: open). */
export const DURACIONES = {
  "hasta-2h": { etiqueta: "Hasta 2 horas", desde: null, hasta: 120 },
  "2-4h": { etiqueta: "De 2 a 4 horas", desde: 121, hasta: 240 },
  "4-8h": { etiqueta: "De 4 a 8 horas", desde: 241, hasta: 480 },
  "mas-8h": { etiqueta: "Más de 8 horas", desde: 481, hasta: null },
} as const;
export type DuracionRango = keyof typeof DURACIONES;
export const DURACION_RANGOS = Object.keys(DURACIONES) as DuracionRango[];

/** The accessibility filter: fully accessible, or at least partly. */
export const ACCESIBLE_FILTROS = { si: "Accesible en silla de ruedas", parcial: "Accesible, al menos en parte" } as const;
export type AccesibleFiltro = keyof typeof ACCESIBLE_FILTROS;
export const ACCESIBLE_FILTRO_CODES = Object.keys(ACCESIBLE_FILTROS) as AccesibleFiltro[];

/** Orders of a search's tours: by relevance (only with a query), the catalogue's order, name, price up or down. */
export const BUSQUEDA_ORDENES = ["relevancia", "id", "nombre", "precio", "-precio"] as const;
export type BusquedaOrden = (typeof BUSQUEDA_ORDENES)[number];
