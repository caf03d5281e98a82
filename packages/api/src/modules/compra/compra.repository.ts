import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { ListParams } from "@tours/contract";
import type { WeekdayKey } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { type ListPage, type ListSpec, listSql } from "../../http/list.ts";
import { horarioTable, tourTable } from "../tour/tour.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { pedido, pedidoLine, type PedidoLineRow, type PedidoRow } from "./compra.table.ts";
import { type NewPedido, type NewPedidoLine, type OnHold, extendHold, renewHold, reserveWithHold } from "./retencion.ts";
import type { HoldGuard } from "./hold-limits.ts";
import { tourZona } from "../tour/tour.zona.ts";
import { orderStateSql } from "./order-state.ts";

// modules/octo and bench/checkout.ts import these types from here
export type { NewPedido, NewPedidoLine } from "./retencion.ts";

/** Data access for orders: the only place that reads or writes pedido and pedido_line (holds: retencion.ts). */

export interface TourForPricing {
  id: number;
  nombre: string;
  precioCents: number;
  /** IANA zone of its departures (its own, else its country's). */
  zona: string;
  corteHoras: number;
  horarios: Array<{ cupo: number | null; hora_inicio: string } & Record<WeekdayKey, boolean>>;
}

/** A claim older than this is taken to belong to a process that died mid-capture. */
export const CAPTURE_CLAIM_TTL_MS = 60_000;

/** `clock` dates the derived state of the panel's list (a lapsed hold reads expirado): the app's clock. */
/**
 * `onHold`: told of every hold started or renewed, in its transaction (the check of its lapse is scheduled there);
 * `onReleased`: told, in its transaction, of an unpaid order cancelled while its hold was live (its places are free).
 */
export function createCompraRepository(
  db: Db,
  clock: () => Date = () => new Date(),
  onHold?: OnHold,
  onReleased?: (tx: Db, orderId: number) => Promise<void>,
) {
  return {
    /** The catalogue facts needed to price and check the lines: price and horarios of each tour. */
    async toursForPricing(ids: number[]): Promise<Map<number, TourForPricing>> {
      const unique = [...new Set(ids)];
      const result = new Map<number, TourForPricing>();
      if (unique.length === 0) return result;
      const tours = await db
        .select({
          id: tourTable.id,
          nombre: tourTable.nombre,
          precioCents: tourTable.precioCents,
          zona: tourZona(),
          corteHoras: tourTable.corteHoras,
        })
        .from(tourTable)
        .innerJoin(paisTable, eq(paisTable.id, tourTable.pais))
        .where(inArray(tourTable.id, unique));
      for (const t of tours) result.set(t.id, { ...t, horarios: [] });
      const schedules = await db.select().from(horarioTable).where(inArray(horarioTable.tourId, unique));
      for (const s of schedules) {
        result.get(s.tourId)?.horarios.push({
          cupo: s.cupo,
          hora_inicio: s.horaInicio,
          lunes: s.lunes,
          martes: s.martes,
          miercoles: s.miercoles,
          jueves: s.jueves,
          viernes: s.viernes,
          sabado: s.sabado,
          domingo: s.domingo,
        });
      }
      return result;
    },

    /** The order and all its lines, holding their places until `holdUntil` — or nothing (see reserveWithHold). */
    reserve(order: NewPedido, lines: NewPedidoLine[], now: Date, holdUntil: Date, guard?: HoldGuard) {
      return reserveWithHold(db, order, lines, now, holdUntil, guard, onHold);
    },

    /** A lapsed hold taken again if its places are still free, else the order expires (see renewHold). */
    renewHold(id: number, now: Date, holdUntil: Date) {
      return renewHold(db, id, now, holdUntil, onHold);
    },

    /** "Necesito más tiempo": the hold starts again, within the renewals allowed and the places left (see extendHold). */
    extendHold(id: number, now: Date, holdUntil: Date, maxRenewals: number) {
      return extendHold(db, id, now, holdUntil, maxRenewals, onHold);
    },

    async setPaymentId(id: number, paypalOrderId: string): Promise<PedidoRow | null> {
      const [row] = await db
        .update(pedido)
        .set({ id_pay: paypalOrderId, updatedAt: new Date() })
        .where(eq(pedido.id, id))
        .returning();
      return row ?? null;
    },

    /** The payment order could not be made: the order stays as a record but is never payable. */
    async markFailed(id: number): Promise<void> {
      await db
        .update(pedido)
        .set({ estado: "fallido", capture_claimed_at: null, updatedAt: new Date() })
        .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente")));
    },

    async findById(id: number): Promise<PedidoRow | null> {
      const [row] = await db.select().from(pedido).where(eq(pedido.id, id));
      return row ?? null;
    },

    async findByPaymentId(paypalOrderId: string): Promise<PedidoRow | null> {
      const [row] = await db.select().from(pedido).where(eq(pedido.id_pay, paypalOrderId));
      return row ?? null;
    },

    /**
     * Takes the right to capture this order: succeeds for exactly one caller while the order is pending and
     * nobody else holds a live claim. This conditional UPDATE is what makes concurrent confirms capture once,
     * across processes.
     */
    async claimCapture(id: number, now: Date): Promise<PedidoRow | null> {
      const staleBefore = new Date(now.getTime() - CAPTURE_CLAIM_TTL_MS);
      const [row] = await db
        .update(pedido)
        .set({ capture_claimed_at: now, updatedAt: now })
        .where(
          and(
            eq(pedido.id, id),
            eq(pedido.estado, "pendiente"),
            or(isNull(pedido.capture_claimed_at), lt(pedido.capture_claimed_at, staleBefore)),
            // a lapsed hold must be renewed first (renewHold), or the capture could take places sold meanwhile;
            // an abandoned claim kept its places held all along (claimed orders count as taking places)
            or(isNull(pedido.hold_expires_at), gt(pedido.hold_expires_at, now), isNotNull(pedido.capture_claimed_at)),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Gives the claim back; `nextAttempt` when PayPal refused for good, so a later try is a new PayPal request. */
    async releaseClaim(id: number, nextAttempt: boolean): Promise<void> {
      await db
        .update(pedido)
        .set({
          capture_claimed_at: null,
          updatedAt: new Date(),
          ...(nextAttempt ? { capture_attempt: sql`${pedido.capture_attempt} + 1` } : {}),
        })
        .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente")));
    },

    /** Pending → paid, once. Null when the order was not pending (already paid, cancelled, failed). */
    async markPaid(id: number, captureId: string, paidAt: Date): Promise<PedidoRow | null> {
      const [row] = await db
        .update(pedido)
        .set({ estado: "pagado", status: true, capture_id: captureId, paid_at: paidAt, capture_claimed_at: null, updatedAt: paidAt })
        .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente")))
        .returning();
      return row ?? null;
    },

    /** PayPal took money that does not match the order: never shown as paid, kept for staff to sort out. */
    async markCaptureMismatch(id: number, captureId: string | null): Promise<void> {
      await db
        .update(pedido)
        .set({ estado: "fallido", capture_id: captureId, capture_claimed_at: null, updatedAt: new Date() })
        .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente")));
    },

    /**
     * Pending and unclaimed → cancelled; null otherwise. Even an abandoned claim blocks it: that capture may have
     * gone through at PayPal, and only a confirm or a webhook (which ask PayPal) may settle such an order.
     */
    async markCancelled(id: number, now: Date): Promise<PedidoRow | null> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [before] = await tx.select({ holdExpiresAt: pedido.hold_expires_at }).from(pedido).where(eq(pedido.id, id)).for("update");
        const [row] = await tx
          .update(pedido)
          .set({ estado: "cancelado", updatedAt: now })
          .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente"), isNull(pedido.capture_claimed_at)))
          .returning();
        // a live hold given up: its places are free now (docs/decisions/0023)
        if (row && before?.holdExpiresAt && before.holdExpiresAt > now) await onReleased?.(tx, id);
        return row ?? null;
      });
    },

    async lines(orderId: number): Promise<PedidoLineRow[]> {
      return db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, orderId)).orderBy(asc(pedidoLine.id));
    },

    /** Every order for the panel's list, newest first, with its state and its tours and dates. */
    all(): Promise<PedidoListRow[]> {
      return db.select(listColumns(clock())).from(pedido).orderBy(desc(pedido.id));
    },

    /** One page of the panel's list: filter (also by the derived state), sort and paging all in SQL. */
    async page(params: ListParams): Promise<ListPage<PedidoListRow>> {
      const now = clock();
      const q = listSql(pedidoListSpec(now), params);
      const [ids, [total]] = await Promise.all([
        db.select({ id: pedido.id }).from(pedido).where(q.where).orderBy(...q.orderBy).limit(q.limit ?? 1_000_000).offset(q.offset),
        db.select({ n: count() }).from(pedido).where(q.where),
      ]);
      // the state and the tours and dates are subqueries: computed for the page's rows only, not for every row the
      // offset skips (a deep page would otherwise run them thousands of times)
      const found = ids.length > 0 ? await db.select(listColumns(now)).from(pedido).where(inArray(pedido.id, ids.map((r) => r.id))) : [];
      const byId = new Map(found.map((r) => [r.id, r]));
      const rows = ids.flatMap((r) => byId.get(r.id) ?? []);
      return { q, rows, total: total?.n ?? 0 };
    },
  };
}

