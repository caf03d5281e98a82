import { bigserial, boolean, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A reseller connected through OCTO, with its API key. Only the key's SHA-256 is stored (the key is 32 random
 * bytes, so a fast hash is enough); the key itself is shown once, when staff create it.
 */
export const revendedor = pgTable("revendedor", {
  id: serial("id").primaryKey(),
  nombre: text("nombre").notNull(),
  key_hash: text("key_hash").notNull().unique(),
  /** The key's first characters, so staff can tell keys apart. */
  key_prefijo: text("key_prefijo").notNull(),
  activo: boolean("activo").notNull().default(true),
  /** The most minutes one reservation or extension may hold places for (a larger expirationMinutes is cut to it). */
  expiracion_max_minutos: integer("expiracion_max_minutos").notNull().default(60),
  /** The most minutes a hold may live from its reservation, extensions included. */
  retencion_max_minutos: integer("retencion_max_minutos").notNull().default(180),
  /** The key its webhooks are signed with (HMAC-SHA256), made with its first webhook; the reseller reads it with its webhooks. */
  webhook_secreto: text("webhook_secreto"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type RevendedorRow = typeof revendedor.$inferSelect;

/** What a webhook is called for (OCTO's webhooks capability). */
export const WEBHOOK_EVENTS = ["booking_update", "availability_update"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A reseller's webhook: where to POST which event (migration 0024, docs/decisions/0025-octo-webhooks.md). */
export const octoWebhook = pgTable("octo_webhook", {
  id: uuid("id").primaryKey(),
  revendedor_id: integer("revendedor_id")
    .notNull()
    .references(() => revendedor.id, { onDelete: "cascade" }),
  evento: text("evento").$type<WebhookEvent>().notNull(),
  url: text("url").notNull(),
  /** OCTO's retryOnError: a failed delivery is tried again (with back-off, for 24 h). */
  reintentar: boolean("reintentar").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
export type OctoWebhookRow = typeof octoWebhook.$inferSelect;

/** One event owed to one webhook, written in the transaction of the change it reports. */
export const octoWebhookEntrega = pgTable("octo_webhook_entrega", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  webhook_id: uuid("webhook_id")
    .notNull()
    .references(() => octoWebhook.id, { onDelete: "cascade" }),
  evento_id: uuid("evento_id").notNull(),
  evento: text("evento").$type<WebhookEvent>().notNull(),
  /** The booking's uuid or the availability's id: deliveries of one webhook and clave go out in id order. */
  clave: text("clave").notNull(),
  ocurrido_at: timestamp("ocurrido_at", { withTimezone: true }).notNull(),
  estado: text("estado").$type<"pendiente" | "entregada" | "fallida">().notNull().default("pendiente"),
  intentos: integer("intentos").notNull().default(0),
  /** The queue's times are the database's (now()), whatever clock the app keeps for business rules. */
  creada_at: timestamp("creada_at", { withTimezone: true }).notNull().defaultNow(),
  proximo_intento_at: timestamp("proximo_intento_at", { withTimezone: true }).notNull().defaultNow(),
  /** A worker sending it holds it until then; past it (its process died) another may take it. */
  reclamada_hasta: timestamp("reclamada_hasta", { withTimezone: true }),
  ultimo_error: text("ultimo_error"),
  entregada_at: timestamp("entregada_at", { withTimezone: true }),
});

/** The OCTO contact's fields an order has no column for, kept as the reseller sent them. */
export interface OctoContactExtra {
  notes?: string | null;
  locales?: string[] | null;
  postalCode?: string | null;
  country?: string | null;
}
