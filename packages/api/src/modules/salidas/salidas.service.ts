import type { Disponibilidad, DisponibilidadDia, Salida } from "@tours/contract";
import {
  addDays,
  dayState,
  daysInMonth,
  departureKey,
  departureState,
  formatDateEs,
  formatLocalTime,
  horizonDate,
  isBeforeCutoff,
  isBookableState,
  departuresForDate,
  timeZoneLabel,
  toDateString,
  wallClock,
  type WeekdayKey,
} from "@tours/domain";
import { capacityOf, takenTotal } from "./cupo.ts";
import type { DepartureRecord } from "./salidas.list.ts";
import type { SalidasRepository, TourTimes } from "./salidas.repository.ts";

/** "lunes, 23 de noviembre de 2026 a las 10:00 hora de Bogotá". */
export function describeDeparture(fecha: string, hora: string, zona: string): string {
  return `${formatDateEs(fecha)} a las ${formatLocalTime(hora, zona)}`;
}

/** The public availability of a tour's departures in one month, from today to the booking horizon. */
export async function monthAvailability(repo: SalidasRepository, tour: TourTimes, year: number, month: number, now: Date): Promise<Disponibilidad> {
  const first = toDateString(year, month, 1);
  const last = toDateString(year, month, daysInMonth(year, month));
  const today = wallClock(now, tour.zona).date;
  const horizon = horizonDate(now, tour.zona);
  const from = first < today ? today : first;
  const to = last > horizon ? horizon : last;
  const mes = `${year}-${String(month).padStart(2, "0")}`;
  const base = { tour_id: tour.id, mes, zona_horaria: tour.zona, zona_nombre: timeZoneLabel(tour.zona), corte_horas: tour.corteHoras };
  if (from > to) return { ...base, dias: [] };

  const facts = await repo.monthFacts(tour.id, from, to, now);
  const rowsByKey = new Map(facts.rows.map((r) => [`${r.fecha}|${r.hora}`, r]));
  const dias: DisponibilidadDia[] = [];
  // every start of the day, including today's that already started (shown as past its cutoff)
  const allDay = { today: "0001-01-01" };
  for (let fecha = from; fecha <= to; fecha = addDays(fecha, 1)) {
    const starts = departuresForDate(fecha, facts.schedules.map(toHorarioLike), allDay);
    if (starts.length === 0) continue;
    const dateClosed = facts.closedDates.has(fecha);
    const salidas = starts.map((hora) => {
      const row = rowsByKey.get(`${fecha}|${hora}`);
      const weekdaySchedules = facts.schedules.filter((s) => s.horaInicio === hora && departuresForDate(fecha, [toHorarioLike(s)], allDay).length > 0);
      const cupo = row?.cupo ?? capacityOf(weekdaySchedules);
      const { state, left } = departureState({
        capacity: cupo,
        taken: row ? takenTotal(facts.taken.get(row.id)) : 0,
        closed: dateClosed || !!row?.cerrada,
        beforeCutoff: isBeforeCutoff(now, fecha, hora, tour.zona, tour.corteHoras),
      });
      const base = { hora, hora_local: formatLocalTime(hora, tour.zona), estado: state, cupo, quedan: left, reservable: isBookableState(state) };
      // sold out only because others hold the last places: when the first of those holds may free them
      const lapse = row && state === "agotada" ? facts.holdsLapse.get(row.id) : undefined;
      const retenidos = row ? (facts.taken.get(row.id)?.retenidos ?? 0) : 0;
      if (!lapse || retenidos === 0) return base;
      return { ...base, retenidos, libera_en: lapse.toISOString(), libera_en_min: Math.max(1, Math.ceil((lapse.getTime() - now.getTime()) / 60_000)) };
    });
    dias.push({ fecha, estado: dayState(salidas.map((s) => s.estado)), salidas });
  }
  return { ...base, dias };
}

function toHorarioLike(s: { horaInicio: string } & Record<WeekdayKey, boolean>) {
  return { ...s, hora_inicio: s.horaInicio };
}

/** A departure as the panel shows it. */
export function toSalida(d: DepartureRecord, now: Date): Salida {
  const cupo = d.cupoSalida ?? d.cupoHorario;
  const { state, left } = departureState({
    capacity: cupo,
    taken: d.taken.vendidos + d.taken.retenidos,
    closed: d.cerrada || d.fechaCerrada,
    beforeCutoff: isBeforeCutoff(now, d.fecha, d.hora, d.zona, d.corteHoras),
  });
  return {
    id: departureKey(d.tourId, d.fecha, d.hora),
    tour_id: d.tourId,
    tour_nombre: d.tourNombre,
    fecha: d.fecha,
    hora: d.hora,
    zona_horaria: d.zona,
    hora_local: formatLocalTime(d.hora, d.zona),
    cupo,
    cupo_salida: d.cupoSalida,
    cupo_horario: d.cupoHorario,
    vendidos: d.taken.vendidos,
    retenidos: d.taken.retenidos,
    quedan: left,
    cerrada: d.cerrada,
    fecha_cerrada: d.fechaCerrada,
    estado: state,
  };
}
