import { boolean, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type RevendedorRow = typeof revendedor.$inferSelect;
