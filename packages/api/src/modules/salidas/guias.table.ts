import { index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { staffUsersTable } from "../auth/auth.table.ts";
import { salida } from "./salidas.table.ts";

/** Which guides run a departure (docs/decisions/0010): a Guía checks in only the bookings of these. */
export const salidaGuia = pgTable(
  "salida_guia",
  {
    salidaId: integer("salida_id").notNull().references(() => salida.id, { onDelete: "cascade" }),
    usuarioId: integer("usuario_id").notNull().references(() => staffUsersTable.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.salidaId, t.usuarioId] }), index("salida_guia_usuario_idx").on(t.usuarioId)],
);
