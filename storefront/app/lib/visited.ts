import { STORAGE_KEYS } from "@tours/domain";

/**
 * An entry of the spec's `actividadesVisitadas` list: kept in the browser's storage under that key and, for
 * visitors without JavaScript, in a cookie of the same name (visited.server.ts); most recent first.
 */
export interface VisitedEntry {
  id: number | string;
  nombre: string;
  imagen: string | null;
  valor: number;
  pais?: number | string;
  ciudad?: number | string;
}

export const VISITED_KEY = STORAGE_KEYS.visited;
export const MAX_VISITED = 8;
