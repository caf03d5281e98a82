import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const paisTable = pgTable("pais", {
  id: serial("id").primaryKey(),
  nombre: text("nombre").notNull(),
  prefijo: integer("prefijo").notNull(),
  imagen: text("imagen"),
  destacado: boolean("destacado").notNull().default(false),
  freetourId: text("freetour_id"),
  /** IANA zone, the default of the country's tours. */
  zonaHoraria: text("zona_horaria").notNull().default("America/Bogota"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
export type PaisRow = typeof paisTable.$inferSelect;
