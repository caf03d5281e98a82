import { boolean, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { paisTable } from "../pais/pais.table.ts";

export const ciudadesTable = pgTable(
  "ciudades",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    // restrict: a country with cities cannot be deleted by accident
    pais: integer("pais").notNull().references(() => paisTable.id, { onDelete: "restrict" }),
    imagen: text("imagen"),
    destacado: boolean("destacado").notNull().default(false),
    freetourId: text("freetour_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ciudades_pais_idx").on(t.pais)],
);
export type CiudadRow = typeof ciudadesTable.$inferSelect;
