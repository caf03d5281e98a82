import { type Clock, formatDia, horaToMinutes, parseDia, slotsForDate, weekdayKey } from "@tours/domain";
import type { TourForPricing } from "./compra.repository.ts";

export const DIA_MSG = {
  invalid: "La fecha del tour no es válida",
  past: "La fecha y hora del tour ya pasaron",
  noSlot: "El tour no tiene un horario que empiece a esa hora ese día",
} as const;

/** "Today" and minutes since midnight in the business time zone (the domain takes time as input). */
export function businessClock(now: Date, timeZone: string): Required<Clock> {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return { today: `${parts.year}-${parts.month}-${parts.day}`, nowMinutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * A line's `dia` must be a real date whose weekday has a slot of the tour starting at that time, and that slot
 * must not have started yet. Returns the normalised "MM/DD/YYYY-HH:MM" stored as `fecha_tour`.
 */
export function checkDia(
  dia: string,
  horarios: TourForPricing["horarios"],
  clock: Required<Clock>,
): { ok: true; fecha: string } | { ok: false; msg: string } {
  const parsed = parseDia(dia);
  if (!parsed) return { ok: false, msg: DIA_MSG.invalid };
  const { date, hora } = parsed;
  if (date < clock.today) return { ok: false, msg: DIA_MSG.past };
  const key = weekdayKey(date);
  const minutes = horaToMinutes(hora);
  const startsThatWeekday = horarios.some((h) => h[key] && horaToMinutes(h.hora_inicio) === minutes);
  if (!startsThatWeekday) return { ok: false, msg: DIA_MSG.noSlot };
  if (!slotsForDate(date, horarios, clock).includes(hora)) return { ok: false, msg: DIA_MSG.past };
  return { ok: true, fecha: formatDia(date, hora) };
}
