import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { pedido } from "../modules/compra/compra.table.ts";

/** aviso_cambio: to staff, a buyer cancelled or a booking's date changed (mailer.ts queueStaffNotice). */
export type CorreoTipo =
  | "confirmacion"
  | "cambio_fecha"
  | "nuevo_pedido"
  | "recordatorio"
  | "cancelacion"
  | "aviso_cambio"
  | "aviso_pin"
  | "aviso_login"
  // the waiting list (lista-espera.mail.ts): joined it; places offered
  | "alta_espera"
  | "oferta_espera"
  // a gift card to its recipient (tarjetas.mail.ts)
  | "tarjeta_regalo";
/** pendiente: waiting for (another) try; enviado: the SMTP server accepted it; fallido: every try spent. */
export type CorreoEstado = "pendiente" | "enviado" | "fallido";

/**
 * One row per e-mail the product decided to send (the outbox). `clave` is unique: the same event (one payment,
 * one departure's reminder, one cancellation) can only ever add one row, however many times it is reported.
 */
export const correo = pgTable(
  "correo",
  {
    id: serial("id").primaryKey(),
    tipo: text("tipo").$type<CorreoTipo>().notNull(),
    /** The order the e-mail is about; null for the staff account alerts (aviso_login). */
    pedido_id: integer("pedido_id").references(() => pedido.id, { onDelete: "cascade" }),
    /** The order line a reminder is about; null for the e-mails about the whole order. */
    linea_id: integer("linea_id"),
    destinatario: text("destinatario").notNull(),
    asunto: text("asunto").notNull(),
    estado: text("estado").$type<CorreoEstado>().default("pendiente").notNull(),
    intentos: integer("intentos").default(0).notNull(),
    ultimo_error: text("ultimo_error"),
    enviado_at: timestamp("enviado_at", { withTimezone: true }),
    /** The dedupe key, e.g. "confirmacion:42", "recordatorio:42:7", "cancelacion:42:7,8". */
    clave: text("clave").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index("correo_pedido_idx").on(t.pedido_id)],
);
