import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { weekdayKey } from "@tours/domain";
import { type Db, executePrepared } from "../../db/client.ts";
import { pedidoLine } from "../compra/compra.table.ts";
import { horarioTable } from "../tour/tour.table.ts";
import { fechaCerrada, salida, type SalidaRow } from "./salidas.table.ts";

/**
 * The capacity rules of departures (docs/decisions/0007-capacity-and-holds.md): the only place that locks departure
 * rows and counts the places they have taken. Functions taking `tx` run inside the caller's transaction.
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
export const placesOfLine = (now: Date) => placesOf({ orderId: sql`${pedidoLine.id_pedido}`, canceladaAt: sql`${pedidoLine.cancelada_at}` }, now);

export interface Taken {
  vendidos: number;
  retenidos: number;
}
export const takenTotal = (t: Taken | undefined) => (t ? t.vendidos + t.retenidos : 0);

/** The schedule's capacity for one departure: whether a horario starts then that weekday, and its cupo (null: unlimited). */
export interface ScheduleCapacity {
  runs: boolean;
  cupo: number | null;
}

/** Duplicate horarios at one start: the most generous capacity wins (unlimited beats any number). */
export function capacityOf(schedules: ReadonlyArray<{ cupo: number | null }>): number | null {
  if (schedules.length === 0 || schedules.some((s) => s.cupo === null)) return null;
  return Math.max(...schedules.map((s) => s.cupo as number));
}

/**
 * Bookings hold this advisory lock (shared, per tour) from their first statement; a horario capacity change takes it
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
export async function lockTourCapacity(tx: Db, tourId: number): Promise<void> {
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
    .select({ departureId: pedidoLine.salida_id, persons: sql<number>`${linePersons}`.as("persons"), state: sql<string | null>`${state}`.as("state") })
    .from(pedidoLine)
    .where(and(inArray(pedidoLine.salida_id, salidaIds), exceptPedido === undefined ? undefined : sql`${pedidoLine.id_pedido} <> ${exceptPedido}`))
    .as("lines");
  const rows = await tx
    .select({
      departureId: lines.departureId,
      vendidos: sql<number>`coalesce(sum(${lines.persons}) filter (where ${lines.state} = 'vendido'), 0)::int`,
      retenidos: sql<number>`coalesce(sum(${lines.persons}) filter (where ${lines.state} = 'retenido'), 0)::int`,
    })
    .from(lines)
    .groupBy(lines.departureId);
  for (const r of rows) result.set(r.departureId!, { vendidos: Number(r.vendidos), retenidos: Number(r.retenidos) });
  return result;
}

/** The capacity of the horarios starting at `hora` on that date's weekday (after lockDepartures: never stale). */
export async function scheduleCapacity(tx: Db, tourId: number, fecha: string, hora: string): Promise<ScheduleCapacity> {
  const day = weekdayKey(fecha);
  const schedules = await tx
    .select({ cupo: horarioTable.cupo })
    .from(horarioTable)
    .where(and(eq(horarioTable.tourId, tourId), eq(horarioTable.horaInicio, hora), eq(horarioTable[day], true)));
  return { runs: schedules.length > 0, cupo: capacityOf(schedules) };
}

export async function isDateClosed(tx: Db, tourId: number, fecha: string): Promise<boolean> {
  const [row] = await tx
    .select({ t: fechaCerrada.tourId })
    .from(fechaCerrada)
    .where(and(eq(fechaCerrada.tourId, tourId), eq(fechaCerrada.fecha, fecha)));
  return !!row;
}

/**
 * When the first live hold of each departure lapses (only departures with a hold): a sold-out departure whose last
 * places are held, not sold, may free them then ("Reservado por otro viajero", docs/decisions/0018).
 */
export async function earliestHoldExpiry(db: Db, salidaIds: number[], now: Date): Promise<Map<number, Date>> {
  const result = new Map<number, Date>();
  if (salidaIds.length === 0) return result;
  const rows = await db
    .select({ departureId: pedidoLine.salida_id, at: sql<Date | string>`min(o.hold_expires_at)` })
    .from(pedidoLine)
    .innerJoin(sql`pedido o`, sql`o.id = ${pedidoLine.id_pedido}`)
    .where(and(inArray(pedidoLine.salida_id, salidaIds), sql`${placesOfLine(now)} = 'retenido'`, sql`o.capture_claimed_at is null`))
    .groupBy(pedidoLine.salida_id);
  for (const r of rows) if (r.at) result.set(r.departureId!, new Date(r.at));
  return result;
}
