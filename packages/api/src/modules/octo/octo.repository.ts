import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { ListParams } from "@tours/contract";
import type { Db } from "../../db/client.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { pedido, pedidoLine, type PedidoRow } from "../compra/compra.table.ts";
import { paisTable } from "../pais/pais.table.ts";
import { salida } from "../salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../tour/tour.table.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { departuresOfOrder, recordPlacesFreed, scheduleHoldLapse } from "../plazas/plazas-liberadas.ts";
import { revendedor, type RevendedorRow } from "./octo.table.ts";

/** SHA-256 of an API key, hex: what the revendedor table stores and looks keys up by. */
export const hashApiKey = (key: string) => createHash("sha256").update(key, "utf8").digest("hex");

/** The tour facts a product needs. */
export interface ProductTour {
  id: number;
  nombre: string;
  precioCents: number;
  zona: string;
  corteHoras: number;
  /** How long the tour lasts (its facts); null when not given. */
  duracionMinutos: number | null;
  puntoEncuentro: string;
  incluye: string;
  noIncluye: string;
  reembolsable: boolean;
  mascotas: boolean;
  startTimes: string[];
}

/** What a reseller may change on its booking's order without moving it. */
export type BookingDetails = Partial<Pick<PedidoRow, "nombre" | "apellido" | "email" | "telefono" | "comentario" | "revendedor_referencia">>;

/** Per-reseller caps on a hold (docs/decisions/0009). */
export type ResellerLimits = Pick<RevendedorRow, "expiracion_max_minutos" | "retencion_max_minutos">;

export const RESELLER_LIST: ListSpec = {
  resource: "revendedores",
  sortable: { id: revendedor.id, nombre: revendedor.nombre, activo: revendedor.activo, createdAt: revendedor.createdAt },
  filterable: { id: { column: revendedor.id, kind: "id" }, activo: { column: revendedor.activo, kind: "bool" } },
  search: [revendedor.nombre, revendedor.key_prefijo],
  defaultSort: [desc(revendedor.id)],
};

