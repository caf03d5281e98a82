import { sql } from "drizzle-orm";
import { type Taken, placesOf } from "./cupo.ts";
import { containsPattern } from "../../http/list.ts";

/** The panel's list of departures, in SQL: every departure between two dates with its places taken. */

export interface DepartureSqlRow {
  tour_id: number;
  tour_nombre: string;
  fecha: string;
  hora: string;
  zona: string;
  corte_horas: number;
  cupo_horario: number | null;
  cupo_salida: number | null;
  cerrada: boolean;
  fecha_cerrada: boolean;
  vendidos: number | string;
  retenidos: number | string;
  total: number | string;
}

export interface DepartureRecord {
  tourId: number;
  tourNombre: string;
  fecha: string;
  hora: string;
  zona: string;
  corteHoras: number;
  cupoHorario: number | null;
  cupoSalida: number | null;
  cerrada: boolean;
  fechaCerrada: boolean;
  taken: Taken;
}

export function fromSqlRow(r: DepartureSqlRow): DepartureRecord {
  const n = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    tourId: Number(r.tour_id),
    tourNombre: r.tour_nombre,
    fecha: r.fecha,
    hora: r.hora,
    zona: r.zona,
    corteHoras: Number(r.corte_horas),
    cupoHorario: n(r.cupo_horario),
    cupoSalida: n(r.cupo_salida),
    cerrada: !!r.cerrada,
    fechaCerrada: !!r.fecha_cerrada,
    taken: { vendidos: Number(r.vendidos), retenidos: Number(r.retenidos) },
  };
}

const DOW_FLAGS = ["domingo", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado"] as const;

/**
 * Every departure between two dates: the weekly horarios laid over the calendar, plus departures that have a row
 * (bookings or staff settings) even if their horario is gone; with their places taken. One page, with the total.
 */
export function departuresSql(
  filter: { tourId?: number; from: string; to: string; q?: string; hora?: string; guiaId?: number; conReservas?: boolean },
  page: { offset: number; limit: number },
  now: Date,
) {
  const runs = sql.join(
    DOW_FLAGS.map((flag, dow) => sql`(extract(dow from d.fecha) = ${dow} and h.${sql.identifier(flag)})`),
    sql` or `,
  );
  const tourCond = filter.tourId === undefined ? sql`true` : sql`t.id = ${filter.tourId}`;
  const horaCond = filter.hora === undefined ? sql`true` : sql`k.hora = ${filter.hora}`;
  // a Guía's list: only the departures assigned to them (guias.ts)
  const guiaCond = filter.guiaId === undefined ? sql`true` : sql`exists (select 1 from salida_guia g where g.salida_id = s.id and g.usuario_id = ${filter.guiaId})`;
  // "con reservas": places sold or held right now (the Salidas screen's default, the Hoy screen's departures)
  const bookedCond = filter.conReservas ? sql`(coalesce(taken.vendidos, 0) + coalesce(taken.retenidos, 0)) > 0` : sql`true`;
  const qCond = filter.q ? sql`t.nombre ilike ${containsPattern(filter.q)}` : sql`true`;
  return sql`
    with dias as (
      select gs::date as fecha from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') gs
    ),
    scheduled as (
      select h.tour_id, d.fecha, h.hora_inicio as hora,
             case when bool_or(h.cupo is null) then null else max(h.cupo) end as cupo_horario
      from horario h join dias d on (${runs})
      ${filter.tourId === undefined ? sql`` : sql`where h.tour_id = ${filter.tourId}`}
      group by h.tour_id, d.fecha, h.hora_inicio
    ),
    keys as (
      select tour_id, fecha, hora, cupo_horario from scheduled
      union all
      select s.tour_id, s.fecha, s.hora, null from salida s
      where s.fecha between ${filter.from}::date and ${filter.to}::date
        and not exists (select 1 from scheduled x where x.tour_id = s.tour_id and x.fecha = s.fecha and x.hora = s.hora)
        and exists (select 1 from pedido_line l where l.salida_id = s.id)
    )
    select t.id as tour_id, t.nombre as tour_nombre, k.fecha::text as fecha, k.hora,
           coalesce(t.zona_horaria, p.zona_horaria) as zona, t.corte_horas,
           k.cupo_horario, s.cupo as cupo_salida, coalesce(s.cerrada, false) as cerrada,
           (fc.tour_id is not null) as fecha_cerrada,
           coalesce(taken.vendidos, 0) as vendidos, coalesce(taken.retenidos, 0) as retenidos,
           count(*) over () as total
    from keys k
    join tour t on t.id = k.tour_id
    join pais p on p.id = t.pais
    left join salida s on s.tour_id = k.tour_id and s.fecha = k.fecha and s.hora = k.hora
    left join fecha_cerrada fc on fc.tour_id = k.tour_id and fc.fecha = k.fecha
    left join lateral (
      select sum(x.persons) filter (where x.state = 'vendido') as vendidos,
             sum(x.persons) filter (where x.state = 'retenido') as retenidos
      from (select l.mayores15 + l.menoresde15_a4 + l.menores3 as persons, ${placesOf({ orderId: sql`l.id_pedido`, canceladaAt: sql`l.cancelada_at` }, now)} as state
            from pedido_line l where l.salida_id = s.id) x
    ) taken on true
    where ${tourCond} and ${horaCond} and ${qCond} and ${guiaCond} and ${bookedCond}
    order by k.fecha, k.hora, t.nombre, t.id
    limit ${page.limit} offset ${page.offset}`;
}
