import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { CODIGO_MSG } from "./codigos.messages.ts";
import type { CodigoDescuentoRow } from "./codigos.table.ts";
import { orderHoldsSql } from "../compra/order-state.ts";

/**
 * A code's uses are the orders that carry it and still hold it (decision 0021, `orderHoldsSql`): a hold that lapses
 * or an order cancelled before payment stops counting by itself, as places do (decision 0007): nothing has to give
 * the use back.
 */
const holdsCodeSql = orderHoldsSql;

/**
 * Whether one more order (by `email`) may use the code: run in the hold's transaction. The code's row is locked
 * first, so two checkouts for its last use queue here and the second counts the first's order once it commits.
 * `exceptOrder`: an order renewing its own hold is not counted against itself.
 */
export async function useRefusal(
  tx: Db,
  codeId: number,
  email: string,
  now: Date,
  exceptOrder?: number,
): Promise<string | null> {
  const locked = await tx.execute(sql`select usos_max, usos_por_email from codigo_descuento where id = ${codeId} for update`);
  const code = (locked as unknown as { rows: Array<Pick<CodigoDescuentoRow, "usos_max" | "usos_por_email">> }).rows[0];
  if (!code) return CODIGO_MSG.notFound;
  if (code.usos_max === null && code.usos_por_email === null) return null;
  const counted = await tx.execute(sql`
    select count(*)::int as total, count(*) filter (where lower(pedido.email) = lower(${email}))::int as by_email
    from pedido
    where pedido.codigo_descuento_id = ${codeId} and pedido.id <> ${exceptOrder ?? 0} and ${holdsCodeSql(now)}`);
  const uses = (counted as unknown as { rows: Array<{ total: number; by_email: number }> }).rows[0]!;
  if (code.usos_max !== null && Number(uses.total) >= code.usos_max) return CODIGO_MSG.usedUp;
  if (code.usos_por_email !== null && Number(uses.by_email) >= code.usos_por_email) return CODIGO_MSG.usedByEmail;
  return null;
}

/** Uses and USD cents taken off, per code, counted like useRefusal counts them. */
export async function codeStats(db: Db, ids: number[], now: Date): Promise<Map<number, { uses: number; cents: number }>> {
  const stats = new Map<number, { uses: number; cents: number }>();
  if (ids.length === 0) return stats;
  const result = await db.execute(sql`
    select pedido.codigo_descuento_id as id, count(*)::int as uses,
           coalesce(sum((select sum(l.descuento_cents) from pedido_line l where l.id_pedido = pedido.id)), 0)::int as cents
    from pedido
    where pedido.codigo_descuento_id in (${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}) and ${holdsCodeSql(now)}
    group by pedido.codigo_descuento_id`);
  for (const row of (result as unknown as { rows: Array<{ id: number; uses: number; cents: number }> }).rows) {
    stats.set(Number(row.id), { uses: Number(row.uses), cents: Number(row.cents) });
  }
  return stats;
}