/** `jobs`: the queue that takes the events of places freed and the checks of lapsed holds (docs/decisions/0023). */
export function createOctoRepository(db: Db, jobs?: JobQueue) {
  return {
    /** The active reseller behind a key; null for an unknown or revoked key (read on every call: revoking is immediate). */
    async resellerForKey(key: string): Promise<RevendedorRow | null> {
      const [row] = await db.select().from(revendedor).where(and(eq(revendedor.key_hash, hashApiKey(key)), eq(revendedor.activo, true)));
      return row ?? null;
    },

    /** A new reseller and its key (returned once; only its hash is kept). */
    async createReseller(nombre: string): Promise<{ row: RevendedorRow; key: string }> {
      const key = `octo_${randomBytes(32).toString("base64url")}`;
      const [row] = await db.insert(revendedor).values({ nombre, key_hash: hashApiKey(key), key_prefijo: key.slice(0, 12) }).returning();
      return { row: row!, key };
    },

    /** Turns the key on or off and sets the caps on its holds. */
    async updateReseller(id: number, limits: Partial<ResellerLimits & Pick<RevendedorRow, "activo">>): Promise<RevendedorRow | null> {
      const [row] = await db.update(revendedor).set({ ...limits, updatedAt: new Date() }).where(eq(revendedor.id, id)).returning();
      return row ?? null;
    },

    async findReseller(id: number): Promise<RevendedorRow | null> {
      const [row] = await db.select().from(revendedor).where(eq(revendedor.id, id));
      return row ?? null;
    },

    async resellersByIds(ids: number[]): Promise<RevendedorRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(revendedor).where(inArray(revendedor.id, ids));
    },

    resellerPage(params: ListParams) {
      return listPage(db, revendedor, RESELLER_LIST, params);
    },

    /** An OCTO booking (its order) by its uuid. */
    async bookingByUuid(uuid: string): Promise<PedidoRow | null> {
      const [row] = await db.select().from(pedido).where(eq(pedido.octo_uuid, uuid));
      return row ?? null;
    },

    async orderById(id: number): Promise<PedidoRow | null> {
      const [row] = await db.select().from(pedido).where(eq(pedido.id, id));
      return row ?? null;
    },

    /** A reseller's OCTO bookings, newest first, narrowed by their reference, ours (the order id) or the departure date. */
    async bookings(resellerId: number, filter: { referencia?: string; orderId?: number; fecha?: { from: string; to: string } }): Promise<PedidoRow[]> {
      const conditions = [eq(pedido.revendedor_id, resellerId), isNotNull(pedido.octo_uuid)];
      if (filter.referencia !== undefined) conditions.push(eq(pedido.revendedor_referencia, filter.referencia));
      if (filter.orderId !== undefined) conditions.push(eq(pedido.id, filter.orderId));
      if (filter.fecha) {
        const { from, to } = filter.fecha;
        conditions.push(
          sql`exists (select 1 from ${pedidoLine} join ${salida} on ${salida.id} = ${pedidoLine.salida_id}
                      where ${pedidoLine.id_pedido} = ${pedido.id} and ${salida.fecha} between ${from} and ${to})`,
        );
      }
      return db.select().from(pedido).where(and(...conditions)).orderBy(desc(pedido.id)).limit(500);
    },

    /** A live hold gets a new expiry (a lapsed one is EXPIRED for good); the check of its lapse moves with it. */
    async extendHold(id: number, now: Date, holdUntil: Date): Promise<PedidoRow | null> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx
          .update(pedido)
          .set({ hold_expires_at: holdUntil, updatedAt: now })
          .where(and(eq(pedido.id, id), eq(pedido.canal, "octo"), eq(pedido.estado, "pendiente"), gt(pedido.hold_expires_at, now)))
          .returning();
        if (row) await scheduleHoldLapse(tx, jobs, id, holdUntil);
        return row ?? null;
      });
    },

    /**
     * A held OCTO booking confirmed by its reseller: paid by the reseller (no PayPal capture), once, and only while
     * its hold is live.
     */
    async confirmHold(id: number, now: Date, changes: BookingDetails): Promise<PedidoRow | null> {
      const [row] = await db
        .update(pedido)
        .set({ ...changes, estado: "pagado", status: true, paid_at: now, updatedAt: now })
        .where(and(eq(pedido.id, id), eq(pedido.canal, "octo"), eq(pedido.estado, "pendiente"), gt(pedido.hold_expires_at, now)))
        .returning();
      return row ?? null;
    },

    /** Contact, notes or reference of an OCTO booking changed by its reseller. */
    async updateDetails(id: number, now: Date, changes: BookingDetails): Promise<PedidoRow | null> {
      const [row] = await db.update(pedido).set({ ...changes, updatedAt: now }).where(and(eq(pedido.id, id), eq(pedido.canal, "octo"))).returning();
      return row ?? null;
    },

    /** An OCTO booking, held or confirmed, cancelled by its reseller: its places are free again at once. */
    async cancelBooking(id: number, now: Date, reason: string | null): Promise<PedidoRow | null> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [row] = await tx
          .update(pedido)
          .set({ estado: "cancelado", motivo_cancelacion: reason, updatedAt: now })
          .where(and(eq(pedido.id, id), eq(pedido.canal, "octo"), inArray(pedido.estado, ["pendiente", "pagado"])))
          .returning();
        // its places are free: an event in the same transaction (docs/decisions/0023)
        if (row) await recordPlacesFreed(tx, jobs, await departuresOfOrder(tx, id), "octo", id);
        return row ?? null;
      });
    },

    /** Tours offered as products (all of ours; the external free tours are not), or one of them. */
    async productTours(id?: number): Promise<ProductTour[]> {
      const tours = await db
        .select({
          id: tourTable.id,
          nombre: tourTable.nombre,
          precioCents: tourTable.precioCents,
          zona: sql<string>`coalesce(${tourTable.zonaHoraria}, ${paisTable.zonaHoraria})`,
          corteHoras: tourTable.corteHoras,
          duracionMinutos: tourTable.duracionMinutos,
          puntoEncuentro: tourTable.puntoEncuentro,
          incluye: tourTable.incluye,
          noIncluye: tourTable.noIncluye,
          reembolsable: tourTable.reembolsable,
          mascotas: tourTable.mascotas,
        })
        .from(tourTable)
        .innerJoin(paisTable, eq(paisTable.id, tourTable.pais))
        .where(id === undefined ? undefined : eq(tourTable.id, id))
        .orderBy(asc(tourTable.id));
      if (tours.length === 0) return [];
      const schedules = await db
        .selectDistinct({ tourId: horarioTable.tourId, hora: horarioTable.horaInicio })
        .from(horarioTable)
        .where(inArray(horarioTable.tourId, tours.map((t) => t.id)))
        .orderBy(asc(horarioTable.horaInicio));
      return tours.map((t) => ({ ...t, startTimes: schedules.filter((s) => s.tourId === t.id).map((s) => s.hora.slice(0, 5)) }));
    },
  };
}

export type OctoRepository = ReturnType<typeof createOctoRepository>;
