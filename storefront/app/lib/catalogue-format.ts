/*
 * The addresses and small texts of the catalogue's pages, in a module of their own: a page that needs only these
 * does not load the cards or the destination search with its first JavaScript.
 */

export const countryPath = (countryId: number) => `/pais/${countryId}`;
export const cityPath = (countryId: number, cityId: number) => `/actividades/${countryId}/${cityId}`;
export const localTourPath = (id: number) => `/actividades/detalle/local/${id}`;
export const activityPath = (id: string) => `/activity/${encodeURIComponent(id)}`;

/** The Spanish text of a provider's localised field (falls back to any language it has). */
export function es(text: Record<string, string | null> | null | undefined): string {
  if (!text) return "";
  return text.es ?? text.en ?? Object.values(text).find((v): v is string => Boolean(v)) ?? "";
}

/** Provider durations come in minutes. */
export function durationText(length: string | number): string {
  const minutes = Number(length);
  if (!Number.isFinite(minutes)) return String(length);
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? (m > 0 ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
}
