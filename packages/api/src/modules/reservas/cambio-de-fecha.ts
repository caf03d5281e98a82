import { and, eq, sql } from "drizzle-orm";
import { personsOf, type TravellerCounts } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import type { LineRefusal } from "../compra/retencion.ts";
import { pedido, pedidoLine, type PedidoLineRow, type PedidoRow } from "../compra/compra.table.ts";
import { isDateClosed, lockDepartures, scheduleCapacity, takenBySalida } from "../salidas/cupo.ts";
import { salida } from "../salidas/salidas.table.ts";

/**
 * Moving one line of an order to another departure (a date change), or changing its travellers, in ONE
 * transaction: the departures involved are locked in the same order and the same way as a checkout locks them
 * (docs/decisions/0007), the new departure's room is counted under those locks, and the line is moved only if it
 * fits. The old departure's places are freed by the same UPDATE that takes the new ones, so no reader ever sees
 * the booking on both sides or on neither. Callers (OCTO today; Mi reserva and the panel later) bring their own
 * rules through `check` (who may move what, cutoffs) and `then` (what else changes with the move), both run under
 * the same locks and rolled back with it.
 */

interface LineMove {
  orderId: number;
  lineId: number;
  to: { tourId: number; fecha: string; hora: string; fecha_tour: string };
  counts: TravellerCounts;
  /** The tour's price per adult, in cents, and the line's total for `counts` (from the one pricing function). */
  valor_cents: number;
  valor_total_cents: number;
}

export interface MoveContext {
  tx: Db;
  order: PedidoRow;
  line: PedidoLineRow;
  /** The departure the line is on before the move. */
  from: { departureId: number; tourId: number; fecha: string; hora: string };
}

type MoveOutcome<T> = { ok: true; value: T } | { ok: false; refusal: LineRefusal };

/** The order or line changed between reading it and locking it: the caller's check refuses with its own reason. */
export class MoveRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "MoveRefused";
  }
}

class DepartureRefused extends Error {
  constructor(readonly refusal: LineRefusal) {
    super("the line does not fit the new departure");
  }
}

/** Another move of the same line got its locks first: read the line again and retry. */
class Stale extends Error {}

async function departureOfLine(db: Db, orderId: number, lineId: number) {
  const [row] = await db
    .select({ departureId: pedidoLine.salida_id, tourId: salida.tourId, fecha: sql<string>`${salida.fecha}::text`, hora: salida.hora })
    .from(pedidoLine)
    .innerJoin(salida, eq(salida.id, pedidoLine.salida_id))
    .where(and(eq(pedidoLine.id, lineId), eq(pedidoLine.id_pedido, orderId)));
  return row ? { departureId: row.departureId!, tourId: row.tourId, fecha: row.fecha, hora: row.hora } : null;
}

/**
 * Moves the line (see the file's comment). `check` may throw MoveRefused (or any error) to leave everything as it
 * was; `then` runs after the move in the same transaction and its value is returned. A refusal because the new
 * departure is closed or has no room comes back as `{ ok: false, refusal }`.
 */
export async function moveOrderLine<T>(
  db: Db,
  move: LineMove,
  now: Date,
  hooks: { check: (ctx: MoveContext) => void | Promise<void>; then: (ctx: MoveContext) => Promise<T> },
): Promise<MoveOutcome<T>> {
  for (let attempt = 0; ; attempt++) {
    const from = await departureOfLine(db, move.orderId, move.lineId);
    if (!from) throw new MoveRefused("la línea no existe o no tiene salida");
    try {
      const value = await db.transaction(async (tx) => {
        const wanted = [
          { tourId: from.tourId, fecha: from.fecha, hora: from.hora },
          { tourId: move.to.tourId, fecha: move.to.fecha, hora: move.to.hora },
        ].filter((d, i, all) => all.findIndex((x) => x.tourId === d.tourId && x.fecha === d.fecha && x.hora === d.hora) === i);
        const locked = await lockDepartures(tx, wanted);
        const target = locked.find((s) => s.tourId === move.to.tourId && s.fecha === move.to.fecha && s.hora === move.to.hora)!;
        const [order] = await tx.select().from(pedido).where(eq(pedido.id, move.orderId)).for("update");
        const [line] = await tx.select().from(pedidoLine).where(eq(pedidoLine.id, move.lineId));
        if (!order || !line) throw new MoveRefused("la reserva no existe");
        if (line.salida_id !== from.departureId) throw new Stale();
        const ctx: MoveContext = { tx, order, line, from };
        await hooks.check(ctx);

        // the line's own places count on its departure while it holds them: a change of travellers on the same
        // departure needs room for the difference only
        const holds = await tx.execute(sql`
          select plazas_de_linea(${line.cancelada_at}::timestamptz, ${order.estado}::text, ${order.hold_expires_at}::timestamptz,
                                 ${order.capture_claimed_at}::timestamptz, ${now}::timestamptz) as holds`);
        const own = (holds as unknown as { rows: Array<{ holds: string | null }> }).rows[0];
        const ownHere = target.id === line.salida_id && own?.holds ? personsOf(line) : 0;
        const taken = await takenBySalida(tx, [target.id], now);
        const t = taken.get(target.id);
        const already = (t ? t.vendidos + t.retenidos : 0) - ownHere;
        const capacity = target.cupo ?? (await scheduleCapacity(tx, move.to.tourId, move.to.fecha, move.to.hora)).cupo;
        const left = capacity === null ? null : Math.max(0, capacity - already);
        const persons = personsOf(move.counts);
        if (target.cerrada || (await isDateClosed(tx, move.to.tourId, move.to.fecha))) {
          throw new DepartureRefused({ index: 0, quedan: left, estado: "cerrada" });
        }
        if (left !== null && persons > left) throw new DepartureRefused({ index: 0, quedan: left, estado: left === 0 ? "agotada" : "pocos" });

        const [moved] = await tx
          .update(pedidoLine)
          .set({
            salida_id: target.id,
            id_tour: move.to.tourId,
            fecha_tour: move.to.fecha_tour,
            mayores15: move.counts.mayores15,
            menoresde15_a4: move.counts.menoresde15_a4,
            menores3: move.counts.menores3,
            mascotas: move.counts.mascotas,
            valor_cents: move.valor_cents,
            valor_total_cents: move.valor_total_cents,
            updatedAt: now,
          })
          .where(eq(pedidoLine.id, line.id))
          .returning();
        const [reordered] = await tx
          .update(pedido)
          .set({ valor_total_cents: sql`${pedido.valor_total_cents} + ${move.valor_total_cents - line.valor_total_cents}::int`, updatedAt: now })
          .where(eq(pedido.id, order.id))
          .returning();
        return hooks.then({ tx, order: reordered!, line: moved!, from });
      });
      return { ok: true, value };
    } catch (err) {
      if (err instanceof DepartureRefused) return { ok: false, refusal: err.refusal };
      if (err instanceof Stale && attempt < 3) continue;
      throw err;
    }
  }
}
