import {
  addMonths,
  buildMonth,
  isValidDate,
  monthTitle,
  slotsForDate,
  type CalendarDay,
  type Clock,
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
  /** Slot starts of the chosen day. */
  slots: string[];
  /** The chosen slot, if it is one of `slots`: the confirmation step is open. */
  hora: string | null;
  prevMes: string | null;
  nextMes: string | null;
}

const ym = (year: number, month: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;

function parseMes(value: string | null): { year: number; month: number } | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/**
 * The booking calendar's state from the URL (`?mes=YYYY-MM&fecha=YYYY-MM-DD&hora=HH:MM`), so the shown month
 * and the chosen day work without JavaScript and can be shared. Anything invalid, past or out of range falls
 * back to what can be booked.
 */
export function calendarState(params: URLSearchParams, horarios: readonly HorarioLike[], clock: Clock): CalendarState {
  const [ty, tm] = clock.today.split("-").map(Number) as [number, number];
  const first = { year: ty, month: tm };
  const last = addMonths(ty, tm, MONTHS_AHEAD);
  const index = (m: { year: number; month: number }) => m.year * 12 + m.month;

  const fechaParam = params.get("fecha");
  // A day is chosen only within the months the calendar can show: not past, not beyond MONTHS_AHEAD.
  const fechaMonth = fechaParam && isValidDate(fechaParam) ? parseMes(fechaParam.slice(0, 7)) : null;
  const fechaValid =
    fechaParam && fechaMonth && fechaParam >= clock.today && index(fechaMonth) <= index(last) ? fechaParam : null;
  const slots = fechaValid ? slotsForDate(fechaValid, horarios, clock) : [];
  const fecha = fechaValid && slots.length > 0 ? fechaValid : null;

  let shown = parseMes(params.get("mes")) ?? (fecha ? parseMes(fecha.slice(0, 7)) : null) ?? first;
  if (index(shown) < index(first)) shown = first;
  if (index(shown) > index(last)) shown = last;

  const hora = params.get("hora");
  const prev = addMonths(shown.year, shown.month, -1);
  const next = addMonths(shown.year, shown.month, 1);
  return {
    title: monthTitle(shown.year, shown.month),
    weeks: buildMonth({ year: shown.year, month: shown.month, horarios, ...clock }),
    mes: ym(shown.year, shown.month),
    fecha,
    slots: fecha ? slots : [],
    hora: hora && slots.includes(hora) ? hora : null,
    prevMes: index(prev) >= index(first) ? ym(prev.year, prev.month) : null,
    nextMes: index(next) <= index(last) ? ym(next.year, next.month) : null,
  };
}

/** The page's query for a month, a day and a slot (each optional). */
export function calendarQuery(state: { mes?: string | null; fecha?: string | null; hora?: string | null }): string {
  const query = new URLSearchParams();
  if (state.mes) query.set("mes", state.mes);
  if (state.fecha) query.set("fecha", state.fecha);
  if (state.hora) query.set("hora", state.hora);
  const text = query.toString();
  return text ? `?${text}` : "";
}