export type CompraRepository = ReturnType<typeof createCompraRepository>;

/** One tour and date of an order, as its list row shows them. */
export interface PedidoLineSummary {
  tour: string;
  /** "MM/DD/YYYY-HH:MM", the line's fecha_tour. */
  fecha: string;
  cancelada: boolean;
}

export type PedidoListRow = PedidoRow & { situacion: string; lineas: PedidoLineSummary[] };

/** The order's tours and dates in one scalar subquery (one index lookup per row of the page). */
const lineSummarySql = sql<PedidoLineSummary[]>`(select coalesce(json_agg(json_build_object(
    'tour', coalesce(t.nombre, 'Tour ' || l.id_tour), 'fecha', l.fecha_tour, 'cancelada', l.cancelada_at is not null)
    order by l.id), '[]'::json)
  from pedido_line l left join tour t on t.id = l.id_tour
  where l.id_pedido = "pedido"."id")`;

function listColumns(now: Date) {
  return { ...getTableColumns(pedido), situacion: orderStateSql(now), lineas: lineSummarySql };
}

/** The list dialect of /api/compra/index; `situacion` is the derived state (order-state.ts) at `now`. */
export function pedidoListSpec(now: Date): ListSpec {
  const situacion = orderStateSql(now);
  return {
    resource: "compra",
    sortable: {
      id: pedido.id,
      nombre: pedido.nombre,
      apellido: pedido.apellido,
      email: pedido.email,
      valor_total: pedido.valor_total_cents,
      status: pedido.status,
      estado: pedido.estado,
      situacion,
      createdAt: pedido.createdAt,
    },
    filterable: {
      id: { column: pedido.id, kind: "id" },
      status: { column: pedido.status, kind: "bool" },
      estado: { column: pedido.estado, kind: "text" },
      situacion: { column: situacion, kind: "text" },
      email: { column: pedido.email, kind: "text" },
      referencia: { column: pedido.referencia, kind: "text" },
    },
    search: [pedido.nombre, pedido.apellido, pedido.email, pedido.telefono, pedido.referencia],
    defaultSort: [desc(pedido.id)],
  };
}
