import { formatDia, horaToMinutes, horizonDate, isBeforeCutoff, parseDia, wallClock, weekdayKey, zonedTimeToUtc } from "@tours/domain";
import type { TourForPricing } from "./compra.repository.ts";
import { DIA_MSG } from "./compra.messages.ts";


/**
 * A line's `dia` must be a real date, within a year, whose weekday has a horario of the tour starting at that time
 * (in the tour's zone), and bookings for it must still be open (before the tour's cutoff).
 */
export function checkDia(
  dia: string,
  tour: Pick<TourForPricing, "horarios" | "zona" | "corteHoras">,
  now: Date,
): { ok: true; fecha: string; date: string; hora: string } | { ok: false; msg: string } {
  const parsed = parseDia(dia);
  if (!parsed) return { ok: false, msg: DIA_MSG.invalid };
  const { date, hora } = parsed;
  if (date < wallClock(now, tour.zona).date) return { ok: false, msg: DIA_MSG.past };
  if (date > horizonDate(now, tour.zona)) return { ok: false, msg: DIA_MSG.tooFar };
  const key = weekdayKey(date);
  const minutes = horaToMinutes(hora);
  const startsThatWeekday = tour.horarios.some((h) => h[key] && horaToMinutes(h.hora_inicio) === minutes);
  if (!startsThatWeekday) return { ok: false, msg: DIA_MSG.noSchedule };
  if (!isBeforeCutoff(now, date, hora, tour.zona, tour.corteHoras)) {
    const started = zonedTimeToUtc(date, hora, tour.zona).getTime() <= now.getTime();
    return { ok: false, msg: started ? DIA_MSG.past : DIA_MSG.cutoff(tour.corteHoras) };
  }
  return { ok: true, fecha: formatDia(date, hora), date, hora };
}
