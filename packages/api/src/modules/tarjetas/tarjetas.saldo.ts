import { sql } from "drizzle-orm";
import { normalizeTarjetaCodigo } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { orderHoldsSql } from "../compra/order-state.ts";
import { TARJETA_MSG } from "./tarjetas.messages.ts";
import type { TarjetaRow } from "./tarjetas.table.ts";

/**
 * A gift card's balance (decision 0024): the sum of its movements, a payment counting only while its order holds
 * it (orderHoldsSql: paid, or unpaid with its hold live), so a hold that lapses unpaid, or an order cancelled or
 * failed before payment, gives its money back by itself. Spending checks and takes it under the card's row lock,
 * in the hold's transaction (compra/retencion.ts), so two checkouts spending one card queue there.
 */

/** Whether a movement counts in its card's balance (for a query with `tarjeta_movimiento m LEFT JOIN pedido`). */
export const movementCountsSql = (now: Date) => sql<boolean>`(m.tipo <> 'pago' or ${orderHoldsSql(now)})`;

/** Balances of the given cards, in cents (0 for a card with no movement). `exceptOrder`: leave that order's payment out. */
export async function balancesOf(db: Db, ids: number[], now: Date, exceptOrder?: number): Promise<Map<number, number>> {
  const balances = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return balances;
  const rows = rowsOf<{ id: number; saldo: number }>(
    await db.execute(sql`
      select m.tarjeta_id as id, coalesce(sum(m.importe_cents) filter (where ${movementCountsSql(now)}), 0)::int as saldo
      from tarjeta_movimiento m left join pedido on pedido.id = m.pedido_id
      where m.tarjeta_id in (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)})
        and (m.pedido_id is null or m.pedido_id <> ${exceptOrder ?? 0}::int or m.tipo <> 'pago')
      group by m.tarjeta_id`),
  );
  for (const r of rows) balances.set(Number(r.id), Number(r.saldo));
  return balances;
}

export async function balanceOf(db: Db, id: number, now: Date, exceptOrder?: number): Promise<number> {
  return (await balancesOf(db, [id], now, exceptOrder)).get(id) ?? 0;
}

/** The card a typed code names (any case, with or without dashes), or null. */
export async function findCardByCode(db: Db, typed: string, forUpdate = false): Promise<TarjetaRow | null> {
  const codigo = normalizeTarjetaCodigo(typed);
  if (!codigo) return null;
  return findCard(db, sql`codigo = ${codigo}`, forUpdate);
}

export async function findCardById(db: Db, id: number, forUpdate = false): Promise<TarjetaRow | null> {
  return findCard(db, sql`id = ${id}`, forUpdate);
}

async function findCard(db: Db, where: ReturnType<typeof sql>, forUpdate: boolean): Promise<TarjetaRow | null> {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from tarjeta_regalo where ${where} ${forUpdate ? sql`for update` : sql``}`));
  return row ? toTarjetaRow(row) : null;
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const dayOrNull = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** A raw row (node-postgres and PGlite answer columns by their SQL names) as Drizzle's row type. */
function toTarjetaRow(r: Record<string, unknown>): TarjetaRow {
  return {
    id: Number(r.id),
    codigo: String(r.codigo),
    estado: r.estado as TarjetaRow["estado"],
    origen: r.origen as TarjetaRow["origen"],
    importe_cents: Number(r.importe_cents),
    comprador_nombre: String(r.comprador_nombre),
    comprador_email: String(r.comprador_email),
    destinatario_nombre: String(r.destinatario_nombre),
    destinatario_email: String(r.destinatario_email),
    mensaje: (r.mensaje as string | null) ?? null,
    vence_el: dayOrNull(r.vence_el),
    id_pay: (r.id_pay as string | null) ?? null,
    capture_id: (r.capture_id as string | null) ?? null,
    capture_claimed_at: dateOrNull(r.capture_claimed_at),
    capture_attempt: Number(r.capture_attempt ?? 0),
    pedido_origen_id: r.pedido_origen_id === null || r.pedido_origen_id === undefined ? null : Number(r.pedido_origen_id),
    staff_usuario_id: r.staff_usuario_id === null || r.staff_usuario_id === undefined ? null : Number(r.staff_usuario_id),
    activada_at: dateOrNull(r.activada_at),
    createdAt: dateOrNull(r.created_at)!,
    updatedAt: dateOrNull(r.updated_at)!,
  };
}

/** Why a card cannot pay today (`today`: the business's calendar day), or null when it can (its balance aside). */
export function cardRefusal(card: TarjetaRow | null, today: string): string | null {
  if (!card) return TARJETA_MSG.notFound;
  if (card.estado !== "activa") return card.estado === "pendiente" ? TARJETA_MSG.notPaid : TARJETA_MSG.notFound;
  if (card.vence_el !== null && card.vence_el < today) return TARJETA_MSG.expired(card.vence_el);
  return null;
}
