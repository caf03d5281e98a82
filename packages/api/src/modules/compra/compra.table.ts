import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { salida } from "../salidas/salidas.table.ts";
import { staffUsersTable } from "../auth/auth.table.ts";
import { revendedor, type OctoContactExtra } from "../octo/octo.table.ts";
import { codigoDescuento } from "../codigos/codigos.table.ts";
import { newPin, newReferencia } from "./referencia.ts";

/**
 * Order state. `status` (paid) is kept alongside because the contract exposes it as a boolean.
 * 'cancelado': cancelled before it was paid (nothing charged), or a reseller's OCTO cancellation.
 * 'reembolsado': it was paid and every line was then cancelled with its money refunded (docs/decisions/0013);
 * `status` is false again then, so "paid" lists and totals leave it out. A partly cancelled order stays 'pagado'.
 */
export type PedidoEstado = "pendiente" | "pagado" | "cancelado" | "fallido" | "expirado" | "reembolsado";
/** Where an order was made: our storefront (paid through PayPal) or a reseller through OCTO (paid by the reseller). */
export type PedidoCanal = "tienda" | "octo";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
};

export const pedido = pgTable("pedido", {
  id: serial("id").primaryKey(),
  /** The booking's public reference and PIN ("Mi reserva", the voucher, check-in): referencia.ts. */
  referencia: text("referencia").notNull().unique().$defaultFn(newReferencia),
  pin: text("pin").notNull().$defaultFn(newPin),
  nombre: text("nombre").notNull(),
  apellido: text("apellido").notNull(),
  email: text("email").notNull(),
  nit: text("nit").notNull(),
  direccion: text("direccion").notNull(),
  telefono: text("telefono").notNull(),
  telefonorespaldo: text("telefonorespaldo"),
  comentario: text("comentario"),
  valor_total_cents: integer("valor_total_cents").notNull(),
  status: boolean("status").default(false).notNull(),
  estado: text("estado").$type<PedidoEstado>().default("pendiente").notNull(),
  id_pay: text("id_pay").unique(),
  capture_id: text("capture_id"),
  paid_at: timestamp("paid_at", { withTimezone: true }),
  /**
   * Set by the one confirm (or webhook) that claimed the capture; others wait for its outcome. A claim older than
   * a minute is considered abandoned (crashed process) and can be taken over: the stable PayPal-Request-Id makes
   * the repeated capture a replay at PayPal, not a second charge.
   */
  capture_claimed_at: timestamp("capture_claimed_at", { withTimezone: true }),
  /** Part of the capture's PayPal-Request-Id; bumped after a definitive refusal so a later retry is a new request. */
  capture_attempt: integer("capture_attempt").default(0).notNull(),
  /**
   * An unpaid order holds its places until then (docs/decisions/0007). Null on orders from before holds existed.
   * 'expirado': the hold lapsed and the places were gone when the buyer came to pay; nothing was captured.
   */
  hold_expires_at: timestamp("hold_expires_at", { withTimezone: true }),
  /** How many times the buyer asked for more time ("Necesito más tiempo"); at most MAX_HOLD_RENEWALS (docs/decisions/0018). */
  hold_renewals: integer("hold_renewals").default(0).notNull(),
  canal: text("canal").$type<PedidoCanal>().default("tienda").notNull(),
  /** OCTO bookings (docs/decisions/0008): the reseller's booking uuid (its idempotency key), who sold it, their reference. */
  octo_uuid: text("octo_uuid"),
  /** The OCTO reservation request as first sent (canonical JSON): a reused uuid with another request is told apart from a retry. */
  octo_peticion: text("octo_peticion"),
  /** The OCTO contact's fields the order has no column for (its notes, locales, postal code, country). */
  octo_contacto: jsonb("octo_contacto").$type<OctoContactExtra>(),
  revendedor_id: integer("revendedor_id").references(() => revendedor.id, { onDelete: "set null" }),
  revendedor_referencia: text("revendedor_referencia"),
  /** Why a reseller cancelled (OCTO's `reason`). */
  motivo_cancelacion: text("motivo_cancelacion"),
  /** Who took the hold, as its limits count clients (hold-limits.ts): an address or its IPv6 /64; null for OCTO. */
  cliente: text("cliente"),
  /**
   * The discount code the buyer used (docs/decisions/0021), as it was typed, and its row. The order's and lines'
   * `valor_total_cents` are what is paid after it; each line's `descuento_cents` is what it took off.
   */
  codigo_descuento_id: integer("codigo_descuento_id").references(() => codigoDescuento.id, { onDelete: "set null" }),
  codigo_descuento: text("codigo_descuento"),
  /**
   * The gift card that paid `tarjeta_cents` of `valor_total_cents` (decision 0024); PayPal was asked for the rest. Its
   * foreign key to tarjeta_regalo is in migration 0025 only (the tables' modules would import each other).
   */
  tarjeta_regalo_id: integer("tarjeta_regalo_id"),
  tarjeta_cents: integer("tarjeta_cents").notNull().default(0),
  ...timestamps,
}, (t) => [
  index("pedido_codigo_descuento_idx").on(t.codigo_descuento_id).where(sql`${t.codigo_descuento_id} is not null`),
  uniqueIndex("pedido_octo_uuid_idx").on(t.octo_uuid),
  index("pedido_revendedor_idx").on(t.revendedor_id),
  index("pedido_cliente_pendiente_idx").on(t.cliente).where(sql`${t.estado} = 'pendiente'`),
]);

