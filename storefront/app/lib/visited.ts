/**
 * An entry of the spec's `actividadesVisitadas` list: kept in the browser's storage under that key and, for
 * visitors without JavaScript, in a cookie of the same name (visited.server.ts); most recent first, at most
 * `MAX_VISITED`. The key and the limit live in @tours/domain (constants.ts), so the browser code needs no module of
 * its own for them.
 */
export interface VisitedEntry {
  id: number | string;
  nombre: string;
  imagen: string | null;
  valor: number;
  pais?: number | string;
  ciudad?: number | string;
}
