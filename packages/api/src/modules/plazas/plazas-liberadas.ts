import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { drizzleExecutor, type JobQueue, type QueueDefinition } from "../../jobs/queue.ts";
import { pedido, pedidoLine } from "../compra/compra.table.ts";
import { lockDepartures } from "../salidas/cupo.ts";
import { salida, type SalidaRow } from "../salidas/salidas.table.ts";
import { plazasLiberadas, type PlazasOrigen } from "./plazas.table.ts";

/**
 * "Plazas liberadas" (docs/decisions/0023): every change that may free places of a departure — a cancellation or
 * refund, a hold that lapses unpaid, a capacity raised, a departure or date reopened, an OCTO booking cancelled —
 * writes one row here in its own transaction, and the job that handles it goes into the queue (pg-boss) in that
 * same transaction: a crash leaves both or neither. The job runs in whichever API process takes it: it locks the
 * departure (the checkouts' lock, decision 0007), hands the event to each consumer (today the waiting list) and marks
 * it handled, all in one transaction; a job run twice finds it handled and does nothing. Generic on purpose: later
 * consumers (OCTO webhooks, messages) read the same rows.
 */

export const PLACES_FREED_QUEUE = "plazas-liberadas";
/** At a hold's expiry: if the order is still unpaid and its hold did lapse, its places are freed (an event). */
export const HOLD_LAPSE_QUEUE = "retencion-vencida";

const QUEUES: QueueDefinition[] = [
  // a consumer's work is a few statements: a job running 60 s belongs to a process that died
  { name: PLACES_FREED_QUEUE, expireInSeconds: 60, retryLimit: 20, retryDelaySeconds: 2 },
  { name: HOLD_LAPSE_QUEUE, expireInSeconds: 60, retryLimit: 10, retryDelaySeconds: 2 },
];

interface PlacesFreedJob {
  eventoId: number;
}
interface HoldLapseJob {
  pedidoId: number;
  /** The hold's end it was scheduled for (ISO). */
  hasta: string;
}

export interface PlacesFreedEvent {
  id: number;
  origen: PlazasOrigen;
  orderId: number | null;
}

/** What handles an event, inside its transaction, with the departure locked. */
export type PlacesFreedConsumer = (tx: Db, departure: SalidaRow, event: PlacesFreedEvent, now: Date) => Promise<void>;

/**
 * Records that places of these departures may be free, inside `tx` (the change's own transaction), with a job per
 * event in the same transaction. Without a queue (an app without jobs) the rows wait: a process that starts with
 * one queues every event still unhandled.
 */
export async function recordPlacesFreed(
  tx: Db,
  jobs: JobQueue | undefined,
  departureIds: ReadonlyArray<number | null>,
  origen: PlazasOrigen,
  orderId: number | null = null,
): Promise<void> {
  const ids = [...new Set(departureIds.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const rows = await tx
    .insert(plazasLiberadas)
    .values(ids.map((salidaId) => ({ salida_id: salidaId, origen, pedido_id: orderId })))
    .returning({ id: plazasLiberadas.id });
  if (!jobs) return;
  for (const { id } of rows) await jobs.send(PLACES_FREED_QUEUE, { eventoId: id } satisfies PlacesFreedJob, { tx: drizzleExecutor(tx) });
}

/** The departures of an order's lines (or of some of them), for recordPlacesFreed. */
export async function departuresOfOrder(tx: Db, orderId: number, lineIds?: number[]): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: pedidoLine.salida_id })
    .from(pedidoLine)
    .where(and(eq(pedidoLine.id_pedido, orderId), lineIds ? inArray(pedidoLine.id, lineIds.length ? lineIds : [-1]) : undefined));
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

/** Schedules, inside `tx`, the check at `until` of whether the order's hold lapsed unpaid (at a hold's creation or renewal). */
export async function scheduleHoldLapse(tx: Db, jobs: JobQueue | undefined, orderId: number, until: Date): Promise<void> {
  if (!jobs) return;
  const hasta = until.toISOString();
  await jobs.send(HOLD_LAPSE_QUEUE, { pedidoId: orderId, hasta } satisfies HoldLapseJob, {
    tx: drizzleExecutor(tx),
    // a second after: the hold is over by every clock that agrees with the database's to a second
    startAfter: new Date(until.getTime() + 1000),
    singletonKey: `retencion:${orderId}:${hasta}`,
  });
}

export interface PlacesFreedDeps {
  db: Db;
  jobs: JobQueue;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "warn">;
  consumers: PlacesFreedConsumer[];
}

/** Works both queues in this process and queues again every event still unhandled (its job lost or never sent). */
export async function startPlacesFreed(deps: PlacesFreedDeps): Promise<void> {
  const { db, jobs, log } = deps;
  for (const q of QUEUES) await jobs.define(q);

  await jobs.work<PlacesFreedJob>(
    PLACES_FREED_QUEUE,
    async ({ eventoId }) => {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [event] = await tx.select().from(plazasLiberadas).where(eq(plazasLiberadas.id, eventoId)).for("update");
        if (!event || event.atendido_at) return;
        const [dep] = await tx.select().from(salida).where(eq(salida.id, event.salida_id));
        if (dep) {
          // the checkouts' lock: nothing is sold on this departure while its freed places are handed out
          const [locked] = await lockDepartures(tx, [{ tourId: dep.tourId, fecha: dep.fecha, hora: dep.hora }]);
          const now = deps.now();
          for (const consume of deps.consumers) await consume(tx, locked!, { id: event.id, origen: event.origen, orderId: event.pedido_id }, now);
        }
        await tx.update(plazasLiberadas).set({ atendido_at: deps.now() }).where(eq(plazasLiberadas.id, eventoId));
      });
    },
    { pollingIntervalSeconds: 0.5 },
  );

  await jobs.work<HoldLapseJob>(
    HOLD_LAPSE_QUEUE,
    async ({ pedidoId: orderId, hasta }) => {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [order] = await tx.select().from(pedido).where(eq(pedido.id, orderId)).for("update");
        if (!order || order.estado !== "pendiente" || order.capture_claimed_at || !order.hold_expires_at) return;
        // renewed since: the renewal scheduled its own check
        if (order.hold_expires_at.toISOString() !== hasta) return;
        const left = order.hold_expires_at.getTime() - deps.now().getTime();
        // this process's clock a little behind the database's: try again in a moment (pg-boss retries)
        if (left > 0 && left < 60_000) throw new Error(`hold of order ${orderId} not over yet (${left} ms)`);
        if (left > 0) return;
        await recordPlacesFreed(tx, jobs, await departuresOfOrder(tx, orderId), "retencion_vencida", orderId);
      });
    },
    { pollingIntervalSeconds: 0.5 },
  );

  const pending = await db
    .select({ id: plazasLiberadas.id })
    .from(plazasLiberadas)
    .where(isNull(plazasLiberadas.atendido_at))
    .orderBy(asc(plazasLiberadas.id));
  for (const { id } of pending) await jobs.send(PLACES_FREED_QUEUE, { eventoId: id } satisfies PlacesFreedJob, { singletonKey: `plazas-${id}` });
  if (pending.length > 0) log.info({ eventos: pending.length }, "freed places still unhandled queued again");
}
