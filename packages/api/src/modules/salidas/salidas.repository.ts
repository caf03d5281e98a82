import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { WEEKDAY_KEYS, weekdayKey } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { pedido, pedidoLine } from "../compra/compra.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { horarioTable, tourTable } from "../tour/tour.table.ts";
import { earliestHoldExpiry, lockDeparture, lockTourCapacity, linePersons, placesOfLine, takenBySalida, takenTotal } from "./cupo.ts";
import { type DepartureSqlRow, departuresSql, fromSqlRow } from "./salidas.list.ts";
import { fechaCerrada, salida } from "./salidas.table.ts";
import { tourZona } from "../tour/tour.zona.ts";

/** Data access for departures: calendar facts, staff settings, the panel's list and a departure's manifest. */

export interface TourTimes {
  id: number;
  nombre: string;
  zona: string;
  corteHoras: number;
  /** The tour's duration (its facts); null when not given. */
  duracionMinutos: number | null;
}


export function createSalidasRepository(db: Db) {
  return {
    /** The tour's zone (its own, else its country's) and cutoff; null when the tour does not exist. */
    async tourTimes(tourId: number): Promise<TourTimes | null> {
      const [row] = await db
        .select({
          id: tourTable.id,
          nombre: tourTable.nombre,
          zona: tourZona(),
          corteHoras: tourTable.corteHoras,
          duracionMinutos: tourTable.duracionMinutos,
        })
        .from(tourTable)
        .innerJoin(paisTable, eq(paisTable.id, tourTable.pais))
        .where(eq(tourTable.id, tourId));
      return row ?? null;
    },

    /** What the calendar of one tour needs between two dates: horarios, departure rows, closed dates, places taken. */
    async monthFacts(tourId: number, from: string, to: string, now: Date) {
      const [schedules, rows, closed] = await Promise.all([
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
      const held = [...taken].filter(([, t]) => t.retenidos > 0).map(([id]) => id);
      const holdsLapse = await earliestHoldExpiry(db, held, now);
      return { schedules, rows, closedDates: new Set(closed.map((c) => c.fecha)), taken, holdsLapse };
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
     * Changes a horario's capacity, refused when a coming departure that uses it (no capacity of its own) already
     * has more places taken. Holds the tour's capacity lock: bookings in flight finish first and are counted.
     */
    async setScheduleCapacity(
      scheduleId: number,
      cupo: number | null,
      today: string,
      now: Date,
    ): Promise<{ ok: true; row: typeof horarioTable.$inferSelect } | { ok: false; fecha: string; taken: number } | null> {
      return db.transaction(async (tx) => {
        const [schedule] = await tx.select().from(horarioTable).where(eq(horarioTable.id, scheduleId)).for("update");
        if (!schedule) return null;
        await lockTourCapacity(tx, schedule.tourId);
        if (cupo !== null) {
          const departures = await tx
            .select({ fecha: sql<string>`${salida.fecha}::text`, taken: sql<number>`sum(${linePersons})::int` })
            .from(salida)
            .innerJoin(pedidoLine, eq(pedidoLine.salida_id, salida.id))
            .where(
              and(
                eq(salida.tourId, schedule.tourId),
                eq(salida.hora, schedule.horaInicio),
                sql`${salida.cupo} is null`,
                gte(salida.fecha, today),
                sql`${placesOfLine(now)} is not null`,
              ),
            )
            .groupBy(salida.id, salida.fecha);
          const over = departures
            .map((d) => ({ fecha: d.fecha, taken: Number(d.taken) }))
            .filter((d) => d.taken > cupo && runsOnDate(schedule, d.fecha))
            .sort((a, b) => b.taken - a.taken)[0];
          if (over) return { ok: false as const, ...over };
        }
        const [row] = await tx.update(horarioTable).set({ cupo, updatedAt: now }).where(eq(horarioTable.id, scheduleId)).returning();
        return { ok: true as const, row: row! };
      });
    },

    /** The departure rows of a tour from `today` on that follow its horarios' capacity (at `hora`, or every start). */
    async departureIdsFrom(tourId: number, today: string, opts: { hora?: string; fecha?: string; ownCapacity?: boolean } = {}): Promise<number[]> {
      const rows = await db
        .select({ id: salida.id })
        .from(salida)
        .where(
          and(
            eq(salida.tourId, tourId),
            gte(salida.fecha, today),
            opts.hora === undefined ? undefined : eq(salida.hora, opts.hora),
            opts.fecha === undefined ? undefined : eq(salida.fecha, opts.fecha),
            opts.ownCapacity === false ? sql`${salida.cupo} is null` : undefined,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Coming departures of every tour (or one), for the panel; computed in SQL, one page at a time. */
    async list(filter: { tourId?: number; from: string; to: string; q?: string; guiaId?: number; conReservas?: boolean }, page: { offset: number; limit: number }, now: Date) {
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
          linea: pedidoLine.id,
          checkin_at: pedidoLine.checkin_at,
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
          referencia: pedido.referencia,
          comentario: pedido.comentario,
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

function runsOnDate(schedule: Record<(typeof WEEKDAY_KEYS)[number], boolean>, fecha: string): boolean {
  return schedule[weekdayKey(fecha)];
}
