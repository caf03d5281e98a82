import { sql } from "drizzle-orm";
import { addDays, fromCents, wallClock, zonedTimeToUtc } from "@tours/domain";
import type { Hoy, HoySalida } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { createSalidasRepository } from "../salidas/salidas.repository.ts";
import { departuresSql } from "../salidas/salidas.list.ts";
import { toSalida } from "../salidas/salidas.service.ts";
import { rowsOf } from "../../db/rows.ts";

/**
 * The Hoy screen's figures (issue 22), each one SQL aggregate: the departures with bookings of today and tomorrow
 * (days of the business zone), who arrived, the day's sales and refunds, the e-mails that failed and the occupancy
 * of the next 14 days. Nothing is counted in JavaScript but the split of departures into today and tomorrow.
 */

const OCCUPANCY_DAYS = 14;
const FAILED_MAIL_DAYS = 7;
const FAILED_MAIL_SHOWN = 20;
/** More departures with bookings in two days than this is not a day the screen is made for; it shows the first. */
const MAX_DEPARTURES = 500;

const num = (v: unknown) => Number(v ?? 0);

export async function loadHoy(db: Db, opts: { now: Date; zone: string; guiaId?: number; withMoney: boolean }): Promise<Hoy> {
  const { now, zone } = opts;
  const hoy = wallClock(now, zone).date;
  const manana = addDays(hoy, 1);
  const dayStart = zonedTimeToUtc(hoy, "00:00", zone);
  const dayEnd = zonedTimeToUtc(manana, "00:00", zone);

  // a tour's own zone may be a day ahead or behind the business one: one day more each side, then each departure's
  // start is placed on the business calendar
  const listed = await createSalidasRepository(db).list(
    { from: addDays(hoy, -1), to: addDays(manana, 1), guiaId: opts.guiaId, conReservas: true },
    { offset: 0, limit: MAX_DEPARTURES },
    now,
  );
  const departures = listed.rows
    .map((d) => ({ d, day: wallClock(zonedTimeToUtc(d.fecha, d.hora, d.zona), zone).date }))
    .filter((x) => x.day === hoy || x.day === manana);
  const arrived = new Map<string, number>();
  if (departures.length > 0) {
    const found = await db.execute(sql`
      select s.tour_id, s.fecha::text as fecha, s.hora,
             coalesce(sum(l.mayores15 + l.menoresde15_a4 + l.menores3) filter (where l.checkin_at is not null), 0) as llegados
      from salida s
      join pedido_line l on l.salida_id = s.id and l.cancelada_at is null
      join pedido o on o.id = l.id_pedido and o.estado = 'pagado'
      where s.fecha between ${addDays(hoy, -1)}::date and ${addDays(manana, 1)}::date
      group by s.tour_id, s.fecha, s.hora`);
    for (const r of rowsOf<{ tour_id: number; fecha: string; hora: string; llegados: unknown }>(found)) {
      arrived.set(`${r.tour_id}|${r.fecha}|${r.hora}`, num(r.llegados));
    }
  }
  const salidas: HoySalida[] = departures
    .map(({ d, day }) => ({
      ...toSalida(d, now),
      dia: day === hoy ? ("hoy" as const) : ("manana" as const),
      llegados: arrived.get(`${d.tourId}|${d.fecha}|${d.hora}`) ?? 0,
      esperados: d.taken.vendidos,
      inicio: zonedTimeToUtc(d.fecha, d.hora, d.zona).getTime(),
    }))
    .sort((a, b) => a.inicio - b.inicio || a.tour_nombre.localeCompare(b.tour_nombre))
    .map(({ inicio: _inicio, ...s }) => s);

  const base = { zona_horaria: zone, hoy, manana, salidas };
  if (!opts.withMoney) return { ...base, dinero: null, correos_fallidos: null, ocupacion: null };

  const [money, failed, occupancy] = await Promise.all([
    db.execute(sql`
      select (select count(*) from pedido where paid_at >= ${dayStart} and paid_at < ${dayEnd}) as ventas_pedidos,
             (select coalesce(sum(valor_total_cents), 0) from pedido where paid_at >= ${dayStart} and paid_at < ${dayEnd}) as ventas_cents,
             (select count(*) from reembolso where estado in ('completado', 'pendiente') and updated_at >= ${dayStart} and updated_at < ${dayEnd}) as reembolsos_cantidad,
             (select coalesce(sum(monto_cents), 0) from reembolso where estado in ('completado', 'pendiente') and updated_at >= ${dayStart} and updated_at < ${dayEnd}) as reembolsos_cents`),
    db.execute(sql`
      select id, tipo, destinatario, asunto, ultimo_error, pedido_id, updated_at, count(*) over () as total
      from correo
      where estado = 'fallido' and updated_at >= ${new Date(now.getTime() - FAILED_MAIL_DAYS * 86_400_000)}
      order by updated_at desc, id desc
      limit ${FAILED_MAIL_SHOWN}`),
    db.execute(sql`
      select x.fecha,
             coalesce(sum(x.vendidos) filter (where coalesce(x.cupo_salida, x.cupo_horario) is not null), 0) as vendidos,
             coalesce(sum(coalesce(x.cupo_salida, x.cupo_horario)), 0) as cupo
      from (${departuresSql({ from: hoy, to: addDays(hoy, OCCUPANCY_DAYS - 1) }, { offset: 0, limit: 1_000_000 }, now)}) x
      group by x.fecha
      order by x.fecha`),
  ]);
  const m = rowsOf<Record<string, unknown>>(money)[0] ?? {};
  const failedRows = rowsOf<{ id: number; tipo: string; destinatario: string; asunto: string; ultimo_error: string | null; pedido_id: number | null; updated_at: Date | string; total: unknown }>(failed);
  const byDay = new Map(rowsOf<{ fecha: string; vendidos: unknown; cupo: unknown }>(occupancy).map((r) => [String(r.fecha).slice(0, 10), r]));
  const ocupacion = Array.from({ length: OCCUPANCY_DAYS }, (_, i) => {
    const fecha = addDays(hoy, i);
    const r = byDay.get(fecha);
    const vendidos = num(r?.vendidos);
    const cupo = num(r?.cupo);
    return { fecha, vendidos, cupo, porcentaje: cupo > 0 ? Math.round((vendidos / cupo) * 1000) / 10 : 0 };
  });
  return {
    ...base,
    dinero: {
      ventas_pedidos: num(m.ventas_pedidos),
      ventas_total: fromCents(num(m.ventas_cents)),
      reembolsos_cantidad: num(m.reembolsos_cantidad),
      reembolsos_total: fromCents(num(m.reembolsos_cents)),
    },
    correos_fallidos: {
      total: failedRows.length ? num(failedRows[0]!.total) : 0,
      ultimos: failedRows.map((r) => ({
        id: Number(r.id),
        tipo: r.tipo,
        destinatario: r.destinatario,
        asunto: r.asunto,
        error: r.ultimo_error,
        pedido_id: r.pedido_id === null ? null : Number(r.pedido_id),
        fecha: new Date(r.updated_at).toISOString(),
      })),
    },
    ocupacion,
  };
}
