import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { drizzleExecutor, type JobQueue, type QueueDefinition } from "../../jobs/queue.ts";
import { OWED, refundOwed, type DineroDeps } from "./cambio-fecha.dinero.ts";
import { cambioFecha } from "./cambio-fecha.table.ts";

/**
 * The refund a date change owes (a cheaper departure's difference, or a paid difference whose departure filled up)
 * as a job on the queue (pg-boss, docs/decisions/0012): sent in the transaction that makes it owed, so a move never
 * commits without its refund queued. The job asks through `refundOwed` (the row's claim and its PayPal-Request-Id),
 * so a job run twice, or alongside the request that tried at once, refunds once; a refusal or no answer fails the
 * try and pg-boss retries it with backoff. At start every refund still owed gets a job again.
 */

const CAMBIO_REFUND_QUEUE = "cambio-fecha-reembolso";
const CAMBIO_REFUND_QUEUE_DEF: QueueDefinition = {
  name: CAMBIO_REFUND_QUEUE,
  // PayPal's calls time out after 8 s: a job running 30 s belongs to a process that died
  expireInSeconds: 30,
  // 2 s, 4 s, 8 s… (jittered), about a day and a half in all; a row still owed after that is queued again at start
  retryLimit: 16,
  retryDelaySeconds: 2,
};

interface RefundJob {
  cambioId: number;
}

/** Queues the owed refund of change `dateChangeId` inside `tx` (no queue: the request's own try and later visits retry it). */
export async function queueOwedRefund(jobs: JobQueue | undefined, tx: Db, dateChangeId: number): Promise<void> {
  if (!jobs) return;
  await jobs.send(CAMBIO_REFUND_QUEUE, { cambioId: dateChangeId } satisfies RefundJob, { singletonKey: `cambio-${dateChangeId}`, tx: drizzleExecutor(tx) });
}

/** Works the queue in this process, and queues again every refund still owed (one lost with a job that ran out of tries). */
export async function startOwedRefunds(deps: DineroDeps & { jobs: JobQueue }): Promise<void> {
  const { jobs, db, log } = deps;
  await jobs.define(CAMBIO_REFUND_QUEUE_DEF);
  await jobs.work<RefundJob>(
    CAMBIO_REFUND_QUEUE,
    async ({ cambioId: dateChangeId }) => {
      const row = await refundOwed(deps, dateChangeId);
      // still owed (PayPal refused or did not answer, or another process holds the claim): the try fails, pg-boss retries
      if (OWED.includes(row.estado)) throw new Error(`date change ${dateChangeId}: refund still owed (${row.error ?? "claimed elsewhere"})`);
    },
    { pollingIntervalSeconds: 0.5 },
  );
  const owed = await db.select({ id: cambioFecha.id }).from(cambioFecha).where(inArray(cambioFecha.estado, OWED));
  for (const { id } of owed) await jobs.send(CAMBIO_REFUND_QUEUE, { cambioId: id } satisfies RefundJob, { singletonKey: `cambio-${id}` });
  if (owed.length > 0) log.info({ cambios: owed.length }, "date change refunds still owed queued again");
}
