import { type SQL, and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { WEEKDAY_KEYS, weekdayKey } from "@tours/domain";
import { type Db, executePrepared } from "../../db/client.ts";
import { pedido, pedidoLine } from "../compra/compra.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { horarioTable, tourTable } from "../tour/tour.table.ts";
import { fechaCerrada, salida, type SalidaRow } from "./salidas.table.ts";

/**
 * Data access for departures: the only place that locks departure rows and counts the places they have taken
 * (docs/decisions/0007-capacity-and-holds.md). Functions taking `tx` run inside the caller's transaction.
 */

/** Persons of an order line: pets take no place. */
export const linePersons = sql<number>`(${pedidoLine.mayores15} + ${pedidoLine.menoresde15_a4} + ${pedidoLine.menores3})`;

/**
 * What the places of an order line are at `now`: 'vendido' (paid), 'retenido' (unpaid with a live hold or a capture
 * under way) or null (none: the line was cancelled, or its order is cancelled, failed, expired or refunded).
 * `orderId` is the line's `id_pedido`, `canceladaAt` its `cancelada_at`. The rule itself is the SQL function
 * plazas_de_linea (migration 0010, over 0007's plazas_de_pedido), which the checkout's check uses too.
 *
 * A scalar subquery on purpose: the planner runs it as one primary-key lookup per line of the departure, whatever
 * it knows of the orders table. Joined instead, PGlite (which never gathers statistics) and a young PostgreSQL
 * scanned every order for each count: 15 ms per checkout with 1,500 orders, growing with each one.
 */
export function placesOf(line: { orderId: SQL; canceladaAt: SQL }, now: Date): SQL<"vendido" | "retenido" | null> {
  return sql`(select plazas_de_linea(${line.canceladaAt}, o.estado, o.hold_expires_at, o.capture_claimed_at, ${now}::timestamptz)
              from pedido o where o.id = ${line.orderId})`;
}

/** placesOf for a row of pedido_line in a query built with Drizzle. */
const placesOfLine = (now: Date) => placesOf({ orderId: sql`${pedidoLine.id_pedido}`, canceladaAt: sql`${pedidoLine.cancelada_at}` }, now);

export interface Taken {
  vendidos: number;
  retenidos: number;
}
export const takenTotal = (t: Taken | undefined) => (t ? t.vendidos + t.retenidos : 0);

export interface TourTimes {
  id: number;
  nombre: string;
  zona: string;
  corteHoras: number;
}

/** A slot's capacity for one departure: whether a slot starts then that weekday, and its cupo (null: unlimited). */
export interface SlotCapacity {
  runs: boolean;
  cupo: number | null;
}

/** Duplicate slots at one start: the most generous capacity wins (unlimited beats any number). */
export function capacityOf(slots: ReadonlyArray<{ cupo: number | null }>): number | null {
  if (slots.length === 0 || slots.some((s) => s.cupo === null)) return null;
  return Math.max(...slots.map((s) => s.cupo as number));
}

export function createSalidasRepository(db: Db) {
  return {
    /** The tour's zone (its own, else its country's) and cutoff; null when the tour does not exist. */
    async tourTimes(tourId: number): Promise<TourTimes | null> {
      const [row] = await db
        .select({
          id: tourTable.id,
          nombre: tourTable.nombre,
          zona: sql<string>`coalesce(${tourTable.zonaHoraria}, ${paisTable.zonaHoraria})`,
          corteHoras: tourTable.corteHoras,
        })
        .from(tourTable)
        .innerJoin(paisTable, eq(paisTable.id, tourTable.pais))
        .where(eq(tourTable.id, tourId));
      return row ?? null;
    },

    /** What the calendar of one tour needs between two dates: slots, departure rows, closed dates, places taken. */
    async monthFacts(tourId: number, from: string, to: string, now: Date) {
      const [slots, rows, closed] = await Promise.all([
        db.select().from(horarioTable).where(eq(horarioTable.tourId, tourId)),
        db
          .select()
          .from(salida)
          .where(and(eq(salida.tourId, tourId), gte(salida.fecha, from), lte(salida.fecha, to))),
        db
          .select({ fecha: fechaCerrada.fecha })
          .from(fechaCerrada)
          .where(and(eq(fechaCerrada.tourId, tourId), gte(fechaCerrada.fecha, from), lte(fechaCerrada.fecha, to))),
      ]);
      const taken = await takenBySalida(db, rows.map((r) => r.id), now);
      return { slots, rows, closedDates: new Set(closed.map((c) => c.fecha)), taken };
    },

    async closeDate(tourId: number, fecha: string, closed: boolean): Promise<void> {
      if (closed) {
        await db.insert(fechaCerrada).values({ tourId, fecha }).onConflictDoNothing();
      } else {
        await db.delete(fechaCerrada).where(and(eq(fechaCerrada.tourId, tourId), eq(fechaCerrada.fecha, fecha)));
      }
    },

    async closeDeparture(tourId: number, fecha: string, hora: string, closed: boolean): Promise<void> {
      await db
        .insert(salida)
        .values({ tourId, fecha, hora, cerrada: closed })
        .onConflictDoUpdate({ target: [salida.tourId, salida.fecha, salida.hora], set: { cerrada: closed, updatedAt: new Date() } });
    },

    /**
     * Sets a departure's own capacity under its lock; refused (returns the places taken) when it would fall
     * below the places already sold or held.
     */
    async setDepartureCapacity(
      tourId: number,
      fecha: string,
      hora: string,
      cupo: number | null,
      now: Date,
    ): Promise<{ ok: true } | { ok: false; taken: number; capacity: number }> {
      return db.transaction(async (tx) => {
        const row = await lockDeparture(tx, tourId, fecha, hora);
        const taken = takenTotal((await takenBySalida(tx, [row.id], now)).get(row.id));
        if (cupo !== null && cupo < taken) return { ok: false as const, taken, capacity: cupo };
        await tx.update(salida).set({ cupo, updatedAt: now }).where(eq(salida.id, row.id));
        return { ok: true as const };
      });
    },

    /**
     * Changes a slot's capacity, refused when a coming departure that uses it (no capacity of its own) already
     * has more places taken. Holds the tour's capacity lock: bookings in flight finish first and are counted.
     */
    async setSlotCapacity(
      horarioId: number,
      cupo: number | null,
      today: string,
      now: Date,
    ): Promise<{ ok: true; row: typeof horarioTable.$inferSelect } | { ok: false; fecha: string; taken: number } | null> {
      return db.transaction(async (tx) => {
        const [slot] = await tx.select().from(horarioTable).where(eq(horarioTable.id, horarioId)).for("update");
        if (!slot) return null;
        await lockTourCapacity(tx, slot.tourId);
        if (cupo !== null) {
          const departures = await tx
            .select({ fecha: sql<string>`${salida.fecha}::text`, taken: sql<number>`sum(${linePersons})::int` })
            .from(salida)
            .innerJoin(pedidoLine, eq(pedidoLine.salida_id, salida.id))
            .where(
              and(
                eq(salida.tourId, slot.tourId),
                eq(salida.hora, slot.horaInicio),
                sql`${salida.cupo} is null`,
                gte(salida.fecha, today),
                sql`${placesOfLine(now)} is not null`,
              ),
            )
            .groupBy(salida.id, salida.fecha);
          const over = departures
            .map((d) => ({ fecha: d.fecha, taken: Number(d.taken) }))
            .filter((d) => d.taken > cupo && runsOnDate(slot, d.fecha))
            .sort((a, b) => b.taken - a.taken)[0];
          if (over) return { ok: false as const, ...over };
        }
        const [row] = await tx.update(horarioTable).set({ cupo, updatedAt: now }).where(eq(horarioTable.id, horarioId)).returning();
        return { ok: true as const, row: row! };
      });
    },

    /** Coming departures of every tour (or one), for the panel; computed in SQL, one page at a time. */
    async list(filter: { tourId?: number; from: string; to: string; q?: string; guiaId?: number }, page: { offset: number; limit: number }, now: Date) {
      const result = await db.execute(departuresSql(filter, page, now));
      const rows = (result as unknown as { rows: DepartureSqlRow[] }).rows;
      return { rows: rows.map(fromSqlRow), total: rows.length ? Number(rows[0]!.total) : 0 };
    },

    /** One departure (scheduled or with bookings), or null. */
    async find(tourId: number, fecha: string, hora: string, now: Date) {
      const result = await db.execute(departuresSql({ tourId, from: fecha, to: fecha, hora }, { offset: 0, limit: 1 }, now));
      const row = (result as unknown as { rows: DepartureSqlRow[] }).rows[0];
      return row ? fromSqlRow(row) : null;
    },

    /** Who comes: the lines of paid orders and of live holds, oldest order first. */
    async manifest(tourId: number, fecha: string, hora: string, now: Date) {
      // the departure's lines first, then their orders by key (see placesOf): the cost follows the departure
      const lines = await db
        .select({
          pedido: pedidoLine.id_pedido,
          mayores15: pedidoLine.mayores15,
          menoresde15_a4: pedidoLine.menoresde15_a4,
          menores3: pedidoLine.menores3,
          mascotas: pedidoLine.mascotas,
          valor_total_cents: pedidoLine.valor_total_cents,
          places: placesOfLine(now),
        })
        .from(salida)
        .innerJoin(pedidoLine, eq(pedidoLine.salida_id, salida.id))
        .where(and(eq(salida.tourId, tourId), eq(salida.fecha, fecha), eq(salida.hora, hora)));
      const taking = lines.filter((l) => l.places !== null);
      if (taking.length === 0) return [];
      const orders = await db
        .select({
          id: pedido.id,
          estado: pedido.estado,
          nombre: pedido.nombre,
          apellido: pedido.apellido,
          email: pedido.email,
          telefono: pedido.telefono,
          telefonorespaldo: pedido.telefonorespaldo,
          hold_expires_at: pedido.hold_expires_at,
        })
        .from(pedido)
        .where(inArray(pedido.id, [...new Set(taking.map((l) => l.pedido))]));
      const orderOf = new Map(orders.map((o) => [o.id, o]));
      return taking
        .map(({ places: _places, ...line }) => {
          const { id: _id, ...order } = orderOf.get(line.pedido)!;
          return { ...order, ...line };
        })
        .sort((a, b) => a.pedido - b.pedido);
    },
  };
}

export type SalidasRepository = ReturnType<typeof createSalidasRepository>;

function runsOnDate(slot: Record<(typeof WEEKDAY_KEYS)[number], boolean>, fecha: string): boolean {
  return slot[weekdayKey(fecha)];
}

// --- inside a transaction -----------------------------------------------------------------------------------

/**
 * Bookings hold this advisory lock (shared, per tour) from their first statement; a slot capacity change takes it
 * exclusively, so it waits for bookings in flight and bookings wait for it — and a booking's capacity read,
 * which comes after, always sees the committed capacity. Advisory locks live in memory: no row writes.
 */
const CAPACITY_LOCK_NAMESPACE = 74_310_002;

/**
 * Locks the departure rows until the transaction ends, with the shared capacity lock of their tours, creating the
 * ones that do not exist yet. Rows are locked in one fixed order (tour, date, start), so two transactions never
 * wait on each other in a circle. Most bookings find their departure's row and take it in one plain
 * `SELECT … FOR UPDATE`; only a departure's first booking inserts it.
 */
export async function lockDepartures(tx: Db, departures: ReadonlyArray<{ tourId: number; fecha: string; hora: string }>): Promise<SalidaRow[]> {
  if (departures.length === 0) return [];
  // Plain SQL rather than the query builder: it runs on every checkout, and building the query cost more than running it.
  const wanted = sql.join(departures.map((d) => sql`(${d.tourId}::int, ${d.fecha}::date, ${d.hora}::text)`), sql`, `);
  const lockRows = async () => {
    const result = await executePrepared(tx, "lock_departures", sql`
      select id, tour_id, fecha::text as fecha, hora, cupo, cerrada, created_at, updated_at,
             pg_advisory_xact_lock_shared(${CAPACITY_LOCK_NAMESPACE}::int, tour_id)
      from salida where (tour_id, fecha, hora) in (${wanted})
      order by tour_id, fecha, hora
      for update`);
    return result.rows.map(
      (r): SalidaRow => ({
        id: Number(r.id),
        tourId: Number(r.tour_id),
        fecha: String(r.fecha),
        hora: String(r.hora),
        cupo: r.cupo === null ? null : Number(r.cupo),
        cerrada: Boolean(r.cerrada),
        createdAt: new Date(r.created_at as string | Date),
        updatedAt: new Date(r.updated_at as string | Date),
      }),
    );
  };
  const found = await lockRows();
  if (found.length === departures.length) return found;
  await tx.insert(salida).values(departures.map(({ tourId, fecha, hora }) => ({ tourId, fecha, hora }))).onConflictDoNothing();
  return lockRows();
}

/** Waits for the bookings in flight on this tour and keeps new ones waiting until the transaction ends. */
async function lockTourCapacity(tx: Db, tourId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CAPACITY_LOCK_NAMESPACE}::int, ${tourId}::int)`);
}

/** Creates the departure row if missing and locks it until the transaction ends. */
export async function lockDeparture(tx: Db, tourId: number, fecha: string, hora: string): Promise<SalidaRow> {
  await tx.insert(salida).values({ tourId, fecha, hora }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(salida)
    .where(and(eq(salida.tourId, tourId), eq(salida.fecha, fecha), eq(salida.hora, hora)))
    .for("update");
  return row!;
}

/** Places taken per departure at `now`, optionally leaving one order out. */
export async function takenBySalida(tx: Db, salidaIds: number[], now: Date, exceptPedido?: number): Promise<Map<number, Taken>> {
  const result = new Map<number, Taken>();
  if (salidaIds.length === 0) return result;
  const state = placesOfLine(now);
  const lines = tx
    .select({ salidaId: pedidoLine.salida_id, persons: sql<number>`${linePersons}`.as("persons"), state: sql<string | null>`${state}`.as("state") })
    .from(pedidoLine)
    .where(and(inArray(pedidoLine.salida_id, salidaIds), exceptPedido === undefined ? undefined : sql`${pedidoLine.id_pedido} <> ${exceptPedido}`))
    .as("lines");
  const rows = await tx
    .select({
      salidaId: lines.salidaId,
      vendidos: sql<number>`coalesce(sum(${lines.persons}) filter (where ${lines.state} = 'vendido'), 0)::int`,
      retenidos: sql<number>`coalesce(sum(${lines.persons}) filter (where ${lines.state} = 'retenido'), 0)::int`,
    })
    .from(lines)
    .groupBy(lines.salidaId);
  for (const r of rows) result.set(r.salidaId!, { vendidos: Number(r.vendidos), retenidos: Number(r.retenidos) });
  return result;
}

/** The capacity of the slots starting at `hora` on that date's weekday (after lockDepartures: never stale). */
export async function slotCapacity(tx: Db, tourId: number, fecha: string, hora: string): Promise<SlotCapacity> {
  const day = weekdayKey(fecha);
  const slots = await tx
    .select({ cupo: horarioTable.cupo })
    .from(horarioTable)
    .where(and(eq(horarioTable.tourId, tourId), eq(horarioTable.horaInicio, hora), eq(horarioTable[day], true)));
  return { runs: slots.length > 0, cupo: capacityOf(slots) };
}

export async function isDateClosed(tx: Db, tourId: number, fecha: string): Promise<boolean> {
  const [row] = await tx
    .select({ t: fechaCerrada.tourId })
    .from(fechaCerrada)
    .where(and(eq(fechaCerrada.tourId, tourId), eq(fechaCerrada.fecha, fecha)));
  return !!row;
}

// --- the panel's list, in SQL -------------------------------------------------------------------------------

interface DepartureSqlRow {
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

function fromSqlRow(r: DepartureSqlRow): DepartureRecord {
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
 * Every departure between two dates: the weekly slots laid over the calendar, plus departures that have a row
 * (bookings or staff settings) even if their slot is gone; with their places taken. One page, with the total.
 */
function departuresSql(
  filter: { tourId?: number; from: string; to: string; q?: string; hora?: string; guiaId?: number },
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
  const qCond = filter.q ? sql`t.nombre ilike ${`%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`true`;
  return sql`
    with dias as (
      select gs::date as fecha from generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') gs
    ),
    slots as (
      select h.tour_id, d.fecha, h.hora_inicio as hora,
             case when bool_or(h.cupo is null) then null else max(h.cupo) end as cupo_horario
      from horario h join dias d on (${runs})
      ${filter.tourId === undefined ? sql`` : sql`where h.tour_id = ${filter.tourId}`}
      group by h.tour_id, d.fecha, h.hora_inicio
    ),
    keys as (
      select tour_id, fecha, hora, cupo_horario from slots
      union all
      select s.tour_id, s.fecha, s.hora, null from salida s
      where s.fecha between ${filter.from}::date and ${filter.to}::date
        and not exists (select 1 from slots x where x.tour_id = s.tour_id and x.fecha = s.fecha and x.hora = s.hora)
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
    where ${tourCond} and ${horaCond} and ${qCond} and ${guiaCond}
    order by k.fecha, k.hora, t.nombre, t.id
    limit ${page.limit} offset ${page.offset}`;
}
