import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { SqlExecutor } from "../jobs/queue.ts";
import { correo, type CorreoEstado, type CorreoTipo } from "./correo.table.ts";

export type CorreoRow = typeof correo.$inferSelect;

/** The e-mails of an order, oldest first (the panel's order detail). */
export async function listCorreos(db: Db, orderId: number): Promise<CorreoRow[]> {
  return db.select().from(correo).where(eq(correo.pedido_id, orderId)).orderBy(asc(correo.createdAt), asc(correo.id));
}

export async function findCorreo(db: Db, id: number): Promise<CorreoRow | null> {
  const [row] = await db.select().from(correo).where(eq(correo.id, id));
  return row ?? null;
}

/**
 * The e-mail's own name, the same on every try: its row's id and creation time (ids alone repeat across databases).
 * The Message-ID's left part (transport.ts).
 */
export function correoMessageKey(row: Pick<CorreoRow, "id" | "createdAt">): string {
  return `correo-${row.id}-${row.createdAt.getTime()}`;
}

export async function correoExists(db: Db, clave: string): Promise<boolean> {
  const [row] = await db.select({ id: correo.id }).from(correo).where(eq(correo.clave, clave));
  return !!row;
}

export interface NewCorreo {
  tipo: CorreoTipo;
  /** Null for the e-mails about a staff account (aviso_login). */
  orderId: number | null;
  lineId: number | null;
  destinatario: string;
  asunto: string;
  clave: string;
}

/**
 * Adds the e-mail unless one with the same key exists. Runs in the caller's transaction (the job that delivers it
 * is added in the same one), in plain SQL because that transaction is the queue's connection, not Drizzle's.
 * Null when the key was taken: this event's e-mail is already on its way.
 */
export async function insertCorreo(tx: SqlExecutor, c: NewCorreo): Promise<number | null> {
  const { rows } = await tx.executeSql(
    `INSERT INTO correo (tipo, pedido_id, linea_id, destinatario, asunto, clave)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (clave) DO NOTHING RETURNING id`,
    [c.tipo, c.orderId, c.lineId, c.destinatario, c.asunto, c.clave],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export async function markCorreoSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(correo)
    .set({ estado: "enviado", enviado_at: at, intentos: sql`${correo.intentos} + 1`, ultimo_error: null, updatedAt: at })
    .where(eq(correo.id, id));
}

/** A try that failed: counted with its reason; `estado` stays pendiente while retries remain. */
export async function markCorreoTryFailed(db: Db, id: number, error: string, estado: CorreoEstado, at: Date): Promise<void> {
  await db
    .update(correo)
    .set({ estado, intentos: sql`${correo.intentos} + 1`, ultimo_error: error.slice(0, 500), updatedAt: at })
    .where(eq(correo.id, id));
}
