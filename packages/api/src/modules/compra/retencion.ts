import { and, eq, isNull, sql } from "drizzle-orm";
import { personsOf } from "@tours/domain";
import { type Db, executePrepared } from "../../db/client.ts";
import { salida } from "../salidas/salidas.table.ts";
import { isDateClosed, lockDeparture, lockDepartures, scheduleCapacity, takenBySalida, takenTotal } from "../salidas/cupo.ts";
import type { SalidaRow } from "../salidas/salidas.table.ts";
import type { OctoContactExtra } from "../octo/octo.table.ts";
import type { HoldGuard } from "./hold-limits.ts";
import { pedido, pedidoLine, type PedidoRow } from "./compra.table.ts";
import { newPin, newReferencia } from "./referencia.ts";
import { useRefusal } from "../codigos/codigos.uses.ts";
import { cardPaymentCents } from "@tours/domain";
import { type AuditActor, recordAudit } from "../auditoria/auditoria.ts";
import { balanceOf, cardRefusal, findCardById } from "../tarjetas/tarjetas.saldo.ts";
import { TARJETA_MSG } from "../tarjetas/tarjetas.messages.ts";

/**
 * Holds (docs/decisions/0007-capacity-and-holds.md): an unpaid order keeps its places until its hold expires. The
 * only place that inserts an order with its lines, and that renews a lapsed hold.
 */

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
  /** An OCTO booking: the reseller, its booking uuid and reference, the request as first sent and the contact's extra fields (absent for storefront orders). */
  octo?: { uuid: string; resellerId: number; referencia: string | null; peticion: string; contacto: OctoContactExtra | null };
  /** The discount code it uses (decision 0021): one of the code's uses is taken with the hold. */
  code?: OrderCode;
  /** The gift card that pays what its balance covers (decision 0024): taken with the hold, under the card's lock. */
  card?: OrderCard;
}

/** A gift card as an order carries it into its hold. */
export interface OrderCard {
  id: number;
  /** The business's calendar day, for the card's validity. */
  today: string;
  /** Who checked out, for Actividad. */
  actor: AuditActor;
}

/** A discount code as an order carries it into its hold (compra/descuento.ts). */
export interface OrderCode {
  id: number;
  codigo: string;
  email: string;
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
  /** What the line costs, after its part of a discount code. */
  valor_total_cents: number;
  /** That part (decision 0021); 0 or absent without a code. */
  descuento_cents?: number;
}

/** Why a line did not fit its departure: `quedan` places left (null: unlimited), the departure's state. */
export interface LineRefusal {
  index: number;
  quedan: number | null;
  estado: "agotada" | "pocos" | "cerrada";
}

