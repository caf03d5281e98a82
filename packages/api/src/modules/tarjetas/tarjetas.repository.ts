import { randomInt } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { ListParams, Tarjeta, TarjetaDetalle } from "@tours/contract";
import { TARJETA_ALFABETO, formatTarjetaCodigo, fromCents, tarjetaVenceEl } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { type ListSpec, listPage } from "../../http/list.ts";
import { drizzleExecutor, type JobQueue } from "../../jobs/queue.ts";
import { insertCorreo } from "../../mail/correo.repository.ts";
import { MAIL_QUEUE } from "../../mail/mailer.ts";
import { tarjetaSubject, type TarjetaMailJob } from "../../mail/tarjetas.mail.ts";
import { type AuditActor, recordAudit } from "../auditoria/auditoria.ts";
import { balancesOf, movementCountsSql } from "./tarjetas.saldo.ts";
import { tarjetaMovimiento, tarjetaRegalo, type TarjetaRow } from "./tarjetas.table.ts";

const TARJETA_LIST: ListSpec = {
  resource: "tarjetas",
  sortable: { id: tarjetaRegalo.id, createdAt: tarjetaRegalo.createdAt, importe: tarjetaRegalo.importe_cents, vence_el: tarjetaRegalo.vence_el },
  filterable: { id: { column: tarjetaRegalo.id, kind: "id" }, estado: { column: tarjetaRegalo.estado, kind: "text" }, origen: { column: tarjetaRegalo.origen, kind: "text" } },
  search: [tarjetaRegalo.codigo, tarjetaRegalo.comprador_email, tarjetaRegalo.destinatario_email, tarjetaRegalo.comprador_nombre, tarjetaRegalo.destinatario_nombre],
  defaultSort: [desc(tarjetaRegalo.id)],
};

/** A new card's code: 12 characters of the unmistakable alphabet, 31^12 ≈ 7.9·10^17 (a unique index catches a repeat). */
export function newTarjetaCodigo(): string {
  let chars = "";
  for (let i = 0; i < 12; i++) chars += TARJETA_ALFABETO[randomInt(TARJETA_ALFABETO.length)];
  return formatTarjetaCodigo(chars);
}

