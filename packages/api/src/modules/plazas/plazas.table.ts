import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { salida } from "../salidas/salidas.table.ts";

/** What freed the places of a departure (docs/decisions/0023). */
export type PlazasOrigen =
  | "cancelacion"
  | "retencion_vencida"
  | "cupo"
  | "reapertura"
  | "octo"
  | "salida_cancelada"
  | "oferta_vencida"
  | "manual";

/**
 * "Plazas liberadas": one row per change that may have freed places of a departure, written in the transaction of
 * that change together with the job that handles it (migration 0022). `atendido_at`: handled, by the job that did it.
 */
export const plazasLiberadas = pgTable("plazas_liberadas", {
  id: serial("id").primaryKey(),
  salida_id: integer("salida_id").notNull().references(() => salida.id, { onDelete: "cascade" }),
  origen: text("origen").$type<PlazasOrigen>().notNull(),
  /** The order whose change freed them, when one did (a cancellation, a lapsed hold, an OCTO booking). */
  pedido_id: integer("pedido_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  atendido_at: timestamp("atendido_at", { withTimezone: true }),
});
