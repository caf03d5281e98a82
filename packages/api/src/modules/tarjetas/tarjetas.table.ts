import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { staffUsersTable } from "../auth/auth.table.ts";
import { pedido, reembolso } from "../compra/compra.table.ts";

/** pendiente: bought, PayPal not captured yet (no value); activa: its value was loaded; fallida: PayPal did not take the payment. */
export type TarjetaEstado = "pendiente" | "activa" | "fallida";
/** compra: a visitor bought it; reembolso: staff refunded a cancelled booking onto it. */
export type TarjetaOrigen = "compra" | "reembolso";
/** carga (+): its value; pago (−): an order paid with it; devolucion (+): a cancelled line's part back. */
export type MovimientoTipo = "carga" | "pago" | "devolucion";

/**
 * A gift card (docs/decisions/0024-gift-cards.md). Its balance is not a column: it is the sum of its movements
 * (tarjetas.saldo.ts), a payment counting only while its order holds it, as a discount code's use does (decision 0021).
 */
export const tarjetaRegalo = pgTable(
  "tarjeta_regalo",
  {
    id: serial("id").primaryKey(),
    /** "RG-ABCD-EFGH-JKMN" (@tours/domain normalizeTarjetaCodigo): the secret that spends it. */
    codigo: text("codigo").notNull(),
    estado: text("estado").$type<TarjetaEstado>().notNull().default("pendiente"),
    origen: text("origen").$type<TarjetaOrigen>().notNull(),
    importe_cents: integer("importe_cents").notNull(),
    comprador_nombre: text("comprador_nombre").notNull(),
    comprador_email: text("comprador_email").notNull(),
    destinatario_nombre: text("destinatario_nombre").notNull(),
    destinatario_email: text("destinatario_email").notNull(),
    mensaje: text("mensaje"),
    /** Its last valid day (the business's calendar), set when its value is loaded. */
    vence_el: date("vence_el", { mode: "string" }),
    /** The purchase's PayPal order and capture; the capture claim works as an order's does (compra.service.ts). */
    id_pay: text("id_pay"),
    capture_id: text("capture_id"),
    capture_claimed_at: timestamp("capture_claimed_at", { withTimezone: true }),
    capture_attempt: integer("capture_attempt").notNull().default(0),
    /** The booking whose refund made it (origen reembolso), and the staff user who did. */
    pedido_origen_id: integer("pedido_origen_id").references(() => pedido.id, { onDelete: "set null" }),
    staff_usuario_id: integer("staff_usuario_id").references(() => staffUsersTable.id, { onDelete: "set null" }),
    activada_at: timestamp("activada_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tarjeta_regalo_codigo_idx").on(t.codigo), uniqueIndex("tarjeta_regalo_id_pay_idx").on(t.id_pay), index("tarjeta_regalo_created_idx").on(t.createdAt)],
);

/** Every change of a card's balance, one row each, never updated (the ledger). */
export const tarjetaMovimiento = pgTable(
  "tarjeta_movimiento",
  {
    id: serial("id").primaryKey(),
    tarjeta_id: integer("tarjeta_id")
      .notNull()
      .references(() => tarjetaRegalo.id, { onDelete: "cascade" }),
    tipo: text("tipo").$type<MovimientoTipo>().notNull(),
    /** Signed cents: a payment is negative. */
    importe_cents: integer("importe_cents").notNull(),
    pedido_id: integer("pedido_id").references(() => pedido.id, { onDelete: "set null" }),
    reembolso_id: integer("reembolso_id").references(() => reembolso.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tarjeta_movimiento_tarjeta_idx").on(t.tarjeta_id, t.id),
    index("tarjeta_movimiento_pedido_idx").on(t.pedido_id).where(sql`${t.pedido_id} is not null`),
  ],
);

export type TarjetaRow = typeof tarjetaRegalo.$inferSelect;
export type MovimientoRow = typeof tarjetaMovimiento.$inferSelect;
