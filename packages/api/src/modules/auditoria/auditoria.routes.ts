import type { FastifyPluginAsync } from "fastify";
import { type SQL, and, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { AppDeps } from "../../deps.ts";
import type { Db } from "../../db/client.ts";
import { type Permission, rolCan } from "../../auth/roles.ts";
import { FORBIDDEN_MSG } from "../../http/errors.ts";
import { requireRole, requireStaff } from "../../http/auth.ts";
import { HttpError, badRequest, fieldError } from "../../http/errors.ts";
import { type AuditLogRow, auditLogTable } from "./auditoria.table.ts";
import { withTexts } from "./auditoria.describe.ts";

/** Entries answered per request, newest first. */
export const AUDIT_LIMIT = 500;

/** Who may read the history of one record on its edit page: whoever may change that kind of record. */
const HISTORY_PERMISSION: Record<string, Permission> = {
  tour: "catalogo",
  pais: "catalogo",
  ciudades: "catalogo",
  horario: "catalogo",
  fotos: "catalogo",
  banner: "catalogo",
  pedido: "pedidos",
  usuario: "usuarios",
};

export function toAuditEntry<T extends AuditLogRow>(row: T) {
  return { ...row, at: row.at.toISOString() };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateParam(value: unknown, name: string): Date | undefined {
  if (value === undefined || value === "") return undefined;
  const date = typeof value === "string" && DATE.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) throw badRequest([fieldError("La fecha debe tener el formato AAAA-MM-DD", name, value, "query")]);
  return date;
}

function textParam(value: unknown, name: string): string | undefined {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || value.length > 100) throw badRequest([fieldError(`El filtro ${name} no es válido`, name, value, "query")]);
  return value;
}

/** The newest entries that match, each with its Spanish texts (auditoria.describe.ts). */
async function entries(db: Db, where: SQL | undefined, zona: string) {
  const rows = await db.select().from(auditLogTable).where(where).orderBy(desc(auditLogTable.at), desc(auditLogTable.id)).limit(AUDIT_LIMIT);
  return (await withTexts(db, rows, zona)).map(toAuditEntry);
}

export const auditoriaRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  /** The whole log (Administrador), filtered by user, resource (and id) and a range of days (UTC, `hasta` included). */
  app.get("/api/actividad/index", { preHandler: requireRole("actividad") }, async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const usuario = textParam(query.usuario, "usuario");
    if (usuario !== undefined && !/^\d{1,9}$/.test(usuario)) throw badRequest([fieldError("El filtro usuario no es válido", "usuario", usuario, "query")]);
    const recurso = textParam(query.recurso, "recurso");
    const recursoId = textParam(query.recursoId, "recursoId");
    const desde = dateParam(query.desde, "desde");
    const hasta = dateParam(query.hasta, "hasta");
    const conditions = [
      usuario !== undefined ? eq(auditLogTable.actorId, Number(usuario)) : undefined,
      recurso !== undefined ? eq(auditLogTable.resource, recurso) : undefined,
      recursoId !== undefined ? eq(auditLogTable.resourceId, recursoId) : undefined,
      desde ? gte(auditLogTable.at, desde) : undefined,
      hasta ? lt(auditLogTable.at, new Date(hasta.getTime() + 24 * 3600 * 1000)) : undefined,
    ];
    return { succes: await entries(deps.db, and(...conditions), deps.config.businessTimezone) };
  });

  /** One record's history, for its edit page. */
  app.get<{ Params: { recurso: string; recursoId: string } }>("/api/actividad/:recurso/:recursoId", { preHandler: requireStaff }, async (request) => {
    const { recurso, recursoId } = request.params;
    const permission = HISTORY_PERMISSION[recurso];
    const rol = request.staff!.rol;
    if (!rolCan(rol, "actividad") && !(permission && rolCan(rol, permission))) {
      throw new HttpError(403, { errors: [{ msg: FORBIDDEN_MSG }] });
    }
    // a tour's schedules and photos are recorded under the tour's id and shown in its history
    const resources = recurso === "tour" ? ["tour", "horario", "fotos"] : [recurso];
    const where = and(inArray(auditLogTable.resource, resources), eq(auditLogTable.resourceId, recursoId));
    return { succes: await entries(deps.db, where, deps.config.businessTimezone) };
  });
};
