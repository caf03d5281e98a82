import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { personsOf } from "@tours/domain";
import type { ListParams } from "@tours/contract";
import { type Db, executePrepared } from "../../db/client.ts";
import { type ListSpec, listSql } from "../../http/list.ts";
import { horarioTable, tourTable } from "../tour/tour.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { salida } from "../salidas/salidas.table.ts";
import {
  isDateClosed,
  lockDeparture,
  lockDepartures,
  slotCapacity,
  takenBySalida,
  takenTotal,
} from "../salidas/salidas.repository.ts";
import type { SalidaRow } from "../salidas/salidas.table.ts";
import { pedido, pedidoLine, paypalWebhookEvent, type PedidoLineRow, type PedidoRow } from "./compra.table.ts";
import { newPin, newReferencia } from "./referencia.ts";
import type { HoldGuard } from "./hold-limits.ts";

/** Data access for orders: the only place that reads or writes pedido, pedido_line and paypal_webhook_event. */

export interface NewPedido {
  nombre: string;
  apellido: string;
  email: string;
  nit: string;
  direccion: string;
  telefono: string;
  telefonorespaldo: string | null;
  comentario: string | null;
  valor_total_cents: number;
  /** The client holding it, as the hold limits key it (hold-limits.ts); absent for OCTO bookings. */
  cliente?: string | null;
  /** An OCTO booking: the reseller, its booking uuid and reference (absent for storefront orders). */
  octo?: { uuid: string; revendedorId: number; referencia: string | null };
}

export interface NewPedidoLine {
  id_tour: number;
  fecha_tour: string;
  /** The departure: date ("YYYY-MM-DD") and start ("HH:MM") in the tour's zone. */
  fecha: string;
  hora: string;
  mayores15: number;
  menoresde15_a4: number;
  menores3: number;
  mascotas: number;
  valor_cents: number;
  valor_total_cents: number;
}

export interface TourForPricing {
  id: number;
  nombre: string;
  precioCents: number;
  /** IANA zone of its departures (its own, else its country's). */
  zona: string;
  corteHoras: number;
  horarios: Array<{
    cupo: number | null;
    hora_inicio: string;
    lunes: boolean;
    martes: boolean;
    miercoles: boolean;
    jueves: boolean;
    viernes: boolean;
    sabado: boolean;
    domingo: boolean;
  }>;
}

/** Why a line did not fit its departure: `quedan` places left (null: unlimited), the departure's state. */
export interface LineRefusal {
  index: number;
  quedan: number | null;
  estado: "agotada" | "pocos" | "cerrada";
}

class Refused extends Error {
  constructor(readonly refusals: LineRefusal[]) {
    super("the order does not fit its departures");
  }
}

const departureOrder = (a: { id_tour: number; fecha: string; hora: string }, b: typeof a) =>
  a.id_tour - b.id_tour || a.fecha.localeCompare(b.fecha) || a.hora.localeCompare(b.hora);
const departureKeyOf = (l: { id_tour: number; fecha: string; hora: string }) => `${l.id_tour}|${l.fecha}|${l.hora}`;

function uniqueDepartures(lines: NewPedidoLine[]) {
  const seen = new Map<string, { tourId: number; fecha: string; hora: string; id_tour: number }>();
  for (const l of [...lines].sort(departureOrder)) seen.set(departureKeyOf(l), { tourId: l.id_tour, id_tour: l.id_tour, fecha: l.fecha, hora: l.hora });
  return [...seen.values()];
}

/**
 * The order and its lines, inserted by one statement only if every departure (already locked by this
 * transaction) still has room and is open; null otherwise. Running after the lock, its snapshot sees every
 * booking committed before: checking and inserting together keeps a checkout at four round trips.
 */
