import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, sql } from "drizzle-orm";
import { departureKey } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/rows.ts";
import { drizzleExecutor, type JobQueue, type QueueDefinition } from "../../jobs/queue.ts";
import { pedido } from "../compra/compra.table.ts";
import type { PlacesFreedConsumer } from "../plazas/plazas-liberadas.ts";
import { octoWebhook, revendedor, type OctoWebhookRow, type WebhookEvent } from "./octo.table.ts";
import { postWebhook, type AddressPolicy } from "./webhook-http.ts";

/**
 * OCTO's webhooks capability (issue 24, docs/decisions/0025-octo-webhooks.md). A change a reseller must hear of
 * writes, in its own transaction, one delivery row per subscribed webhook and a job; the job's worker (any API
 * process) POSTs the oldest pending delivery of its webhook and key (a booking, an availability), so deliveries of one
 * key go out in order; a failure is tried again with back-off for 24 h. The body is built when it is sent: it carries
 * the booking or availability as it is then, and the event's id and time say which change caused it.
 */

export const WEBHOOK_QUEUE = "octo-webhook";
const WEBHOOK_QUEUE_DEF: QueueDefinition = {
  name: WEBHOOK_QUEUE,
  // one job sends at most a few deliveries, each bounded by the POST's deadline; longer means its process died
  expireInSeconds: 120,
  retryLimit: 5,
  retryDelaySeconds: 10,
};

/** Deliveries a process sends at once: a receiver that hangs holds one of them, never the others. */
const WORKERS_PER_PROCESS = 4;
/** A failed delivery is tried again for this long after its event, then marked failed. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** The longest wait between two tries, in units of the first retry's delay (10 s × 90 = 15 min by default). */
const MAX_BACKOFF_FACTOR = 90;

interface DeliveryJob {
  webhookId: string;
  clave: string;
}

/** A webhook as its reseller sees it (OCTO's Webhook object, plus the secret its deliveries are signed with). */
export interface WebhookView {
  id: string;
  event: WebhookEvent;
  url: string;
  retryOnError: boolean;
  useContactLanguage: boolean;
  capabilities: string[];
  signingSecret: string;
  createdAt: string;
}

function viewOf(row: OctoWebhookRow, secret: string): WebhookView {
  return {
    id: row.id,
    event: row.evento,
    url: row.url,
    retryOnError: row.reintentar,
    useContactLanguage: false,
    capabilities: [],
    signingSecret: secret,
    createdAt: row.createdAt.toISOString(),
  };
}

