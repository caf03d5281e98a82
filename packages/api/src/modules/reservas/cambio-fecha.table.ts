import { type AnyPgColumn, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { staffUsersTable } from "../auth/auth.table.ts";
import { pedido, pedidoLine } from "../compra/compra.table.ts";
import { salida } from "../salidas/salidas.table.ts";

/**
 * A date change of one booking line (docs/decisions/0013, "Cambio de fecha"), one row per attempt, so every money
 * path is auditable and can be resumed after a crash:
 * - 'por_pagar': the new departure is dearer; a PayPal order for the difference waits for the buyer (nothing moved);
 * - 'pagado': the difference was captured, the move is still to be done (a crash in between resumes here);
 * - 'hecho': the line is on the new departure (and any difference paid or refunded);
 * - 'reembolso_pendiente': moved to a cheaper departure; the difference is owed back (retried, same PayPal-Request-Id);
 * - 'por_devolver': the difference was captured but the new departure filled up meanwhile: not moved, refund owed;
 * - 'devuelto': the difference was captured but the new departure filled up meanwhile: not moved, difference refunded;
 * - 'fallido': PayPal refused the capture (or the refund of a sold-out move): nothing moved, `error` says why;
 * - 'anulado': the buyer came back from PayPal without paying, or a newer change replaced this one.
 */
export type CambioFechaEstado = "por_pagar" | "pagado" | "hecho" | "reembolso_pendiente" | "por_devolver" | "devuelto" | "fallido" | "anulado";

export const cambioFecha = pgTable(
  "cambio_fecha",
  {
    id: serial("id").primaryKey(),
    pedido_id: integer("pedido_id")
      .notNull()
      .references((): AnyPgColumn => pedido.id, { onDelete: "cascade" }),
    linea_id: integer("linea_id")
      .notNull()
      .references((): AnyPgColumn => pedidoLine.id, { onDelete: "cascade" }),
    desde_salida_id: integer("desde_salida_id").references(() => salida.id, { onDelete: "set null" }),
    /** The target departure (created on first use like any departure). */
    hacia_salida_id: integer("hacia_salida_id").references(() => salida.id, { onDelete: "set null" }),
    /** The target as the line's fecha_tour ("MM/DD/YYYY-HH:MM") and its parts. */
    hacia_fecha: text("hacia_fecha").notNull(),
    hacia_hora: text("hacia_hora").notNull(),
    /** The line's total before and after (the one pricing function, today's tour price, same travellers). */
    total_antes_cents: integer("total_antes_cents").notNull(),
    total_nuevo_cents: integer("total_nuevo_cents").notNull(),
    /** nuevo − antes: > 0 paid by the buyer first, < 0 refunded after the move. */
    diferencia_cents: integer("diferencia_cents").notNull(),
    estado: text("estado").$type<CambioFechaEstado>().notNull(),
    por: text("por").$type<"cliente" | "staff">().notNull(),
    staff_usuario_id: integer("staff_usuario_id").references(() => staffUsersTable.id, { onDelete: "set null" }),
    /** The PayPal order for a dearer change, the capture of the difference, and the refund (of a cheaper change or a sold-out one). */
    paypal_order_id: text("paypal_order_id"),
    capture_id: text("capture_id"),
    /** Set by the one confirm that claimed the capture; older than a minute: abandoned, taken over (same request id). */
    capture_claimed_at: timestamp("capture_claimed_at", { withTimezone: true }),
    paypal_refund_id: text("paypal_refund_id"),
    /** Set while one process asks PayPal for the refund; older than a minute: abandoned, taken over (same request id). */
    refund_claimed_at: timestamp("refund_claimed_at", { withTimezone: true }),
    refund_intentos: integer("refund_intentos").default(0).notNull(),
    /** Why it failed or was refunded, in Spanish, as the buyer or staff were told. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index("cambio_fecha_pedido_idx").on(t.pedido_id),
    uniqueIndex("cambio_fecha_paypal_order_idx").on(t.paypal_order_id),
  ],
);

export type CambioFechaRow = typeof cambioFecha.$inferSelect;
