/**
 * The Spanish month calendar of the tour pages: weeks start on Sunday; a day is bookable when it is in
 * the shown month, not before today, and some horario runs on its weekday; today only while a horario
 * still starts later than now. Pure: "today" and "now" come from the caller (computed in the business
 * time zone at the edge, docs/decisions/0001-repository-shape.md).
 *
 * Dates are "YYYY-MM-DD" strings and months are 1–12 throughout.
 */

export const MONTHS_ES = [
  "enero", "febrero", "marzo", "abril", "mayo", "junio",
  "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre",
] as const;

/** Sunday first, as the calendar grid. */
export const WEEKDAYS_ES = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"] as const;
export const WEEKDAY_INITIALS_ES = ["D", "L", "M", "M", "J", "V", "S"] as const;

/** The weekday flags of a horario (a weekly schedule), Sunday first like the grid. */
export const WEEKDAY_KEYS = ["domingo", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado"] as const;
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number];

/** A horario as the calendar needs it (the contract's Horario fits). */
export type HorarioLike = { hora_inicio: string } & Record<WeekdayKey, boolean | number>;

export interface CalendarDay {
  date: string;
  day: number;
  inMonth: boolean;
  isToday: boolean;
  isPast: boolean;
  available: boolean;
}

export interface Clock {
  /** "YYYY-MM-DD" in the business time zone. */
  today: string;
  /** Minutes since midnight in the business time zone. Omitted: 0 (only a 00:00 departure has started). */
  nowMinutes?: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const HORA_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;
const DIA_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})-([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  assertMonth(year, month);
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number;
}

function assertMonth(year: number, month: number): void {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`Año inválido: ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Mes inválido (1–12): ${month}`);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function toDateString(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** { year, month, day } of a real "YYYY-MM-DD" date, or null. */
export function parseDate(date: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isValidDate(date: string): boolean {
  return parseDate(date) !== null;
}

function requireDate(date: string): { year: number; month: number; day: number } {
  const parts = parseDate(date);
  if (!parts) throw new RangeError(`Fecha inválida (YYYY-MM-DD): ${date}`);
  return parts;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayIndex(date: string): number {
  const { year, month, day } = requireDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The schedule flag of a date's weekday: "lunes", "miercoles", "sabado"… */
export function weekdayKey(date: string): WeekdayKey {
  return WEEKDAY_KEYS[weekdayIndex(date)] as WeekdayKey;
}

/** The date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = requireDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return toDateString(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Month navigation: { year, month } `delta` months away. */
export function addMonths(year: number, month: number, delta: number): { year: number; month: number } {
  assertMonth(year, month);
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** "Noviembre 2026", the calendar's title. */
export function monthTitle(year: number, month: number): string {
  assertMonth(year, month);
  const name = MONTHS_ES[month - 1] as string;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}

/** "sábado, 21 de noviembre de 2026". */
export function formatDateEs(date: string): string {
  const { year, month, day } = requireDate(date);
  return `${WEEKDAYS_ES[weekdayIndex(date)]}, ${day} de ${MONTHS_ES[month - 1]} de ${year}`;
}

/** "09:30" or "09:30:00" → 570; null when malformed. */
export function horaToMinutes(hora: string): number | null {
  const match = HORA_PATTERN.exec(hora.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** 570 → "09:30". */
export function minutesToHora(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

function runsOn(horario: HorarioLike, key: WeekdayKey): boolean {
  const flag = horario[key];
  return flag === true || flag === 1;
}

/**
 * The departures ("HH:MM" starts, sorted, no duplicates) bookable on `date`: none before today, and today
 * only those starting after `nowMinutes`.
 */
export function departuresForDate(date: string, horarios: readonly HorarioLike[], clock: Clock): string[] {
  requireDate(date);
  requireDate(clock.today);
  if (date < clock.today) return [];
  const key = weekdayKey(date);
  const starts = new Set<number>();
  for (const horario of horarios) {
    const minutes = horaToMinutes(horario.hora_inicio);
    if (minutes === null || !runsOn(horario, key)) continue;
    if (date === clock.today && minutes <= (clock.nowMinutes ?? 0)) continue;
    starts.add(minutes);
  }
  return [...starts].sort((a, b) => a - b).map(minutesToHora);
}

export interface BuildMonthInput extends Clock {
  year: number;
  /** 1–12. */
  month: number;
  horarios: readonly HorarioLike[];
}

/**
 * The month grid: 4 to 6 full weeks, Sunday first, with the neighbouring months' days padding the first
 * and last week (`inMonth: false`, never available).
 */
export function buildMonth({ year, month, horarios, today, nowMinutes }: BuildMonthInput): CalendarDay[][] {
  assertMonth(year, month);
  requireDate(today);
  const first = toDateString(year, month, 1);
  const last = toDateString(year, month, daysInMonth(year, month));
  const gridStart = addDays(first, -weekdayIndex(first));
  const gridEnd = addDays(last, 6 - weekdayIndex(last));

  const weeks: CalendarDay[][] = [];
  for (let date = gridStart; date <= gridEnd; date = addDays(date, 1)) {
    if (weekdayIndex(date) === 0) weeks.push([]);
    const inMonth = date >= first && date <= last;
    const isPast = date < today;
    weeks[weeks.length - 1]?.push({
      date,
      day: requireDate(date).day,
      inMonth,
      isToday: date === today,
      isPast,
      available: inMonth && !isPast && departuresForDate(date, horarios, { today, nowMinutes }).length > 0,
    });
  }
  return weeks;
}

/** "MM/DD/YYYY-HH:MM[:SS]" (a cart line's `dia`) → its date and start; null unless the date is real. */
export function parseDia(dia: string): { date: string; hora: string } | null {
  const match = DIA_PATTERN.exec(dia.trim());
  if (!match) return null;
  const date = `${match[3]}-${match[1]}-${match[2]}`;
  if (!isValidDate(date)) return null;
  return { date, hora: `${match[4]}:${match[5]}` };
}

/** A date and a departure time → "MM/DD/YYYY-HH:MM". */
export function formatDia(date: string, hora: string): string {
  const { year, month, day } = requireDate(date);
  const minutes = horaToMinutes(hora);
  if (minutes === null) throw new RangeError(`Hora inválida (HH:MM): ${hora}`);
  return `${pad(month)}/${pad(day)}/${pad(year, 4)}-${minutesToHora(minutes)}`;
}

/** "MM/DD/YYYY-HH:MM" → "sábado, 21 de noviembre de 2026, 09:00"; the text itself when unreadable. */
export function formatDiaEs(dia: string): string {
  const parsed = parseDia(dia);
  return parsed ? `${formatDateEs(parsed.date)}, ${parsed.hora}` : dia;
}

/** "MM/DD/YYYY-HH:MM" → "21/11/2026 09:00" (the panel's dates); the text itself when unreadable. */
export function formatDiaCorto(dia: string): string {
  const parsed = parseDia(dia);
  if (!parsed) return dia;
  const [y, m, d] = parsed.date.split("-");
  return `${d}/${m}/${y} ${parsed.hora}`;
}
