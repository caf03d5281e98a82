import { sql, type SQL } from "drizzle-orm";
import type { OrderState } from "@tours/domain";
import { pedido } from "./compra.table.ts";

/**
 * The one home of the order's state as people are told it (docs/decisions/0015): the panel's list, its filter and
 * sort, the order's detail, "Mi reserva" and the e-mails all read this SQL expression, never `pedido.estado` alone.
 *
 * - `pedido.estado` 'pagado' with a cancelled (refunded) line → parcialmente_reembolsado (0013 keeps such an order
 *   'pagado', so the money still held stays in the paid totals);
 * - 'pendiente' whose hold lapsed and that nobody is capturing → expirado (by the clock, as holds are: 0007; if the
 *   places are still free the buyer may still pay, and it becomes pagado);
 * - every other stored value as it is (pagado, reembolsado, cancelado, expirado, fallido).
 *
 * Written for a query whose FROM is the `pedido` table (its columns unqualified there, as Drizzle writes them).
 */
export function orderStateSql(now: Date): SQL<OrderState> {
  return sql<OrderState>`(case
    when ${pedido.estado} = 'pagado' and exists (
      select 1 from pedido_line l where l.id_pedido = "pedido"."id" and l.cancelada_at is not null
    ) then 'parcialmente_reembolsado'
    when ${pedido.estado} = 'pendiente' and ${pedido.hold_expires_at} <= ${now}::timestamptz and ${pedido.capture_claimed_at} is null
      then 'expirado'
    else ${pedido.estado} end)`;
}

/**
 * Whether an order still holds what it took with its hold — a discount code's use (decision 0021), a gift card's
 * payment (decision 0024): paid (refunded later too), or unpaid with its hold live or its capture claimed. For a
 * query whose FROM has the `pedido` table under that name.
 */
export function orderHoldsSql(now: Date): SQL<boolean> {
  return sql<boolean>`(pedido.estado in ('pagado', 'reembolsado') or (pedido.estado = 'pendiente'
    and (pedido.hold_expires_at is null or pedido.hold_expires_at > ${now}::timestamptz or pedido.capture_claimed_at is not null)))`;
}
