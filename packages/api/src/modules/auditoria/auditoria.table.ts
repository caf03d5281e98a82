import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Who changed what, written in the same transaction as the change (modules/auditoria/auditoria.ts). */
export const auditLogTable = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** null for a failed login of an unknown e-mail or a change made by the system */
    actorId: integer("actor_id"),
    /** kept as written so the entry still reads right after the user is renamed */
    actorNombre: text("actor_nombre").notNull().default(""),
    actorEmail: text("actor_email").notNull().default(""),
    /** create | update | delete | login | login_failed | logout | … */
    action: text("action").notNull(),
    /** tour | pais | ciudades | horario | fotos | banner | pedido | usuario | sesion | … */
    resource: text("resource").notNull(),
    resourceId: text("resource_id").notNull().default(""),
    /** `{campo: {antes, despues}}` of the fields that changed; never passwords or tokens */
    changes: jsonb("changes").$type<Record<string, { antes: unknown; despues: unknown }>>().notNull().default({}),
    ip: text("ip").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_resource_idx").on(t.resource, t.resourceId),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);
export type AuditLogRow = typeof auditLogTable.$inferSelect;
