/**
 * The sidebar filters of the free-tour list (/country/{countryId}). They live in the URL, so they work with a
 * plain GET form without JavaScript, and are applied on the server to the provider's tours and availability.
 */

import { HOUR_SLIDER, addDays, isValidDate } from "@tours/domain";

export type Disponibilidad = "hoy" | "manana" | "fechas";

export interface FreeTourFilters {
  disp: Disponibilidad | null;
  /** "YYYY-MM-DD", only with disp = "fechas". */
  desde: string | null;
  hasta: string | null;
  /** Start-hour range, whole hours 0..24. */
  hmin: number;
  hmax: number;
  /** Provider city ids. */
  ciudades: string[];
  /** Duration categories: "corta" | "larga". */
  duraciones: string[];
}

/** Category checkboxes: the provider gives no categories, so tours are grouped by how long they last. */
export const SHORT_TOUR_MAX_MINUTES = 120;
export const DURACIONES = [
  { value: "corta", label: "Hasta 2 horas" },
  { value: "larga", label: "Más de 2 horas" },
] as const;

/** A real calendar date ("2026-02-30" or "2026-13-01" typed into the URL is ignored, not compared as text). */
const date = (value: string | null): string | null => (value && isValidDate(value) ? value : null);

function hour(value: string | null, fallback: number): number {
  if (value === null || value.trim() === "") return fallback;
  const n = Number(value);
  return Number.isInteger(n) ? Math.min(HOUR_SLIDER.max, Math.max(HOUR_SLIDER.min, n)) : fallback;
}

export function parseFilters(params: URLSearchParams): FreeTourFilters {
  const dispRaw = params.get("disp");
  let desde = date(params.get("desde"));
  let hasta = date(params.get("hasta"));
  // Dates typed the wrong way round mean the same range (as the hour sliders).
  if (desde && hasta && desde > hasta) [desde, hasta] = [hasta, desde];
  const datesGiven = Boolean(desde || hasta);
  // Dates typed without choosing "Fechas" (easy to do without JavaScript) still mean "on these dates".
  const disp: Disponibilidad | null =
    dispRaw === "hoy" || dispRaw === "manana" || dispRaw === "fechas" ? dispRaw : datesGiven ? "fechas" : null;
  let hmin = hour(params.get("hmin"), HOUR_SLIDER.min);
  let hmax = hour(params.get("hmax"), HOUR_SLIDER.max);
  if (hmin > hmax) [hmin, hmax] = [hmax, hmin];
  return {
    disp,
    desde: disp === "fechas" ? desde : null,
    hasta: disp === "fechas" ? hasta : null,
    hmin,
    hmax,
    ciudades: params.getAll("ciudad").filter(Boolean),
    duraciones: params.getAll("duracion").filter((t) => DURACIONES.some((x) => x.value === t)),
  };
}

export function hasActiveFilters(f: FreeTourFilters): boolean {
  return f.disp !== null || f.hmin !== HOUR_SLIDER.min || f.hmax !== HOUR_SLIDER.max || f.ciudades.length > 0 || f.duraciones.length > 0;
}

/** Needs the tours' availability to decide. */
export function needsAvailability(f: FreeTourFilters): boolean {
  return f.disp !== null || f.hmin !== HOUR_SLIDER.min || f.hmax !== HOUR_SLIDER.max;
}

/** A departure's wall-clock date and minutes where the tour runs, read from the provider's ISO text. */
export function departureLocal(iso: string): { date: string; minutes: number; offsetMinutes: number | null } | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(iso);
  if (!m) return null;
  let offsetMinutes: number | null = null;
  if (m[4] === "Z") offsetMinutes = 0;
  else if (m[4]) {
    const sign = m[4].startsWith("-") ? -1 : 1;
    offsetMinutes = sign * (Number(m[4].slice(1, 3)) * 60 + Number(m[4].slice(4, 6)));
  }
  return { date: m[1]!, minutes: Number(m[2]) * 60 + Number(m[3]), offsetMinutes };
}

/**
 * "Today" where the departure happens: at the departure's own UTC offset when it carries one (a tour in Tokyo has its
 * own today), otherwise the business today.
 */
function todayFor(offsetMinutes: number | null, now: Date, businessToday: string): string {
  if (offsetMinutes === null) return businessToday;
  return new Date(now.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

export interface TourForFilter {
  cityId?: string | null;
  /** Minutes, as the provider gives `length`. */
  length?: number | string | null;
  /** ISO date-times of the tour's upcoming departures. */
  departures: string[];
}

export function matchesFilters(
  tour: TourForFilter,
  f: FreeTourFilters,
  now: Date,
  businessToday: string,
): boolean {
  if (f.ciudades.length > 0 && !f.ciudades.includes(tour.cityId ?? "")) return false;
  if (f.duraciones.length > 0) {
    const minutes = Number(tour.length);
    if (!Number.isFinite(minutes) || minutes <= 0) return false;
    if (!f.duraciones.includes(minutes <= SHORT_TOUR_MAX_MINUTES ? "corta" : "larga")) return false;
  }
  if (!needsAvailability(f)) return true;
  return tour.departures.some((iso) => {
    const departure = departureLocal(iso);
    if (!departure) return false;
    if (departure.minutes < f.hmin * 60 || departure.minutes > f.hmax * 60) return false;
    const today = todayFor(departure.offsetMinutes, now, businessToday);
    if (departure.date < today) return false;
    switch (f.disp) {
      case "hoy":
        return departure.date === today;
      case "manana":
        return departure.date === addDays(today, 1);
      case "fechas": {
        // From "desde" (default today) to "hasta" (default: no end).
        const from = f.desde ?? today;
        return departure.date >= from && (f.hasta === null || departure.date <= f.hasta);
      }
      default:
        return true;
    }
  });
}
