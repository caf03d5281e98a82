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

/** The header in which the storefront's server passes on its visitor's browser (storefront/app/lib/api.server.ts). */
export const FORWARDED_AGENT_HEADER = "x-forwarded-user-agent";

/**
 * Whether the request came through a proxy the API trusts (TRUST_PROXY: the storefront's server on loopback by
 * default) that passed on its client's address: Fastify then walked X-Forwarded-For past a trusted hop. From any
 * other sender the forwarded headers are the sender's own claims and are ignored (request.ip is then its socket).
 */
function viaTrustedProxy(request: FastifyRequest): boolean {
  return (request.ips?.length ?? 0) > 1;
}

/**
 * Who acted, from where: the address is request.ip (the visitor's, when the storefront forwarded it); the browser
 * is the forwarded one when the storefront's server made the call for its visitor (a staff login at /login).
 */
export function actorOf(request: FastifyRequest, user: { id: number; nombre: string; email: string } | null = request.staff): AuditActor {
  const forwarded = viaTrustedProxy(request) ? request.headers[FORWARDED_AGENT_HEADER] : undefined;
  const agent = typeof forwarded === "string" && forwarded ? forwarded : request.headers["user-agent"];
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
