/**
 * The tour's facts (issue 26), beside the spec's free-text fields: duration in minutes, languages of the
 * guiding, wheelchair access, group or private, minimum age, meeting point coordinates. Their codes and their
 * Spanish words live here once, for the API's checks and e-mails, the storefront and the panel.
 */

/** The languages a guide may speak, ISO 639-1 code → Spanish name, in the order forms list them. */
export const IDIOMAS = {
  es: "Español",
  en: "Inglés",
  pt: "Portugués",
  fr: "Francés",
  de: "Alemán",
  it: "Italiano",
  ja: "Japonés",
} as const;
export type IdiomaCode = keyof typeof IDIOMAS;
export const IDIOMA_CODES = Object.keys(IDIOMAS) as IdiomaCode[];

/** Wheelchair access ("accesible en silla de ruedas"). */
export const ACCESIBLE_SILLA_RUEDAS = { si: "Sí", no: "No", parcial: "Parcialmente" } as const;
export type AccesibleSillaRuedas = keyof typeof ACCESIBLE_SILLA_RUEDAS;
export const ACCESIBLE_CODES = Object.keys(ACCESIBLE_SILLA_RUEDAS) as AccesibleSillaRuedas[];

/** Shared with other travellers, or only the buyer's party. */
export const MODALIDADES = { grupo: "En grupo", privado: "Privado" } as const;
export type Modalidad = keyof typeof MODALIDADES;
export const MODALIDAD_CODES = Object.keys(MODALIDADES) as Modalidad[];

/** Longest duration a tour may have: 30 days. */
export const DURACION_MAXIMA_MINUTOS = 30 * 24 * 60;
export const EDAD_MINIMA_MAXIMA = 99;

/** "3 h 30 min", "45 min", "2 h"; a day or more as "2 d 4 h". */
export function formatDuracion(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  const parts = [days > 0 ? `${days} d` : "", hours > 0 ? `${hours} h` : "", mins > 0 || total === 0 ? `${mins} min` : ""];
  return parts.filter(Boolean).join(" ");
}

/** "Español, Inglés": the names of the codes (unknown codes are shown as they are). */
export function formatIdiomas(codes: readonly string[]): string {
  return codes.map((code) => (IDIOMAS as Record<string, string>)[code] ?? code).join(", ");
}

/** The wheelchair access's word ("Parcialmente"), or null when not given. */
export function accesibleLabel(value: string | null | undefined): string | null {
  return value ? ((ACCESIBLE_SILLA_RUEDAS as Record<string, string>)[value] ?? null) : null;
}

/** "En grupo" / "Privado", or null when not given. */
export function modalidadLabel(value: string | null | undefined): string | null {
  return value ? ((MODALIDADES as Record<string, string>)[value] ?? null) : null;
}

/** The meeting point on OpenStreetMap, a marker at the coordinates. */
export function mapaUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
}
