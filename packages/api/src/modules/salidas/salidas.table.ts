import { boolean, date, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { tourTable } from "../tour/tour.table.ts";

/**
 * A departure that has bookings or staff settings: created on first use. Its row is what concurrent bookings
 * lock (docs/decisions/0007-capacity-and-holds.md); places taken are counted from the order lines.
 */
export const salida = pgTable(
  "salida",
  {
    id: serial("id").primaryKey(),
    tourId: integer("tour_id").notNull().references(() => tourTable.id, { onDelete: "cascade" }),
    fecha: date("fecha", { mode: "string" }).notNull(),
    /** "HH:MM", the horario's start in the tour's zone. */
    hora: text("hora").notNull(),
    /** This departure's own capacity; null: the horario's. */
    cupo: integer("cupo"),
    cerrada: boolean("cerrada").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("salida_tour_fecha_hora_idx").on(t.tourId, t.fecha, t.hora)],
);
export type SalidaRow = typeof salida.$inferSelect;

/** A whole date closed by staff for one tour (weather, holiday). */
export const fechaCerrada = pgTable(
  "fecha_cerrada",
  {
    tourId: integer("tour_id").notNull().references(() => tourTable.id, { onDelete: "cascade" }),
    fecha: date("fecha", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tourId, t.fecha] })],
);
