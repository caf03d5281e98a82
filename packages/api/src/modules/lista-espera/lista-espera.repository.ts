import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pedido } from "../compra/compra.table.ts";
import { salida } from "../salidas/salidas.table.ts";
import { tourTable } from "../tour/tour.table.ts";
import { tourZona } from "../tour/tour.zona.ts";
import { paisTable } from "../pais/pais.table.ts";
import { listaEspera, type EsperaEstado, type ListaEsperaRow } from "./lista-espera.table.ts";

/** The waiting list's rows (docs/decisions/0023). Functions taking `tx` run in the caller's transaction. */

export interface Travellers {
  mayores15: number;
  menoresde15_a4: number;
  menores3: number;
  mascotas: number;
}

const newToken = () => randomBytes(18).toString("base64url");

/**
 * Adds the address to the departure's list, or finds its entry (one per departure and address, case aside). An entry
 * still waiting takes the new travellers and keeps its place; one that left, or whose offer lapsed, joins again at
 * the end. `added`: whether the address was not in line before (its welcome e-mail goes out then only).
 */
export async function joinList(tx: Db, departureId: number, email: string, travellers: Travellers, now: Date): Promise<{ row: ListaEsperaRow; added: boolean }> {
  const [inserted] = await tx
    .insert(listaEspera)
    .values({ salida_id: departureId, email, ...travellers, token: newToken(), createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, added: true };
  const [found] = await tx
    .select()
    .from(listaEspera)
    .where(and(eq(listaEspera.salida_id, departureId), sql`lower(${listaEspera.email}) = lower(${email})`))
    .for("update");
  if (found!.estado === "esperando") {
    const [row] = await tx.update(listaEspera).set({ ...travellers, updatedAt: now }).where(eq(listaEspera.id, found!.id)).returning();
    return { row: row!, added: false };
  }
  if (found!.estado === "baja" || found!.estado === "vencida") {
    const [row] = await tx
      .update(listaEspera)
      .set({ ...travellers, estado: "esperando", pedido_id: null, ofrecida_at: null, oferta_hasta: null, ofrecida_por_staff: false, createdAt: now, updatedAt: now })
      .where(eq(listaEspera.id, found!.id))
      .returning();
    return { row: row!, added: true };
  }
  // an offer under way, or used: nothing changes
  return { row: found!, added: false };
}

export async function findByToken(db: Db, token: string, lock = false): Promise<ListaEsperaRow | null> {
  const q = db.select().from(listaEspera).where(eq(listaEspera.token, token));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

export async function findEntry(db: Db, id: number, lock = false): Promise<ListaEsperaRow | null> {
  const q = db.select().from(listaEspera).where(eq(listaEspera.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** The entries waiting for a departure, in order of arrival (locked: the caller hands out places). */
export async function waitingEntries(tx: Db, departureId: number): Promise<ListaEsperaRow[]> {
  return tx
    .select()
    .from(listaEspera)
    .where(and(eq(listaEspera.salida_id, departureId), eq(listaEspera.estado, "esperando")))
    .orderBy(asc(listaEspera.createdAt), asc(listaEspera.id))
    .for("update");
}

/** Offers of a departure with their order's state, to settle the ones used or lapsed. */
export async function openOffers(tx: Db, departureId: number) {
  return tx
    .select({
      id: listaEspera.id,
      pedidoId: listaEspera.pedido_id,
      estado: pedido.estado,
      holdExpiresAt: pedido.hold_expires_at,
      captureClaimedAt: pedido.capture_claimed_at,
    })
    .from(listaEspera)
    .leftJoin(pedido, eq(pedido.id, listaEspera.pedido_id))
    .where(and(eq(listaEspera.salida_id, departureId), eq(listaEspera.estado, "ofrecida")));
}

export async function setEstado(tx: Db, ids: number[], estado: EsperaEstado, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(listaEspera).set({ estado, updatedAt: now }).where(inArray(listaEspera.id, ids));
}

export async function markOffered(tx: Db, id: number, offer: { orderId: number; until: Date; byStaff: boolean }, now: Date): Promise<void> {
  await tx
    .update(listaEspera)
    .set({ estado: "ofrecida", pedido_id: offer.orderId, ofrecida_at: now, oferta_hasta: offer.until, ofrecida_por_staff: offer.byStaff, updatedAt: now })
    .where(eq(listaEspera.id, id));
}

/** The departure with what an offer needs of its tour (name, price, zone, cutoff). */
export async function departureWithTour(db: Db, departureId: number) {
  const [row] = await db
    .select({
      id: salida.id,
      tourId: salida.tourId,
      fecha: salida.fecha,
      hora: salida.hora,
      cupo: salida.cupo,
      cerrada: salida.cerrada,
      nombre: tourTable.nombre,
      precioCents: tourTable.precioCents,
      corteHoras: tourTable.corteHoras,
      zona: tourZona(),
    })
    .from(salida)
    .innerJoin(tourTable, eq(tourTable.id, salida.tourId))
    .innerJoin(paisTable, eq(paisTable.id, tourTable.pais))
    .where(eq(salida.id, departureId));
  return row ?? null;
}
export type DepartureWithTour = NonNullable<Awaited<ReturnType<typeof departureWithTour>>>;

/** A departure's list for the panel, in order of arrival, with each offer's order state. */
export async function listForDeparture(db: Db, departureId: number) {
  return db
    .select({
      id: listaEspera.id,
      email: listaEspera.email,
      mayores15: listaEspera.mayores15,
      menoresde15_a4: listaEspera.menoresde15_a4,
      menores3: listaEspera.menores3,
      mascotas: listaEspera.mascotas,
      estado: listaEspera.estado,
      pedidoId: listaEspera.pedido_id,
      pedidoEstado: pedido.estado,
      ofrecidaAt: listaEspera.ofrecida_at,
      ofertaHasta: listaEspera.oferta_hasta,
      porStaff: listaEspera.ofrecida_por_staff,
      createdAt: listaEspera.createdAt,
    })
    .from(listaEspera)
    .leftJoin(pedido, eq(pedido.id, listaEspera.pedido_id))
    .where(eq(listaEspera.salida_id, departureId))
    .orderBy(asc(listaEspera.createdAt), asc(listaEspera.id));
}

/** The departure row of a tour, date and start, if it exists. */
export async function departureId(db: Db, tourId: number, fecha: string, hora: string): Promise<number | null> {
  const [row] = await db
    .select({ id: salida.id })
    .from(salida)
    .where(and(eq(salida.tourId, tourId), eq(salida.fecha, fecha), eq(salida.hora, hora)));
  return row?.id ?? null;
}
