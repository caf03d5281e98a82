import { sql } from "drizzle-orm";
import { boolean, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** How a discount code takes money off: a whole percent of each line, or a fixed USD amount spread over the lines. */
export type DiscountKind = "porcentaje" | "monto";

/**
 * A discount code (docs/decisions/0021-discount-codes.md). `codigo` is kept upper-case and unique whatever its case.
 * Its uses are not counted here: they are the orders that carry it and still hold it (codigos.uses.ts).
 */
export const codigoDescuento = pgTable(
  "codigo_descuento",
  {
    id: serial("id").primaryKey(),
    codigo: text("codigo").notNull(),
    tipo: text("tipo").$type<DiscountKind>().notNull(),
    /** Whole percent (1–100) for 'porcentaje', cents for 'monto'. */
    valor: integer("valor").notNull(),
    /** The tours it applies to; null: every tour. */
    tours: integer("tours").array(),
    /** Bookings made on these days (the business time zone), both included; null: no limit on that side. */
    reserva_desde: date("reserva_desde", { mode: "string" }),
    reserva_hasta: date("reserva_hasta", { mode: "string" }),
    /** Departures on these days (the tour's zone), both included. */
    salida_desde: date("salida_desde", { mode: "string" }),
    salida_hasta: date("salida_hasta", { mode: "string" }),
    /** How many orders may use it in all, and per buyer e-mail; null: no limit. */
    usos_max: integer("usos_max"),
    usos_por_email: integer("usos_por_email"),
    activo: boolean("activo").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("codigo_descuento_codigo_idx").on(sql`upper(${t.codigo})`)],
);

export type CodigoDescuentoRow = typeof codigoDescuento.$inferSelect;