async function insertIfFits(
  tx: Db,
  order: NewPedido,
  lines: Array<NewPedidoLine & { salidaId: number }>,
  now: Date,
  holdUntil: Date,
): Promise<Pick<PedidoRow, "id" | "createdAt"> | null> {
  const asked = new Map<number, number>();
  for (const l of lines) asked.set(l.salidaId, (asked.get(l.salidaId) ?? 0) + personsOf(l));
  const salidaIds = sql.join([...asked.keys()].map((id) => sql`${id}::int`), sql`, `);
  const persons = sql.join([...asked.values()].map((n) => sql`${n}::int`), sql`, `);
  const lineValues = sql.join(
    lines.map(
      (l) =>
        sql`(${l.id_tour}::int, ${l.fecha_tour}::text, ${l.mayores15}::int, ${l.menoresde15_a4}::int, ${l.menores3}::int, ${l.mascotas}::int, ${l.valor_cents}::int, ${l.valor_total_cents}::int, ${l.salidaId}::int)`,
    ),
    sql`, `,
  );
  // Storefront orders leave estado, status and canal to their column defaults ('pendiente', false, 'tienda').
  const octo = order.octo;
  const octoColumns = octo ? sql`, canal, octo_uuid, revendedor_id, revendedor_referencia` : sql``;
  const octoValues = octo ? sql`, 'octo', ${octo.uuid}::text, ${octo.revendedorId}::int, ${octo.referencia}::text` : sql``;
  // The check is the function salidas_caben (migration 0007): PL/pgSQL keeps its plan per connection, which PGlite
  // cannot do for a plain statement, and there parsing and planning the check was most of what holds cost.
  const result = await executePrepared(tx, "hold_check", sql`
    with p as (
      insert into pedido (referencia, pin, nombre, apellido, email, nit, direccion, telefono, telefonorespaldo, comentario,
                          valor_total_cents, hold_expires_at, cliente${octoColumns})
      select ${newReferencia()}::text, ${newPin()}::text, ${order.nombre}::text, ${order.apellido}::text, ${order.email}::text, ${order.nit}::text, ${order.direccion}::text,
             ${order.telefono}::text, ${order.telefonorespaldo}::text, ${order.comentario}::text, ${order.valor_total_cents}::int,
             ${holdUntil}::timestamptz, ${order.cliente ?? null}::text${octoValues}
      where salidas_caben(array[${salidaIds}], array[${persons}], ${now}::timestamptz)
      returning id, created_at
    ),
    ins as (
      insert into pedido_line (id_pedido, id_tour, fecha_tour, mayores15, menoresde15_a4, menores3, mascotas,
                               valor_cents, valor_total_cents, salida_id)
      select p.id, v.* from p cross join (values ${lineValues})
        as v (id_tour, fecha_tour, mayores15, menoresde15_a4, menores3, mascotas, valor_cents, valor_total_cents, salida_id)
    )
    select id, created_at from p`);
  const row = (result as unknown as { rows: Array<{ id: number; created_at: Date | string }> }).rows[0];
  return row ? { id: Number(row.id), createdAt: new Date(row.created_at) } : null;
}

