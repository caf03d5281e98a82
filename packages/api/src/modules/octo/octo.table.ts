import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type RevendedorRow = typeof revendedor.$inferSelect;

/** The OCTO contact's fields an order has no column for, kept as the reseller sent them. */
export interface OctoContactExtra {
  notes?: string | null;
  locales?: string[] | null;
  postalCode?: string | null;
  country?: string | null;
}
