import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { salida } from "../salidas/salidas.table.ts";
import { pedido } from "../compra/compra.table.ts";

/**
 * esperando: in line (by `createdAt`); ofrecida: an offer holds its places in `pedido_id` until `oferta_hasta`;
 * usada: that order was paid; vencida: the offer lapsed unused; baja: the visitor left the list.
 */
export type EsperaEstado = "esperando" | "ofrecida" | "usada" | "vencida" | "baja";

/** One visitor waiting for places of one departure (migration 0022; one entry per departure and address). */
export const listaEspera = pgTable("lista_espera", {
  id: serial("id").primaryKey(),
  salida_id: integer("salida_id").notNull().references(() => salida.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  mayores15: integer("mayores15").notNull(),
  menoresde15_a4: integer("menoresde15_a4").notNull(),
  menores3: integer("menores3").notNull(),
  mascotas: integer("mascotas").default(0).notNull(),
  estado: text("estado").$type<EsperaEstado>().default("esperando").notNull(),
  /** The secret of the entry's links (the offer, leaving the list). */
  token: text("token").notNull(),
  pedido_id: integer("pedido_id").references(() => pedido.id, { onDelete: "set null" }),
  ofrecida_at: timestamp("ofrecida_at", { withTimezone: true }),
  oferta_hasta: timestamp("oferta_hasta", { withTimezone: true }),
  ofrecida_por_staff: boolean("ofrecida_por_staff").default(false).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
});
export type ListaEsperaRow = typeof listaEspera.$inferSelect;