export const pedidoLine = pgTable(
  "pedido_line",
  {
    id: serial("id").primaryKey(),
    id_pedido: integer("id_pedido")
      .notNull()
      .references(() => pedido.id, { onDelete: "cascade" }),
    // No FK to tour: an order is a historical record and must survive the tour being deleted from the catalogue.
    id_tour: integer("id_tour").notNull(),
    fecha_tour: text("fecha_tour").notNull(),
    mayores15: integer("mayores15").notNull(),
    menoresde15_a4: integer("menoresde15_a4").notNull(),
    menores3: integer("menores3").notNull(),
    mascotas: integer("mascotas").notNull(),
    /** The catalogue's adult price when it was sold. */
    valor_cents: integer("valor_cents").notNull(),
    /** What the line costs (was paid): its catalogue total less `descuento_cents`; refunds return at most this. */
    valor_total_cents: integer("valor_total_cents").notNull(),
    /** What a discount code took off the line's catalogue total (decision 0021). */
    descuento_cents: integer("descuento_cents").notNull().default(0),
    /** The departure whose places this line takes (null on lines from before capacity existed). */
    salida_id: integer("salida_id").references(() => salida.id, { onDelete: "set null" }),
    /** Cancelled (by the buyer or staff) with its money refunded: it takes no place any more (plazas_de_linea). */
    cancelada_at: timestamp("cancelada_at", { withTimezone: true }),
    reembolso_id: integer("reembolso_id").references((): AnyPgColumn => reembolso.id, { onDelete: "set null" }),
    /** The travellers of this line were checked in at the departure, by this staff user. */
    checkin_at: timestamp("checkin_at", { withTimezone: true }),
    checkin_usuario_id: integer("checkin_usuario_id").references(() => staffUsersTable.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("pedido_line_id_pedido_idx").on(t.id_pedido), index("pedido_line_salida_idx").on(t.salida_id)],
);

export type ReembolsoEstado = "en_curso" | "pendiente" | "completado" | "fallido";
export type ReembolsoPor = "cliente" | "staff";

/**
 * A refund of (part of) a paid order through PayPal (docs/decisions/0013). Written 'en_curso' (the claim: nothing
 * refunded yet) and committed before PayPal is called, then 'completado'/'pendiente' (with PayPal's refund id) or
 * 'fallido' (with why); removed when PayPal did not answer. `updatedAt` of an 'en_curso' row is when it was claimed.
 * `request_id` is the PayPal-Request-Id: a retry of the same cancellation replays at PayPal instead of refunding twice.
 */
export const reembolso = pgTable(
  "reembolso",
  {
    id: serial("id").primaryKey(),
    pedido_id: integer("pedido_id")
      .notNull()
      .references((): AnyPgColumn => pedido.id, { onDelete: "cascade" }),
    monto_cents: integer("monto_cents").notNull(),
    moneda: text("moneda").notNull().default("USD"),
    estado: text("estado").$type<ReembolsoEstado>().notNull().default("pendiente"),
    paypal_refund_id: text("paypal_refund_id"),
    request_id: text("request_id").notNull().unique(),
    motivo: text("motivo"),
    por: text("por").$type<ReembolsoPor>().notNull(),
    staff_usuario_id: integer("staff_usuario_id").references(() => staffUsersTable.id, { onDelete: "set null" }),
    /** PayPal's refusal, in Spanish, as the buyer or staff were told. */
    error: text("error"),
    /**
     * The part of `monto_cents` that went back to the gift card that paid the order (decision 0024: card first); the
     * rest went to PayPal, or, when staff chose it, onto the new card `tarjeta_nueva_id` (its key: migration 0025).
     */
    tarjeta_cents: integer("tarjeta_cents").notNull().default(0),
    /** Staff chose a new gift card instead of PayPal: nothing of it was asked of PayPal. */
    a_tarjeta_nueva: boolean("a_tarjeta_nueva").notNull().default(false),
    tarjeta_nueva_id: integer("tarjeta_nueva_id"),
    ...timestamps,
  },
  (t) => [index("reembolso_pedido_idx").on(t.pedido_id)],
);

export const paypalWebhookEvent = pgTable("paypal_webhook_event", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: timestamp("received_at", { withTimezone: true }).defaultNow().notNull(),
});

export type PedidoRow = typeof pedido.$inferSelect;
export type PedidoLineRow = typeof pedidoLine.$inferSelect;
export type ReembolsoRow = typeof reembolso.$inferSelect;