/** The panel's view of a card, with its balance. */
export function toTarjeta(row: TarjetaRow, saldoCents: number): Tarjeta {
  return {
    id: row.id,
    codigo: row.codigo,
    estado: row.estado,
    origen: row.origen,
    importe: fromCents(row.importe_cents),
    saldo: fromCents(saldoCents),
    comprador_nombre: row.comprador_nombre,
    comprador_email: row.comprador_email,
    destinatario_nombre: row.destinatario_nombre,
    destinatario_email: row.destinatario_email,
    mensaje: row.mensaje,
    vence_el: row.vence_el,
    pedido_origen_id: row.pedido_origen_id,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewTarjeta {
  importeCents: number;
  compradorNombre: string;
  compradorEmail: string;
  destinatarioNombre: string;
  destinatarioEmail: string;
  mensaje: string | null;
}

/** What the recipient's e-mail says of a card. */
function mailJobOf(card: TarjetaRow, reembolsoDe: string | null): TarjetaMailJob {
  return {
    codigo: card.codigo,
    importeCents: card.importe_cents,
    venceEl: card.vence_el!,
    destinatarioNombre: card.destinatario_nombre,
    compradorNombre: card.comprador_nombre,
    mensaje: card.mensaje,
    reembolsoDe,
  };
}

/**
 * Loads a card's value (its 'carga' movement), makes it valid for TARJETA_VALIDEZ_MESES from `today`, records it in
 * Actividad and queues the e-mail to its recipient, all in `tx`: the card is usable if and only if its e-mail is on
 * its way (decision 0012's outbox).
 */
async function load(tx: Db, card: TarjetaRow, today: string, now: Date, actor: AuditActor, jobs: JobQueue | undefined, reembolsoDe: string | null, extra: Partial<TarjetaRow> = {}) {
  const [active] = await tx
    .update(tarjetaRegalo)
    .set({ ...extra, estado: "activa", vence_el: tarjetaVenceEl(today), activada_at: now, updatedAt: now })
    .where(eq(tarjetaRegalo.id, card.id))
    .returning();
  await tx.insert(tarjetaMovimiento).values({ tarjeta_id: card.id, tipo: "carga", importe_cents: card.importe_cents, createdAt: now });
  await recordAudit(tx, actor, {
    action: "carga",
    resource: "tarjeta_regalo",
    resourceId: card.id,
    after: { codigo: `…${card.codigo.slice(-4)}`, importe: fromCents(card.importe_cents), vence_el: active!.vence_el, origen: card.origen },
  });
  if (jobs) {
    const q = drizzleExecutor(tx);
    const job = mailJobOf(active!, reembolsoDe);
    const correoId = await insertCorreo(q, { tipo: "tarjeta_regalo", orderId: null, lineId: null, destinatario: card.destinatario_email, asunto: tarjetaSubject(job), clave: `tarjeta_regalo:${card.id}` });
    if (correoId !== null) await jobs.send(MAIL_QUEUE, { correoId, tarjeta: job }, { tx: q });
  }
  return active!;
}

/** The only place that writes tarjeta_regalo and its movements (the balance: tarjetas.saldo.ts). */
export function createTarjetasRepository(db: Db) {
  return {
    /** A card bought and not paid yet: no value until its PayPal capture loads it. */
    async createPending(t: NewTarjeta, now: Date): Promise<TarjetaRow> {
      const [row] = await db
        .insert(tarjetaRegalo)
        .values({
          codigo: newTarjetaCodigo(),
          estado: "pendiente",
          origen: "compra",
          importe_cents: t.importeCents,
          comprador_nombre: t.compradorNombre,
          comprador_email: t.compradorEmail,
          destinatario_nombre: t.destinatarioNombre,
          destinatario_email: t.destinatarioEmail,
          mensaje: t.mensaje,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },
    async setPaymentId(id: number, idPay: string) {
      await db.update(tarjetaRegalo).set({ id_pay: idPay }).where(eq(tarjetaRegalo.id, id));
    },
    async markFailed(id: number, now: Date) {
      await db.update(tarjetaRegalo).set({ estado: "fallida", updatedAt: now }).where(eq(tarjetaRegalo.id, id));
    },
    async findByPaymentId(idPay: string): Promise<TarjetaRow | null> {
      const [row] = await db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id_pay, idPay));
      return row ?? null;
    },
    async findById(id: number): Promise<TarjetaRow | null> {
      const [row] = await db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id, id));
      return row ?? null;
    },
    /**
     * The capture claim (as an order's, compra.service.ts): one confirm captures, the others wait. A claim older than
     * `staleBefore` belonged to a process that died and is taken over (the same PayPal-Request-Id replays at PayPal).
     */
    async claimCapture(id: number, now: Date, staleBefore: Date): Promise<TarjetaRow | null> {
      const [row] = await db
        .update(tarjetaRegalo)
        .set({ capture_claimed_at: now })
        .where(sql`${tarjetaRegalo.id} = ${id} and ${tarjetaRegalo.estado} = 'pendiente' and (${tarjetaRegalo.capture_claimed_at} is null or ${tarjetaRegalo.capture_claimed_at} < ${staleBefore})`)
        .returning();
      return row ?? null;
    },
    async releaseClaim(id: number, nextAttempt: boolean) {
      await db
        .update(tarjetaRegalo)
        .set({ capture_claimed_at: null, ...(nextAttempt ? { capture_attempt: sql`${tarjetaRegalo.capture_attempt} + 1` } : {}) })
        .where(eq(tarjetaRegalo.id, id));
    },
    /** The purchase captured: the card gets its value, once (only a 'pendiente' card is loaded). */
    async activatePurchase(id: number, captureId: string, today: string, now: Date, actor: AuditActor, jobs: JobQueue | undefined): Promise<TarjetaRow | null> {
      return db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [card] = await tx.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id, id)).for("update");
        if (!card || card.estado !== "pendiente") return null;
        return load(tx, card, today, now, actor, jobs, null, { capture_id: captureId, capture_claimed_at: null });
      });
    },
    async page(params: ListParams, now: Date) {
      const page = await listPage(db, tarjetaRegalo, TARJETA_LIST, params);
      const balances = await balancesOf(db, page.rows.map((r) => r.id), now);
      return { ...page, rows: page.rows.map((r) => toTarjeta(r, balances.get(r.id) ?? 0)) };
    },
    /** A card with every movement, oldest first, and whether each counts in the balance now. */
    async detail(id: number, now: Date): Promise<TarjetaDetalle | null> {
      const [card] = await db.select().from(tarjetaRegalo).where(eq(tarjetaRegalo.id, id));
      if (!card) return null;
      const movimientos = rowsOf<{ id: number; tipo: "carga" | "pago" | "devolucion"; importe_cents: number; pedido_id: number | null; referencia: string | null; cuenta: boolean; created_at: Date | string }>(
        await db.execute(sql`
          select m.id, m.tipo, m.importe_cents, m.pedido_id, pedido.referencia, ${movementCountsSql(now)} as cuenta, m.created_at
          from tarjeta_movimiento m left join pedido on pedido.id = m.pedido_id
          where m.tarjeta_id = ${id} order by m.id`),
      );
      const saldo = (await balancesOf(db, [id], now)).get(id) ?? 0;
      return {
        ...toTarjeta(card, saldo),
        movimientos: movimientos.map((m) => ({
          id: Number(m.id),
          tipo: m.tipo,
          importe: fromCents(Number(m.importe_cents)),
          pedido_id: m.pedido_id === null ? null : Number(m.pedido_id),
          referencia: m.referencia,
          cuenta: m.cuenta === true || (m.cuenta as unknown) === "t",
          createdAt: new Date(m.created_at).toISOString(),
        })),
      };
    },
  };
}

