import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client.ts";
import { auditLogTable } from "./auditoria.table.ts";

/** Who acted, from where: the staff user of the request (or none) with its address and user agent. */
export interface AuditActor {
  id: number | null;
  nombre: string;
  email: string;
  ip: string;
  userAgent: string;
}

export function actorOf(request: FastifyRequest, user: { id: number; nombre: string; email: string } | null = request.staff): AuditActor {
  const agent = request.headers["user-agent"];
  return {
    id: user?.id ?? null,
    nombre: user?.nombre ?? "",
    email: user?.email ?? "",
    ip: request.ip,
    userAgent: (typeof agent === "string" ? agent : "").slice(0, 500),
  };
}

export interface AuditEntry {
  action: string;
  resource: string;
  resourceId?: string | number;
  /** the record before the change (null/absent for a creation) */
  before?: object | null;
  /** the record after the change (null/absent for a deletion) */
  after?: object | null;
}

/** Never recorded, whatever the record calls them. */
const SECRET_FIELD = /pass|hash|token|secret|clave/i;
/** Bookkeeping that changes on every write and says nothing about what changed. */
const NOISE_FIELDS = new Set(["updatedAt", "updated_at", "createdAt", "created_at"]);

function comparable(value: unknown): string {
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
}

/** `{campo: {antes, despues}}` for each field whose value differs, secrets and timestamps left out. */
export function changedFields(before: object | null | undefined, after: object | null | undefined) {
  const a = (before ?? {}) as Record<string, unknown>;
  const b = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, { antes: unknown; despues: unknown }> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SECRET_FIELD.test(key) || NOISE_FIELDS.has(key)) continue;
    if (comparable(a[key]) === comparable(b[key])) continue;
    const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));
    changes[key] = { antes: before ? plain(a[key]) : null, despues: after ? plain(b[key]) : null };
  }
  return changes;
}

/**
 * Writes one audit entry on `tx`: call it inside the transaction of the change, so that the entry exists if and
 * only if the change does. Any module (refunds, capacity, API keys…) audits with this one call.
 */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLogTable).values({
    actorId: actor.id,
    actorNombre: actor.nombre,
    actorEmail: actor.email,
    action: entry.action,
    resource: entry.resource,
    resourceId: entry.resourceId === undefined ? "" : String(entry.resourceId),
    changes: changedFields(entry.before, entry.after),
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
}

/** Runs `work` in a transaction with an `audit` function bound to it and to the actor. */
export function audited<T>(
  db: Db,
  actor: AuditActor,
  work: (tx: Db, audit: (entry: AuditEntry) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db, (entry) => recordAudit(tx as unknown as Db, actor, entry)));
}