class Refused extends Error {
  constructor(
    readonly refusals: LineRefusal[],
    readonly codeRefusal: string | null = null,
    readonly cardRefusal: string | null = null,
  ) {
    super("the order does not fit its departures or its code's uses");
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
  lines: Array<NewPedidoLine & { departureId: number }>,
  now: Date,
  holdUntil: Date,
  cardCents = 0,
): Promise<Pick<PedidoRow, "id" | "createdAt"> | null> {
  const asked = new Map<number, number>();
  for (const l of lines) asked.set(l.departureId, (asked.get(l.departureId) ?? 0) + personsOf(l));
  const salidaIds = sql.join([...asked.keys()].map((id) => sql`${id}::int`), sql`, `);
  const persons = sql.join([...asked.values()].map((n) => sql`${n}::int`), sql`, `);
  const lineValues = sql.join(
    lines.map(
      (l) =>
        sql`(${l.id_tour}::int, ${l.fecha_tour}::text, ${l.mayores15}::int, ${l.menoresde15_a4}::int, ${l.menores3}::int, ${l.mascotas}::int, ${l.valor_cents}::int, ${l.valor_total_cents}::int, ${l.descuento_cents ?? 0}::int, ${l.departureId}::int)`,
    ),
    sql`, `,
  );
  // Storefront orders leave estado, status and canal to their column defaults ('pendiente', false, 'tienda').
  const octo = order.octo;
  // An OCTO hold's whole life is capped from its reservation: created_at is the service's clock, like its expiry.
  const octoColumns = octo ? sql`, canal, octo_uuid, revendedor_id, revendedor_referencia, octo_peticion, octo_contacto, created_at` : sql``;
  const octoValues = octo ? sql`, 'octo', ${octo.uuid}::text, ${octo.resellerId}::int, ${octo.referencia}::text, ${octo.peticion}::text, ${octo.contacto === null ? null : JSON.stringify(octo.contacto)}::jsonb, ${now}::timestamptz` : sql``;
  const code = order.code;
  const codeColumns = code ? sql`, codigo_descuento_id, codigo_descuento` : sql``;
  const codeValues = code ? sql`, ${code.id}::int, ${code.codigo}::text` : sql``;
  // a gift card that pays it all makes it paid at once: nothing is left for PayPal (decision 0024)
  const card = order.card && cardCents > 0 ? order.card : null;
  const paidByCard = card !== null && cardCents === order.valor_total_cents;
  const cardColumns = card ? sql`, tarjeta_regalo_id, tarjeta_cents${paidByCard ? sql`, estado, status, paid_at` : sql``}` : sql``;
  const cardValues = card ? sql`, ${card.id}::int, ${cardCents}::int${paidByCard ? sql`, 'pagado', true, ${now}::timestamptz` : sql``}` : sql``;
  // The check is the function salidas_caben (migration 0007): PL/pgSQL keeps its plan per connection, which PGlite
  // cannot do for a plain statement, and there parsing and planning the check was most of what holds cost.
  const result = await executePrepared(tx, "hold_check", sql`
    with p as (
      insert into pedido (referencia, pin, nombre, apellido, email, nit, direccion, telefono, telefonorespaldo, comentario,
                          valor_total_cents, hold_expires_at, cliente${octoColumns}${codeColumns}${cardColumns})
      select ${newReferencia()}::text, ${newPin()}::text, ${order.nombre}::text, ${order.apellido}::text, ${order.email}::text, ${order.nit}::text, ${order.direccion}::text,
             ${order.telefono}::text, ${order.telefonorespaldo}::text, ${order.comentario}::text, ${order.valor_total_cents}::int,
             ${paidByCard ? null : holdUntil}::timestamptz, ${order.cliente ?? null}::text${octoValues}${codeValues}${cardValues}
      where salidas_caben(array[${salidaIds}], array[${persons}], ${now}::timestamptz)
      returning id, created_at
    ),
    ins as (
      insert into pedido_line (id_pedido, id_tour, fecha_tour, mayores15, menoresde15_a4, menores3, mascotas,
                               valor_cents, valor_total_cents, descuento_cents, salida_id)
      select p.id, v.* from p cross join (values ${lineValues})
        as v (id_tour, fecha_tour, mayores15, menoresde15_a4, menores3, mascotas, valor_cents, valor_total_cents, descuento_cents, salida_id)
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
    const capacity = dep.cupo ?? (await scheduleCapacity(tx, l.id_tour, l.fecha, l.hora)).cupo;
    const already = takenTotal(taken.get(dep.id)) + (asked.get(key) ?? 0);
    const left = capacity === null ? null : Math.max(0, capacity - already);
    const persons = personsOf(l);
    asked.set(key, (asked.get(key) ?? 0) + persons);
    if (dep.cerrada || (await isDateClosed(tx, l.id_tour, l.fecha))) refusals.push({ index, quedan: left, estado: "cerrada" });
    else if (left !== null && persons > left) refusals.push({ index, quedan: left, estado: left === 0 ? "agotada" : "pocos" });
  }
  return refusals;
}

/**
 * Called inside the transaction that starts or renews a hold (until `until`): schedules the check of its lapse, which
 * frees its places as an event if it is still unpaid then (plazas-liberadas.ts, docs/decisions/0023).
 */
export type OnHold = (tx: Db, orderId: number, until: Date) => Promise<void>;

/**
 * The order and all its lines, holding their places until `holdUntil` — or nothing. One transaction: the
 * departures are locked in a fixed order, their places counted, and the order inserted only if every line
 * fits; concurrent orders for the last places queue on those locks (docs/decisions/0007). An order with a discount
 * code then locks the code's row and counts its uses, so the code's last use goes to one order (decision 0021).
 */
export async function reserveWithHold(
  db: Db,
  order: NewPedido,
  lines: NewPedidoLine[],
  now: Date,
  holdUntil: Date,
  guard?: HoldGuard,
  onHold?: OnHold,
): Promise<
  | { ok: true; row: Pick<PedidoRow, "id" | "createdAt">; tarjetaCents: number; pagado: boolean }
  | { ok: false; refusals: LineRefusal[]; codeRefusal: string | null; cardRefusal: string | null }
> {
  const departures = uniqueDepartures(lines);
  try {
    const row = await db.transaction(async (tx) => {
      const locked = await lockDepartures(tx, departures);
      const salidaOf = new Map(locked.map((r) => [departureKeyOf({ id_tour: r.tourId, fecha: r.fecha, hora: r.hora }), r]));
      const withSalidas = lines.map((l) => ({ ...l, departureId: salidaOf.get(departureKeyOf(l))!.id }));
      const codeRefusal = order.code ? await useRefusal(tx, order.code.id, order.code.email, now) : null;
      if (codeRefusal) throw new Refused([], codeRefusal);
      const cardCents = order.card ? await cardPart(tx, order.card, order.valor_total_cents, now) : 0;
      const pagado = cardCents > 0 && cardCents === order.valor_total_cents;
      const inserted = await insertIfFits(tx, order, withSalidas, now, holdUntil, cardCents);
      // the client's limits after the places (a sold-out departure is told as such); a refusal rolls back
      if (inserted) await guard?.(tx, withSalidas, locked, inserted.id);
      if (inserted && order.card && cardCents > 0) await spendCard(tx, order.card, inserted.id, cardCents, now);
      if (inserted && !pagado) await onHold?.(tx, inserted.id, holdUntil);
      if (inserted) return { row: inserted, tarjetaCents: cardCents, pagado };
      throw new Refused(await explainRefusals(tx, lines, salidaOf, now));
    });
    return { ok: true, ...row };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, refusals: err.refusals, codeRefusal: err.codeRefusal, cardRefusal: err.cardRefusal };
    throw err;
  }
}

/**
 * What the gift card pays of an order of `totalCents`, under the card's row lock (taken here, held to the end of the
 * hold's transaction): two checkouts spending one card queue on it and the second sees the first's payment, so the
 * balance never goes below zero (decision 0024). A refusal rolls the hold back.
 */
async function cardPart(tx: Db, card: OrderCard, totalCents: number, now: Date): Promise<number> {
  const row = await findCardById(tx, card.id, true);
  const refusal = cardRefusal(row, card.today);
  if (refusal) throw new Refused([], null, refusal);
  const cents = cardPaymentCents(totalCents, await balanceOf(tx, card.id, now));
  if (cents <= 0) throw new Refused([], null, TARJETA_MSG.empty);
  return cents;
}

/** The payment's movement in the card's ledger, and its line in Actividad, in the hold's transaction. */
async function spendCard(tx: Db, card: OrderCard, orderId: number, cents: number, now: Date): Promise<void> {
  await tx.execute(sql`insert into tarjeta_movimiento (tarjeta_id, tipo, importe_cents, pedido_id, created_at) values (${card.id}, 'pago', ${-cents}, ${orderId}, ${now}::timestamptz)`);
  await recordAudit(tx, card.actor, { action: "pago", resource: "tarjeta_regalo", resourceId: card.id, after: { pedido: orderId, importe: -cents / 100 } });
}

/** A lapsed hold taken again takes its card's payment again: only while the card still has it (decision 0024). */
async function cardFitsAgain(tx: Db, order: PedidoRow, now: Date): Promise<boolean> {
  if (order.tarjeta_regalo_id === null || order.tarjeta_cents === 0) return true;
  await findCardById(tx, order.tarjeta_regalo_id, true);
  return (await balanceOf(tx, order.tarjeta_regalo_id, now, order.id)) >= order.tarjeta_cents;
}

type LockedLines = { lines: Array<{ id_tour: number; mayores15: number; menoresde15_a4: number; menores3: number; departureId: number | null; fecha: string; hora: string }>; locked: Map<number, { cupo: number | null; cerrada: boolean }> };

/** The order's lines with their departures locked (in the fixed order), then the order itself locked. */
async function lockOrder(tx: Db, id: number): Promise<LockedLines & { order: PedidoRow | undefined }> {
  const lines = await tx
    .select({ id_tour: pedidoLine.id_tour, mayores15: pedidoLine.mayores15, menoresde15_a4: pedidoLine.menoresde15_a4, menores3: pedidoLine.menores3, departureId: pedidoLine.salida_id, fecha: sql<string>`${salida.fecha}::text`, hora: salida.hora })
    .from(pedidoLine)
    .innerJoin(salida, eq(salida.id, pedidoLine.salida_id))
    .where(and(eq(pedidoLine.id_pedido, id), isNull(pedidoLine.cancelada_at)));
  const locked = new Map<number, { cupo: number | null; cerrada: boolean }>();
  for (const l of [...lines].sort(departureOrder)) {
    if (!locked.has(l.departureId!)) locked.set(l.departureId!, await lockDeparture(tx, l.id_tour, l.fecha, l.hora));
  }
  const [order] = await tx.select().from(pedido).where(eq(pedido.id, id)).for("update");
  return { lines, locked, order };
}

/** Whether the order's places fit their departures again, leaving its own hold out of the count (under the locks). */
async function fitsAgain(tx: Db, id: number, { lines, locked }: LockedLines, now: Date): Promise<boolean> {
  const taken = await takenBySalida(tx, [...locked.keys()], now, id);
  const asked = new Map<number, number>();
  for (const l of lines) {
    const dep = locked.get(l.departureId!)!;
    const capacity = dep.cupo ?? (await scheduleCapacity(tx, l.id_tour, l.fecha, l.hora)).cupo;
    const want = (asked.get(l.departureId!) ?? 0) + personsOf(l);
    asked.set(l.departureId!, want);
    const closed = dep.cerrada || (await isDateClosed(tx, l.id_tour, l.fecha));
    if (closed || (capacity !== null && takenTotal(taken.get(l.departureId!)) + want > capacity)) return false;
  }
  return true;
}

/** A lapsed hold taken again takes its code's use again: only while the code has one left (decision 0021). */
async function codeFitsAgain(tx: Db, order: PedidoRow, now: Date): Promise<boolean> {
  return order.codigo_descuento_id === null || (await useRefusal(tx, order.codigo_descuento_id, order.email, now, order.id)) === null;
}

/**
 * A buyer comes to pay after the hold lapsed: take the places again if they are still free (the hold is
 * renewed until `holdUntil`), else the order becomes 'expirado' and must not be captured.
 */
export async function renewHold(db: Db, id: number, now: Date, holdUntil: Date, onHold?: OnHold): Promise<"renewed" | "expired" | "unchanged"> {
  return db.transaction(async (tx) => {
    const held = await lockOrder(tx, id);
    const { order } = held;
    if (!order || order.estado !== "pendiente" || order.capture_claimed_at || !order.hold_expires_at || order.hold_expires_at > now) {
      return "unchanged";
    }
    const fits = (await fitsAgain(tx, id, held, now)) && (await codeFitsAgain(tx, order, now)) && (await cardFitsAgain(tx, order, now));
    await tx
      .update(pedido)
      .set(fits ? { hold_expires_at: holdUntil, updatedAt: now } : { estado: "expirado", updatedAt: now })
      .where(eq(pedido.id, id));
    if (fits) await onHold?.(tx, id, holdUntil);
    return fits ? "renewed" : "expired";
  });
}

export type ExtendOutcome =
  | { kind: "extended"; order: PedidoRow }
  | { kind: "limit" | "not-pending"; order: PedidoRow | undefined }
  | { kind: "gone"; order: PedidoRow };

/**
 * "Necesito más tiempo" (docs/decisions/0018): the buyer's hold starts again until `holdUntil`, at most
 * `maxRenewals` times per order, and only if its places still fit — its own places are left out of the count and
 * asked again, under the departures' locks, so a renewal never takes a departure past its capacity (nor a closed
 * one). A lapsed hold whose places were taken meanwhile makes the order 'expirado', as a late payment would.
 */
export async function extendHold(db: Db, id: number, now: Date, holdUntil: Date, maxRenewals: number, onHold?: OnHold): Promise<ExtendOutcome> {
  return db.transaction(async (tx): Promise<ExtendOutcome> => {
    const held = await lockOrder(tx, id);
    const { order } = held;
    if (!order || order.estado !== "pendiente" || order.capture_claimed_at || !order.hold_expires_at) return { kind: "not-pending", order };
    if (order.hold_renewals >= maxRenewals) return { kind: "limit", order };
    if (!(await fitsAgain(tx, id, held, now)) || !(await codeFitsAgain(tx, order, now)) || !(await cardFitsAgain(tx, order, now))) {
      const [expired] = await tx.update(pedido).set({ estado: "expirado", updatedAt: now }).where(eq(pedido.id, id)).returning();
      return { kind: "gone", order: expired! };
    }
    const [extended] = await tx
      .update(pedido)
      .set({ hold_expires_at: holdUntil, hold_renewals: order.hold_renewals + 1, updatedAt: now })
      .where(eq(pedido.id, id))
      .returning();
    await onHold?.(tx, id, holdUntil);
    return { kind: "extended", order: extended! };
  });
}
