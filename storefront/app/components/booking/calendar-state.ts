import type { Disponibilidad } from "@tours/contract";
import {
  addMonths,
  buildMonth,
  isValidDate,
  monthTitle,
  departuresForDate,
  type CalendarDay,
  type Clock,
  type DayState,
  type DepartureState,
  type HorarioLike,
} from "@tours/domain";

/** How far ahead the calendar lets a visitor browse. */
export const MONTHS_AHEAD = 12;

export interface CalendarState {
  title: string;
  weeks: CalendarDay[][];
  /** "YYYY-MM" of the shown month. */
  mes: string;
  /** The chosen day, if it is bookable. */
  fecha: string | null;
  /** Departure times ("HH:MM") of the chosen day. */
  departures: string[];
  /** The chosen departure, if it is one of `departures`: the confirmation step is open. */
  hora: string | null;
  prevMes: string | null;
  nextMes: string | null;
}

export interface YearMonth {
  year: number;
  month: number;
}

const ym = (year: number, month: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;
const monthIndex = (m: YearMonth) => m.year * 12 + m.month;

/** "YYYY-MM" as a month, or null when it is not one. */
export function parseMes(value: string | null | undefined): YearMonth | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** A shown month's title and its neighbours, each offered only when it lies within [first, last] (no last: none ahead). */
export function monthNavigation(shown: YearMonth, first: YearMonth, last: YearMonth | null) {
  const prev = addMonths(shown.year, shown.month, -1);
  const next = addMonths(shown.year, shown.month, 1);
  return {
    title: monthTitle(shown.year, shown.month),
    mes: ym(shown.year, shown.month),
    prevMes: monthIndex(prev) >= monthIndex(first) ? ym(prev.year, prev.month) : null,
    nextMes: last && monthIndex(next) <= monthIndex(last) ? ym(next.year, next.month) : null,
  };
}

/**
 * The booking calendar's state from the URL (`?mes=YYYY-MM&fecha=YYYY-MM-DD&hora=HH:MM`), so the shown month
 * and the chosen day work without JavaScript and can be shared. Anything invalid, past or out of range falls
 * back to what can be booked.
 */
export function calendarState(params: URLSearchParams, horarios: readonly HorarioLike[], clock: Clock): CalendarState {
  const first = parseMes(clock.today.slice(0, 7))!;
  const last = addMonths(first.year, first.month, MONTHS_AHEAD);

  const fechaParam = params.get("fecha");
  // A day is chosen only within the months the calendar can show: not past, not beyond MONTHS_AHEAD.
  const fechaMonth = fechaParam && isValidDate(fechaParam) ? parseMes(fechaParam.slice(0, 7)) : null;
  const fechaValid =
    fechaParam && fechaMonth && fechaParam >= clock.today && monthIndex(fechaMonth) <= monthIndex(last) ? fechaParam : null;
  const departures = fechaValid ? departuresForDate(fechaValid, horarios, clock) : [];
  const fecha = fechaValid && departures.length > 0 ? fechaValid : null;

  let shown = parseMes(params.get("mes")) ?? (fecha ? parseMes(fecha.slice(0, 7)) : null) ?? first;
  if (monthIndex(shown) < monthIndex(first)) shown = first;
  if (monthIndex(shown) > monthIndex(last)) shown = last;

  const hora = params.get("hora");
  return {
    ...monthNavigation(shown, first, last),
    weeks: buildMonth({ year: shown.year, month: shown.month, horarios, ...clock }),
    fecha,
    departures: fecha ? departures : [],
    hora: hora && departures.includes(hora) ? hora : null,
  };
}

/** The page's query for a month, a day and a departure (each optional). */
export function calendarQuery(state: { mes?: string | null; fecha?: string | null; hora?: string | null }): string {
  const query = new URLSearchParams();
  if (state.mes) query.set("mes", state.mes);
  if (state.fecha) query.set("fecha", state.fecha);
  if (state.hora) query.set("hora", state.hora);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** A departure of the chosen day as the booking box shows it. */
export interface DepartureView {
  hora: string;
  /** "10:00 hora de Bogotá" (just "10:00" when the availability is unknown). */
  label: string;
  estado: DepartureState;
  /** Places left; null: unlimited or unknown. */
  quedan: number | null;
  reservable: boolean;
  /** Sold out only because others hold its last places unpaid: minutes until the first hold may free them. */
  liberaEnMin?: number;
}

export interface BookingCalendar extends Omit<CalendarState, "weeks" | "departures"> {
  /** `quedan`: places left on a bookable day (null: unlimited). */
  weeks: Array<Array<CalendarDay & { estado?: DayState; quedan?: number | null }>>;
  departures: DepartureView[];
  /** "hora de Bogotá", when the availability is known. */
  zoneLabel: string | null;
  /** When the day asked for is sold out (or one of its times is): the next departures with places, on later days of the month. */
  alternativas: Array<{ fecha: string; hora: string; label: string }>;
  /** The shown month's sold-out departures (held ones too), for "Avísame si se libera un lugar"; the day asked for first. */
  agotadas: Array<{ fecha: string; hora: string; label: string }>;
}

/** How many later departures a sold-out choice offers. */
const ALTERNATIVES = 3;

/**
 * A day's state as the calendar marks it: "cerrado" only when staff closed a departure of it; a day whose
 * departures merely passed their booking cutoff (today, late) is just not bookable, like a day without schedule.
 */
function shownState(day: Disponibilidad["dias"][number] | undefined): DayState | undefined {
  if (day?.estado === "cerrado" && !day.salidas.some((s) => s.estado === "cerrada")) return undefined;
  return day?.estado;
}

/** Places left on a day over its bookable departures; null when one of them is unlimited. */
function placesLeft(day: Disponibilidad["dias"][number] | undefined): number | null {
  const open = (day?.salidas ?? []).filter((s) => s.reservable);
  if (open.length === 0 || open.some((s) => s.quedan === null)) return null;
  return open.reduce((sum, s) => sum + (s.quedan ?? 0), 0);
}

/**
 * The calendar with the tour's live availability laid over its schedule: sold-out and closed days are not
 * bookable, nor are departures that are full, closed or past their cutoff. Without availability (the call
 * failed) the schedule alone decides, as before capacity existed: the checkout re-checks anyway.
 */
export function applyAvailability(state: CalendarState, availability: Disponibilidad | null): BookingCalendar {
  if (!availability || availability.mes !== state.mes) {
    const departures = state.departures.map((hora) => ({ hora, label: hora, estado: "disponible" as const, quedan: null, reservable: true }));
    return { ...state, departures, zoneLabel: null, alternativas: [], agotadas: [] };
  }
  const days = new Map(availability.dias.map((d) => [d.fecha, d]));
  const bookable = (fecha: string) => {
    const estado = days.get(fecha)?.estado;
    return estado === "abierto" || estado === "pocos";
  };
  const weeks = state.weeks.map((week) =>
    week.map((day) => {
      const estado = day.inMonth ? shownState(days.get(day.date)) : undefined;
      const available = day.available && bookable(day.date);
      return { ...day, available, ...(estado ? { estado } : {}), ...(available ? { quedan: placesLeft(days.get(day.date)) } : {}) };
    }),
  );
  const chosen = state.fecha && bookable(state.fecha) ? days.get(state.fecha)! : null;
  const departures: DepartureView[] = (chosen?.salidas ?? [])
    .filter((s) => s.estado !== "vencida")
    .map((s) => ({
      hora: s.hora,
      label: s.hora_local,
      estado: s.estado,
      quedan: s.quedan,
      reservable: s.reservable,
      ...(s.libera_en_min ? { liberaEnMin: s.libera_en_min } : {}),
    }));
  const hora = state.hora && departures.some((s) => s.hora === state.hora && s.reservable) ? state.hora : null;
  // a sold-out choice points to what is still open: the day's other times are its enabled departures; then the next days
  const asked = state.fecha ? days.get(state.fecha) : undefined;
  const soldOut = !!asked && asked.salidas.some((s) => s.estado === "agotada");
  const alternativas = soldOut
    ? availability.dias
        .filter((d) => d.fecha > asked.fecha && bookable(d.fecha))
        .flatMap((d) => d.salidas.filter((s) => s.reservable).map((s) => ({ fecha: d.fecha, hora: s.hora, label: s.hora_local })))
        .slice(0, ALTERNATIVES)
    : [];
  const agotadas = availability.dias
    .flatMap((d) => d.salidas.filter((s) => s.estado === "agotada").map((s) => ({ fecha: d.fecha, hora: s.hora, label: s.hora_local })))
    .sort((a, b) => Number(b.fecha === state.fecha) - Number(a.fecha === state.fecha));
  return { ...state, weeks, fecha: chosen ? state.fecha : null, departures, hora, zoneLabel: availability.zona_nombre, alternativas, agotadas };
}