/**
 * Staff refund a cancelled booking onto a new card instead of PayPal (decision 0024): the card is made and loaded in
 * the refund's own transaction, addressed to the booking's buyer, and its e-mail queued there too.
 */
export async function issueRefundCard(
  tx: Db,
  refund: { orderId: number; referencia: string; nombre: string; email: string; cents: number; staffId: number | null },
  today: string,
  now: Date,
  actor: AuditActor,
  jobs: JobQueue | undefined,
): Promise<TarjetaRow> {
  const [card] = await tx
    .insert(tarjetaRegalo)
    .values({
      codigo: newTarjetaCodigo(),
      estado: "pendiente",
      origen: "reembolso",
      importe_cents: refund.cents,
      comprador_nombre: "Puzzle Travel",
      comprador_email: refund.email,
      destinatario_nombre: refund.nombre,
      destinatario_email: refund.email,
      mensaje: null,
      pedido_origen_id: refund.orderId,
      staff_usuario_id: refund.staffId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return load(tx, card!, today, now, actor, jobs, refund.referencia);
}

/** A cancelled line's part back to the card that paid it (decision 0024: card first), in the refund's transaction. */
export async function returnToCard(tx: Db, cardId: number, cents: number, orderId: number, refundId: number, now: Date, actor: AuditActor): Promise<void> {
  await tx.insert(tarjetaMovimiento).values({ tarjeta_id: cardId, tipo: "devolucion", importe_cents: cents, pedido_id: orderId, reembolso_id: refundId, createdAt: now });
  await recordAudit(tx, actor, { action: "devolucion", resource: "tarjeta_regalo", resourceId: cardId, after: { pedido: orderId, importe: fromCents(cents), reembolso: refundId } });
}

