/**
 * Departures: a tour on a date at a horario's start, in the tour's own IANA time zone. Pure: the instant "now"
 * comes from the caller. Wall-clock times that do not exist (the hour skipped when DST starts) move forward,
 * and times that happen twice (the hour repeated when DST ends) take the first one, as Temporal's
 * "compatible" disambiguation does.
 */
import { horaToMinutes, parseDate, toDateString } from "./calendar.ts";

/** Hours before the start when bookings close, unless the tour says otherwise. */
export const DEFAULT_CUTOFF_HOURS = 2;
/** Longest cutoff staff can set (a week). */
export const MAX_CUTOFF_HOURS = 168;
/** How long an unpaid order holds its places. */
export const DEFAULT_HOLD_MINUTES = 15;
/** How many times a buyer may ask for more time ("Necesito más tiempo"): each renewal restarts the hold. */
export const MAX_HOLD_RENEWALS = 3;
/** How long before a hold lapses the buyer is told so (aloud, politely). */
export const HOLD_WARNING_MINUTES = 2;
/** At or below this many places left, a departure shows "Quedan N lugares". */
export const FEW_PLACES_LEFT = 5;
/** How far ahead a departure can be booked. */
export const BOOKING_HORIZON_DAYS = 366;
export const DEFAULT_TIME_ZONE = "America/Bogota";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/.test(timeZone) && timeZone !== "UTC") return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of `instant` in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): { date: string; hora: string; minutes: number } {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const hour = parts.hour === 24 ? 0 : (parts.hour ?? 0);
  const minute = parts.minute ?? 0;
  return {
    date: toDateString(parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1),
    hora: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`,
    minutes: hour * 60 + minute,
  };
}

/** Minutes the zone is ahead of UTC at `epochMs` (−300 in Bogotá). */
export function offsetMinutes(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(epochMs))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour === 24 ? 0 : parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** The instant at which the wall clock in `timeZone` reads `date` ("YYYY-MM-DD") `hora` ("HH:MM"). */
export function zonedTimeToUtc(date: string, hora: string, timeZone: string): Date {
  const d = parseDate(date);
  const minutes = horaToMinutes(hora);
  if (!d || minutes === null) throw new RangeError(`Fecha u hora inválida: ${date} ${hora}`);
  const local = Date.UTC(d.year, d.month - 1, d.day, Math.floor(minutes / 60), minutes % 60);
  const day = 86_400_000;
  const before = offsetMinutes(local - day, timeZone);
  const after = offsetMinutes(local + day, timeZone);
  const valid = [...new Set([before, after])]
    .map((offset) => local - offset * 60_000)
    .filter((t) => offsetMinutes(t, timeZone) * 60_000 === local - t)
    .sort((a, b) => a - b);
  // a gap (clocks jump forward): read the time with the offset from before the jump, i.e. later by the gap
  return new Date(valid[0] ?? local - before * 60_000);
}

export interface DepartureTimes {
  /** When it starts (UTC instant). */
  startsAt: Date;
  /** Bookings close at this instant (start minus the cutoff). */
  closesAt: Date;
}

export function departureTimes(date: string, hora: string, timeZone: string, cutoffHours: number): DepartureTimes {
  const startsAt = zonedTimeToUtc(date, hora, timeZone);
  return { startsAt, closesAt: new Date(startsAt.getTime() - cutoffHours * 3_600_000) };
}

/** True while bookings for the departure are open (before the cutoff). */
export function isBeforeCutoff(now: Date, date: string, hora: string, timeZone: string, cutoffHours: number): boolean {
  return now.getTime() < departureTimes(date, hora, timeZone, cutoffHours).closesAt.getTime();
}

/**
 * Until when a booking of the departure can be cancelled with its money back: when bookings close (start − the
 * tour's cutoff); null for a tour that is not refundable. The one rule behind "Mi reserva", its e-mails and OCTO's
 * `cancellable` (docs/decisions/0013).
 */
export function cancellationDeadline(date: string, hora: string, timeZone: string, cutoffHours: number, refundable: boolean): Date | null {
  return refundable ? departureTimes(date, hora, timeZone, cutoffHours).closesAt : null;
}

/** The last date that can be booked, counted in the tour's zone. */
export function horizonDate(now: Date, timeZone: string): string {
  const today = wallClock(now, timeZone).date;
  const d = parseDate(today)!;
  const last = new Date(Date.UTC(d.year, d.month - 1, d.day + BOOKING_HORIZON_DAYS));
  return toDateString(last.getUTCFullYear(), last.getUTCMonth() + 1, last.getUTCDate());
}

/** Spanish names of the cities that name common zones (the rest: the IANA city with spaces). */
const ZONE_CITIES_ES: Record<string, string> = {
  Bogota: "Bogotá",
  Mexico_City: "Ciudad de México",
  Cancun: "Cancún",
  Merida: "Mérida",
  Sao_Paulo: "São Paulo",
  Asuncion: "Asunción",
  Panama: "Panamá",
  Havana: "La Habana",
  New_York: "Nueva York",
  Los_Angeles: "Los Ángeles",
  Tokyo: "Tokio",
  Paris: "París",
  Rome: "Roma",
  London: "Londres",
  Lisbon: "Lisboa",
  Berlin: "Berlín",
  Athens: "Atenas",
  Amsterdam: "Ámsterdam",
  Brussels: "Bruselas",
  Vienna: "Viena",
  Prague: "Praga",
  Istanbul: "Estambul",
  Cairo: "El Cairo",
  Bangkok: "Bangkok",
  Seoul: "Seúl",
  Shanghai: "Shanghái",
  Canary: "Canarias",
  Reykjavik: "Reikiavik",
};

/** "hora de Bogotá", "hora de Madrid", "hora UTC". */
export function timeZoneLabel(timeZone: string): string {
  if (timeZone === "UTC" || timeZone === "Etc/UTC") return "hora UTC";
  const city = timeZone.split("/").pop() ?? timeZone;
  return `hora de ${ZONE_CITIES_ES[city] ?? city.replace(/_/g, " ")}`;
}

/** "10:00 hora de Bogotá". */
export function formatLocalTime(hora: string, timeZone: string): string {
  return `${hora.slice(0, 5)} ${timeZoneLabel(timeZone)}`;
}

/** Places a booking line takes: every person, infants included; pets take none. */
export function personsOf(counts: { mayores15: number; menoresde15_a4: number; menores3: number }): number {
  return counts.mayores15 + counts.menoresde15_a4 + counts.menores3;
}

export type DepartureState = "disponible" | "pocos" | "agotada" | "cerrada" | "vencida";
export type DayState = "abierto" | "pocos" | "agotado" | "cerrado";

/**
 * The state of one departure: closed by staff, past its cutoff, sold out, few places left or available.
 * `capacity` null is unlimited (the upstream's behaviour); `taken` counts paid places and live holds.
 */
export function departureState(input: { capacity: number | null; taken: number; closed: boolean; beforeCutoff: boolean }): {
  state: DepartureState;
  left: number | null;
} {
  const left = input.capacity === null ? null : Math.max(0, input.capacity - input.taken);
  if (input.closed) return { state: "cerrada", left };
  if (!input.beforeCutoff) return { state: "vencida", left };
  if (left === 0) return { state: "agotada", left };
  if (left !== null && left <= FEW_PLACES_LEFT) return { state: "pocos", left };
  return { state: "disponible", left };
}

export const isBookableState = (state: DepartureState): boolean => state === "disponible" || state === "pocos";

/**
 * A day of the calendar from its departures: open when one can be booked (few when every bookable one is
 * nearly full), sold out when the only ones left are sold out, closed otherwise (closed by staff or past).
 */
export function dayState(states: readonly DepartureState[]): DayState {
  if (states.includes("disponible")) return "abierto";
  if (states.includes("pocos")) return "pocos";
  if (states.includes("agotada")) return "agotado";
  return "cerrado";
}

/** "Quedan 2 lugares" / "Queda 1 lugar". */
export function placesLeftText(left: number): string {
  return left === 1 ? "Queda 1 lugar" : `Quedan ${left} lugares`;
}

/** A departure's stable key: "12-20261125-1000" (tour, date, start), usable in URLs. */
export function departureKey(tourId: number, date: string, hora: string): string {
  return `${tourId}-${date.replace(/-/g, "")}-${hora.slice(0, 5).replace(":", "")}`;
}

export function parseDepartureKey(key: string): { tourId: number; date: string; hora: string } | null {
  const m = /^(\d{1,9})-(\d{4})(\d{2})(\d{2})-([01]\d|2[0-3])([0-5]\d)$/.exec(key);
  if (!m) return null;
  const date = `${m[2]}-${m[3]}-${m[4]}`;
  if (!parseDate(date)) return null;
  return { tourId: Number(m[1]), date, hora: `${m[5]}:${m[6]}` };
}