/** An event's id from a key that names it (retrying the same change gives the same id, so it is owed once). */
export function eventIdOf(key: string): string {
  const h = createHash("sha256").update(key).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The signature a receiver checks: HMAC-SHA256 with the reseller's secret over "<timestamp>.<body>", hex, as
 * `Octo-Webhook-Signature: t=<timestamp>,v1=<hex>`.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

export interface WebhookSettings {
  addresses: AddressPolicy;
  timeoutMs: number;
  retrySeconds: number;
}

export interface OctoWebhooksDeps {
  db: Db;
  jobs?: JobQueue;
  settings: WebhookSettings;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The booking (an order's uuid) or availability (its id) as the reseller would read it now; null: gone. */
  bodyOf(event: WebhookEvent, clave: string, resellerId: number): Promise<object | null>;
}

/**
 * Records, inside `tx` (the transaction of the change), what every subscribed webhook is owed: a row per webhook
 * and a job to send it. `eventKey` names the change: recording the same key twice owes it once.
 */
async function recordWebhookEvent(
  tx: Db,
  jobs: JobQueue | undefined,
  event: WebhookEvent,
  clave: string,
  eventKey: string,
  occurredAt: Date,
  resellerId?: number,
): Promise<number> {
  const eventId = eventIdOf(eventKey);
  const owed = rowsOf<{ webhook_id: string }>(
    await tx.execute(sql`
      insert into octo_webhook_entrega (webhook_id, evento_id, evento, clave, ocurrido_at)
      select w.id, ${eventId}::uuid, w.evento, ${clave}, ${occurredAt}
      from octo_webhook w join revendedor r on r.id = w.revendedor_id and r.activo
      where w.evento = ${event} ${resellerId === undefined ? sql`` : sql`and w.revendedor_id = ${resellerId}`}
      on conflict (webhook_id, evento_id) do nothing
      returning webhook_id`),
  );
  if (jobs) {
    for (const { webhook_id } of owed) {
      await jobs.send(WEBHOOK_QUEUE, { webhookId: webhook_id, clave } satisfies DeliveryJob, { tx: drizzleExecutor(tx) });
    }
  }
  return owed.length;
}

/**
 * The webhooks' part of every freed-places event (docs/decisions/0023): the departure's availability_update for
 * every subscribed reseller, and, when the event names an OCTO booking that its hold's lapse or a cancellation ended
 * (a departure cancelled by staff releases its holds), that booking's update for its reseller. The change's name
 * makes the event's id, so a cancellation the booking call already reported is not reported twice.
 */
export function webhooksOnPlacesFreed(jobs: JobQueue | undefined): PlacesFreedConsumer {
  return async (tx, departure, event, now) => {
    await recordWebhookEvent(tx, jobs, "availability_update", departureKey(departure.tourId, departure.fecha, departure.hora), `plazas:${event.id}`, now);
    if (event.orderId === null) return;
    const [order] = await tx
      .select({ uuid: pedido.octo_uuid, resellerId: pedido.revendedor_id, estado: pedido.estado })
      .from(pedido)
      .where(eq(pedido.id, event.orderId));
    if (!order?.uuid || order.resellerId === null) return;
    const change = event.origen === "retencion_vencida" ? "expired" : order.estado === "cancelado" ? "cancelled" : null;
    if (change) await recordWebhookEvent(tx, jobs, "booking_update", order.uuid, `booking:${order.uuid}:${change}`, now, order.resellerId);
  };
}

export function createOctoWebhooks(deps: OctoWebhooksDeps) {
  const { db } = deps;

  async function secretOf(tx: Db, resellerId: number): Promise<string> {
    const [row] = await tx
      .update(revendedor)
      .set({ webhook_secreto: sql`coalesce(${revendedor.webhook_secreto}, ${randomBytes(32).toString("hex")})` })
      .where(eq(revendedor.id, resellerId))
      .returning({ secreto: revendedor.webhook_secreto });
    return row!.secreto!;
  }

  /** Registers a webhook (in `tx` when given: the panel audits it in the same transaction). */
  async function register(resellerId: number, input: { url: string; event: WebhookEvent; retryOnError?: boolean }, tx?: Db): Promise<WebhookView> {
    const work = async (t: Db) => {
      const secret = await secretOf(t, resellerId);
      const [row] = await t
        .insert(octoWebhook)
        .values({ id: randomUUID(), revendedor_id: resellerId, evento: input.event, url: input.url, reintentar: input.retryOnError ?? true })
        .returning();
      return viewOf(row!, secret);
    };
    return tx ? work(tx) : db.transaction((t) => work(t as unknown as Db));
  }

  async function list(resellerId: number, tx: Db = db): Promise<WebhookView[]> {
    const rows = await tx.select().from(octoWebhook).where(eq(octoWebhook.revendedor_id, resellerId)).orderBy(asc(octoWebhook.createdAt), asc(octoWebhook.id));
    if (rows.length === 0) return [];
    const [r] = await tx.select({ secreto: revendedor.webhook_secreto }).from(revendedor).where(eq(revendedor.id, resellerId));
    return rows.map((row) => viewOf(row, r?.secreto ?? ""));
  }

  /** Deletes a reseller's webhook (its pending deliveries with it); the webhook as it was, or null. */
  async function remove(resellerId: number, id: string, tx: Db = db): Promise<WebhookView | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
    const before = (await list(resellerId, tx)).find((w) => w.id === id);
    if (!before) return null;
    await tx.delete(octoWebhook).where(and(eq(octoWebhook.id, id), eq(octoWebhook.revendedor_id, resellerId)));
    return before;
  }

  /** Delivery states per webhook, for the panel. */
  async function deliveryCounts(resellerId: number): Promise<Map<string, { pendiente: number; entregada: number; fallida: number; ultimoError: string | null }>> {
    const rows = rowsOf<{ webhook_id: string; pendiente: number; entregada: number; fallida: number; ultimo_error: string | null }>(
      await db.execute(sql`
        select e.webhook_id,
               count(*) filter (where e.estado = 'pendiente')::int as pendiente,
               count(*) filter (where e.estado = 'entregada')::int as entregada,
               count(*) filter (where e.estado = 'fallida')::int as fallida,
               (array_agg(e.ultimo_error order by e.id desc) filter (where e.ultimo_error is not null))[1] as ultimo_error
        from octo_webhook_entrega e join octo_webhook w on w.id = e.webhook_id
        where w.revendedor_id = ${resellerId}
        group by e.webhook_id`),
    );
    return new Map(rows.map((r) => [r.webhook_id, { pendiente: Number(r.pendiente), entregada: Number(r.entregada), fallida: Number(r.fallida), ultimoError: r.ultimo_error }]));
  }

  /** A booking of a reseller changed state (confirmed, updated, cancelled, expired). */
  function bookingChanged(tx: Db, booking: { uuid: string; resellerId: number }, change: string, occurredAt: Date) {
    return recordWebhookEvent(tx, deps.jobs, "booking_update", booking.uuid, `booking:${booking.uuid}:${change}`, occurredAt, booking.resellerId);
  }

  /** Takes the oldest pending delivery of the key if it is due and nobody holds it (database time). */
  async function claim(job: DeliveryJob) {
    const holdSeconds = Math.ceil(deps.settings.timeoutMs / 1000) + 30;
    const rows = rowsOf<{ id: number; evento_id: string; evento: WebhookEvent; ocurrido_at: string | Date; intentos: number }>(
      await db.execute(sql`
        update octo_webhook_entrega e set reclamada_hasta = now() + make_interval(secs => ${holdSeconds}), intentos = e.intentos + 1
        where e.id = (select id from octo_webhook_entrega where webhook_id = ${job.webhookId} and clave = ${job.clave} and estado = 'pendiente' order by id limit 1)
          and e.estado = 'pendiente' and e.proximo_intento_at <= now() and (e.reclamada_hasta is null or e.reclamada_hasta < now())
        returning e.id, e.evento_id, e.evento, e.ocurrido_at, e.intentos`),
    );
    const row = rows[0];
    return row ? { ...row, id: Number(row.id), intentos: Number(row.intentos), ocurridoAt: new Date(row.ocurrido_at) } : null;
  }

  /** A failed try: tried again after the back-off, or (no retries, or 24 h past) given up; answers the wait or null. */
  async function failed(id: number, tries: number, retry: boolean, error: string): Promise<number | null> {
    const delaySeconds = Math.min(2 ** (tries - 1), MAX_BACKOFF_FACTOR) * deps.settings.retrySeconds;
    const [row] = rowsOf<{ estado: string }>(
      await db.execute(sql`
        update octo_webhook_entrega set
          estado = case when ${!retry} or now() - creada_at >= make_interval(secs => ${RETRY_WINDOW_MS / 1000}) then 'fallida' else 'pendiente' end,
          proximo_intento_at = now() + make_interval(secs => ${delaySeconds}),
          reclamada_hasta = null, ultimo_error = ${error}
        where id = ${id}
        returning estado`),
    );
    return row?.estado === "pendiente" ? delaySeconds * 1000 : null;
  }

  /** Sends the key's pending deliveries in order until one fails (then schedules its retry) or none is due. */
  async function deliver(job: DeliveryJob): Promise<void> {
    for (;;) {
      const delivery = await claim(job);
      if (!delivery) return;
      const [hook] = await db
        .select({ id: octoWebhook.id, evento: octoWebhook.evento, url: octoWebhook.url, reintentar: octoWebhook.reintentar, resellerId: octoWebhook.revendedor_id, secreto: revendedor.webhook_secreto })
        .from(octoWebhook)
        .innerJoin(revendedor, eq(revendedor.id, octoWebhook.revendedor_id))
        .where(eq(octoWebhook.id, job.webhookId));
      if (!hook) return; // deleted with its deliveries
      const state = await deps.bodyOf(delivery.evento, job.clave, hook.resellerId);
      const payload = JSON.stringify({
        id: delivery.evento_id,
        event: delivery.evento,
        occurredAt: delivery.ocurridoAt.toISOString(),
        webhook: { id: hook.id, event: hook.evento, url: hook.url, retryOnError: hook.reintentar, useContactLanguage: false, capabilities: [] },
        ...(delivery.evento === "booking_update" ? { booking: state } : { availability: state }),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const result = await postWebhook(
        hook.url,
        payload,
        {
          "content-type": "application/json",
          "user-agent": "tours-octo-webhooks/1",
          "octo-webhook-id": delivery.evento_id,
          "octo-webhook-event": delivery.evento,
          "octo-webhook-signature": signWebhook(hook.secreto ?? "", timestamp, payload),
        },
        { policy: deps.settings.addresses, timeoutMs: deps.settings.timeoutMs },
      );
      if (result.ok) {
        await db.execute(sql`update octo_webhook_entrega set estado = 'entregada', entregada_at = now(), reclamada_hasta = null, ultimo_error = null where id = ${delivery.id}`);
        continue;
      }
      const error = (result.error ?? "fallo").slice(0, 300);
      const waitMs = await failed(delivery.id, delivery.intentos, hook.reintentar, error);
      if (waitMs === null) {
        // given up: the key's next deliveries go on
        deps.log.warn({ webhook: job.webhookId, entrega: delivery.id, error }, "webhook delivery given up");
        continue;
      }
      await deps.jobs?.send(WEBHOOK_QUEUE, job, { startAfter: new Date(Date.now() + waitMs) });
      return;
    }
  }

  async function startWorkers(): Promise<void> {
    if (!deps.jobs) return;
    await deps.jobs.define(WEBHOOK_QUEUE_DEF);
    for (let i = 0; i < WORKERS_PER_PROCESS; i++) await deps.jobs.work<DeliveryJob>(WEBHOOK_QUEUE, deliver, { pollingIntervalSeconds: 0.5 });
  }

  return { register, list, remove, deliveryCounts, bookingChanged, deliver, startWorkers };
}

export type OctoWebhooks = ReturnType<typeof createOctoWebhooks>;

/** What the booking calls need: a change of a reseller's booking, owed in its transaction. */
export type BookingWebhooks = Pick<OctoWebhooks, "bookingChanged">;
