import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { ListParams } from "@tours/contract";
import type { WeekdayKey } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { horarioTable, tourTable } from "../tour/tour.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { pedido, pedidoLine, type PedidoLineRow, type PedidoRow } from "./compra.table.ts";
import { type NewPedido, type NewPedidoLine, renewHold, reserveWithHold } from "./retencion.ts";
import type { HoldGuard } from "./hold-limits.ts";
import { tourZona } from "../tour/tour.zona.ts";

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

export function createCompraRepository(db: Db) {
  return {
    /** The catalogue facts needed to price and check the lines: price and weekly slots of each tour. */
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
      const slots = await db.select().from(horarioTable).where(inArray(horarioTable.tourId, unique));
      for (const s of slots) {
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
      return reserveWithHold(db, order, lines, now, holdUntil, guard);
    },

    /** A lapsed hold taken again if its places are still free, else the order expires (see renewHold). */
    renewHold(id: number, now: Date, holdUntil: Date) {
      return renewHold(db, id, now, holdUntil);
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
      const [row] = await db
        .update(pedido)
        .set({ estado: "cancelado", updatedAt: now })
        .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente"), isNull(pedido.capture_claimed_at)))
        .returning();
      return row ?? null;
    },

    async lines(pedidoId: number): Promise<PedidoLineRow[]> {
      return db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, pedidoId)).orderBy(asc(pedidoLine.id));
    },

    all(): Promise<PedidoRow[]> {
      return db.select().from(pedido).orderBy(desc(pedido.id));
    },

    page(params: ListParams) {
      return listPage(db, pedido, PEDIDO_LIST, params);
    },
  };
}

export type CompraRepository = ReturnType<typeof createCompraRepository>;

export const PEDIDO_LIST: ListSpec = {
  resource: "compra",
  sortable: {
    id: pedido.id,
    nombre: pedido.nombre,
    apellido: pedido.apellido,
    email: pedido.email,
    valor_total: pedido.valor_total_cents,
    status: pedido.status,
    estado: pedido.estado,
    createdAt: pedido.createdAt,
  },
  filterable: {
    id: { column: pedido.id, kind: "id" },
    status: { column: pedido.status, kind: "bool" },
    estado: { column: pedido.estado, kind: "text" },
    email: { column: pedido.email, kind: "text" },
    referencia: { column: pedido.referencia, kind: "text" },
  },
  search: [pedido.nombre, pedido.apellido, pedido.email, pedido.telefono, pedido.referencia],
  defaultSort: [desc(pedido.id)],
};