/** Why an order did not fit (run only when it did not, under the same locks): each line that does not fit. */
async function explainRefusals(tx: Db, lines: NewPedidoLine[], salidaOf: Map<string, SalidaRow>, now: Date): Promise<LineRefusal[]> {
  const taken = await takenBySalida(tx, [...salidaOf.values()].map((s) => s.id), now);
  const asked = new Map<string, number>();
  const refusals: LineRefusal[] = [];
  for (const [index, l] of lines.entries()) {
    const key = departureKeyOf(l);
    const dep = salidaOf.get(key)!;
    const capacity = dep.cupo ?? (await slotCapacity(tx, l.id_tour, l.fecha, l.hora)).cupo;
    const already = takenTotal(taken.get(dep.id)) + (asked.get(key) ?? 0);
    const left = capacity === null ? null : Math.max(0, capacity - already);
    const persons = personsOf(l);
    asked.set(key, (asked.get(key) ?? 0) + persons);
    if (dep.cerrada || (await isDateClosed(tx, l.id_tour, l.fecha))) refusals.push({ index, quedan: left, estado: "cerrada" });
    else if (left !== null && persons > left) refusals.push({ index, quedan: left, estado: left === 0 ? "agotada" : "pocos" });
  }
  return refusals;
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
          zona: sql<string>`coalesce(${tourTable.zonaHoraria}, ${paisTable.zonaHoraria})`,
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

    /**
     * The order and all its lines, holding their places until `holdUntil` — or nothing. One transaction: the
     * departures are locked in a fixed order, their places counted, and the order inserted only if every line
     * fits; concurrent orders for the last places queue on those locks (docs/decisions/0007).
     */
    async reserve(
      order: NewPedido,
      lines: NewPedidoLine[],
      now: Date,
      holdUntil: Date,
      guard?: HoldGuard,
    ): Promise<{ ok: true; row: Pick<PedidoRow, "id" | "createdAt"> } | { ok: false; refusals: LineRefusal[] }> {
      const departures = uniqueDepartures(lines);
      try {
        const row = await db.transaction(async (tx) => {
          const locked = await lockDepartures(tx, departures);
          const salidaOf = new Map(locked.map((r) => [departureKeyOf({ id_tour: r.tourId, fecha: r.fecha, hora: r.hora }), r]));
          const withSalidas = lines.map((l) => ({ ...l, salidaId: salidaOf.get(departureKeyOf(l))!.id }));
          const inserted = await insertIfFits(tx, order, withSalidas, now, holdUntil);
          // the client's limits after the places (a sold-out departure is told as such); a refusal rolls back
          if (inserted) await guard?.(tx, withSalidas, locked, inserted.id);
          if (inserted) return inserted;
          throw new Refused(await explainRefusals(tx, lines, salidaOf, now));
        });
        return { ok: true, row };
      } catch (err) {
        if (err instanceof Refused) return { ok: false, refusals: err.refusals };
        throw err;
      }
    },

    /**
     * A buyer comes to pay after the hold lapsed: take the places again if they are still free (the hold is
     * renewed until `holdUntil`), else the order becomes 'expirado' and must not be captured.
     */
    async renewHold(id: number, now: Date, holdUntil: Date): Promise<"renewed" | "expired" | "unchanged"> {
      return db.transaction(async (tx) => {
        const lines = await tx
          .select({ id_tour: pedidoLine.id_tour, mayores15: pedidoLine.mayores15, menoresde15_a4: pedidoLine.menoresde15_a4, menores3: pedidoLine.menores3, salidaId: pedidoLine.salida_id, fecha: sql<string>`${salida.fecha}::text`, hora: salida.hora })
          .from(pedidoLine)
          .innerJoin(salida, eq(salida.id, pedidoLine.salida_id))
          .where(eq(pedidoLine.id_pedido, id));
        const locked = new Map<number, { cupo: number | null; cerrada: boolean }>();
        for (const l of [...lines].sort(departureOrder)) {
          if (!locked.has(l.salidaId!)) locked.set(l.salidaId!, await lockDeparture(tx, l.id_tour, l.fecha, l.hora));
        }
        const [order] = await tx.select().from(pedido).where(eq(pedido.id, id)).for("update");
        if (!order || order.estado !== "pendiente" || order.capture_claimed_at || !order.hold_expires_at || order.hold_expires_at > now) {
          return "unchanged";
        }
        const taken = await takenBySalida(tx, [...locked.keys()], now, id);
        const asked = new Map<number, number>();
        let fits = true;
        for (const l of lines) {
          const dep = locked.get(l.salidaId!)!;
          const capacity = dep.cupo ?? (await slotCapacity(tx, l.id_tour, l.fecha, l.hora)).cupo;
          const want = (asked.get(l.salidaId!) ?? 0) + personsOf(l);
          asked.set(l.salidaId!, want);
          const closed = dep.cerrada || (await isDateClosed(tx, l.id_tour, l.fecha));
          if (closed || (capacity !== null && takenTotal(taken.get(l.salidaId!)) + want > capacity)) fits = false;
        }
        await tx
          .update(pedido)
          .set(fits ? { hold_expires_at: holdUntil, updatedAt: now } : { estado: "expirado", updatedAt: now })
          .where(eq(pedido.id, id));
        return fits ? "renewed" : "expired";
      });
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

    /** An OCTO booking by its uuid. */
    async findByOctoUuid(uuid: string): Promise<PedidoRow | null> {
      const [row] = await db.select().from(pedido).where(eq(pedido.octo_uuid, uuid));
      return row ?? null;
    },

    /** A reseller's OCTO bookings, newest first, narrowed by their reference, ours (the order id) or the departure date. */
    async octoBookings(revendedorId: number, filter: { referencia?: string; pedidoId?: number; fecha?: { from: string; to: string } }): Promise<PedidoRow[]> {
      const conditions = [eq(pedido.revendedor_id, revendedorId), isNotNull(pedido.octo_uuid)];
      if (filter.referencia !== undefined) conditions.push(eq(pedido.revendedor_referencia, filter.referencia));
      if (filter.pedidoId !== undefined) conditions.push(eq(pedido.id, filter.pedidoId));
      if (filter.fecha) {
        const { from, to } = filter.fecha;
        conditions.push(
          sql`exists (select 1 from ${pedidoLine} join ${salida} on ${salida.id} = ${pedidoLine.salida_id}
                      where ${pedidoLine.id_pedido} = ${pedido.id} and ${salida.fecha} between ${from} and ${to})`,
        );
      }
      return db.select().from(pedido).where(and(...conditions)).orderBy(desc(pedido.id)).limit(500);
    },

    /** A live hold gets a new expiry (a lapsed one must be renewed with renewHold, which checks the places). */
    async extendLiveHold(id: number, now: Date, holdUntil: Date): Promise<PedidoRow | null> {
      const [row] = await db
        .update(pedido)
        .set({ hold_expires_at: holdUntil, updatedAt: now })
        .where(and(eq(pedido.id, id), eq(pedido.estado, "pendiente"), gt(pedido.hold_expires_at, now)))
        .returning();
      return row ?? null;
    },

    /**
     * A held OCTO booking confirmed by its reseller: paid by the reseller (no PayPal capture), once, and only while
     * its hold is live (renew a lapsed one first).
     */
    async markPaidByReseller(id: number, now: Date, changes: Partial<Pick<PedidoRow, "nombre" | "apellido" | "email" | "telefono" | "comentario" | "revendedor_referencia">>): Promise<PedidoRow | null> {
      const [row] = await db
        .update(pedido)
        .set({ ...changes, estado: "pagado", status: true, paid_at: now, updatedAt: now })
        .where(and(eq(pedido.id, id), eq(pedido.canal, "octo"), eq(pedido.estado, "pendiente"), gt(pedido.hold_expires_at, now)))
        .returning();
      return row ?? null;
    },

    /** Contact, notes or reference of an OCTO booking changed by its reseller. */
    async updateOctoDetails(id: number, now: Date, changes: Partial<Pick<PedidoRow, "nombre" | "apellido" | "email" | "telefono" | "comentario" | "revendedor_referencia">>): Promise<PedidoRow | null> {
      const [row] = await db.update(pedido).set({ ...changes, updatedAt: now }).where(and(eq(pedido.id, id), eq(pedido.canal, "octo"))).returning();
      return row ?? null;
    },

    /** An OCTO booking, held or confirmed, cancelled by its reseller: its places are free again at once. */
    async cancelByReseller(id: number, now: Date, reason: string | null): Promise<PedidoRow | null> {
      const [row] = await db
        .update(pedido)
        .set({ estado: "cancelado", motivo_cancelacion: reason, updatedAt: now })
        .where(and(eq(pedido.id, id), eq(pedido.canal, "octo"), inArray(pedido.estado, ["pendiente", "pagado"])))
        .returning();
      return row ?? null;
    },

    async lines(pedidoId: number): Promise<PedidoLineRow[]> {
      return db.select().from(pedidoLine).where(eq(pedidoLine.id_pedido, pedidoId)).orderBy(asc(pedidoLine.id));
    },

    all(): Promise<PedidoRow[]> {
      return db.select().from(pedido).orderBy(desc(pedido.id));
    },

    async page(params: ListParams) {
      const q = listSql(PEDIDO_LIST, params);
      const [rows, [total]] = await Promise.all([
        db.select().from(pedido).where(q.where).orderBy(...q.orderBy).limit(q.limit ?? 1_000_000).offset(q.offset),
        db.select({ n: count() }).from(pedido).where(q.where),
      ]);
      return { q, rows, total: total?.n ?? 0 };
    },

    /** True when this webhook event id was already handled. */
    async webhookSeen(eventId: string): Promise<boolean> {
      const [row] = await db.select({ id: paypalWebhookEvent.id }).from(paypalWebhookEvent).where(eq(paypalWebhookEvent.id, eventId));
      return !!row;
    },

    /** Records a handled event; false when another delivery recorded it first. */
    async recordWebhook(eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(paypalWebhookEvent)
        .values({ id: eventId, type })
        .onConflictDoNothing()
        .returning({ id: paypalWebhookEvent.id });
      return rows.length > 0;
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
