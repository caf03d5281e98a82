import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { departureKey } from "@tours/domain";
import type { Db } from "../../db/client.ts";
import type { JobQueue, QueueDefinition } from "../../jobs/queue.ts";
import type { PaymentProvider } from "../../adapters/paypal/types.ts";
import type { Notifier } from "../../notifications/notifier.ts";
import { HttpError } from "../../http/errors.ts";
import { type AuditActor, audited } from "../auditoria/auditoria.ts";
import { pedido, pedidoLine } from "../compra/compra.table.ts";
import { createCancelacionService } from "../reservas/cancelacion.service.ts";
import { CANCELACION_MSG } from "../reservas/reservas.messages.ts";
import { lockDeparture } from "./cupo.ts";
import { recordPlacesFreed } from "../plazas/plazas-liberadas.ts";
import { salida } from "./salidas.table.ts";

/**
 * Cancelling a whole departure (weather, a guide ill; issue 22, docs/decisions/0016-the-operators-day.md). In one
 * transaction the departure closes, its unpaid holds are released and the cancellation is audited with its reason;
 * then each paid booking gets a job on the queue (pg-boss) that refunds it through the one cancellation service
 * (reservas/cancelacion.service.ts: PayPal-Request-Id per order and lines, so a retried refund is a replay at
 * PayPal) and e-mails the buyer (the cancellation e-mail's key is per order and lines, so it goes out once).
 * A process that dies mid-way leaves its jobs in the database: the others run in any process, the one it was
 * running is retried once it expires. Cancelling the same departure again queues what is still paid.
 */

export const CANCEL_DEPARTURE_QUEUE = "salida-cancelada";
const CANCEL_DEPARTURE_QUEUE_DEF: QueueDefinition = {
  name: CANCEL_DEPARTURE_QUEUE,
  // PayPal's calls time out after 8 s: a job running 30 s belongs to a process that died
  expireInSeconds: 30,
  // 5 s, 10 s, 20 s…: long enough for an abandoned refund claim (60 s) to be taken over
  retryLimit: 12,
  retryDelaySeconds: 5,
};

interface CancelJob {
  pedidoId: number;
  lineaId: number;
  motivo: string;
  actor: AuditActor;
}

export interface CancelDepartureDeps {
  db: Db;
  jobs: JobQueue;
  payments: PaymentProvider;
  notifier: Notifier;
  now: () => Date;
  log: FastifyBaseLogger;
}

export async function startDepartureCancellations(deps: CancelDepartureDeps) {
  const { db, jobs, log } = deps;
  const cancelacion = createCancelacionService({ db, payments: deps.payments, notifier: deps.notifier, now: deps.now, log, jobs });
  await jobs.define(CANCEL_DEPARTURE_QUEUE_DEF);

  await jobs.work<CancelJob>(
    CANCEL_DEPARTURE_QUEUE,
    async ({ pedidoId: orderId, lineaId: lineId, motivo, actor }) => {
      const [line] = await db
        .select({ canceladaAt: pedidoLine.cancelada_at, refundId: pedidoLine.reembolso_id })
        .from(pedidoLine)
        .where(eq(pedidoLine.id, lineId));
      if (!line) return;
      if (line.canceladaAt) {
        // refunded already (by an earlier try that died before its e-mail, or by hand): the e-mail, once (its key)
        if (line.refundId) await deps.notifier.orderCancelled({ orderId, lineIds: [lineId], refundId: line.refundId, porStaff: true });
        return;
      }
      try {
        await cancelacion.cancel({ orderId, linea: lineId, por: "staff", actor, motivo });
      } catch (err) {
        // another cancellation of the order is with PayPal (or one abandoned by a dead process, taken over after
        // its minute): try again later; PayPal's refusals and silences too. Other refusals are final.
        const msg = err instanceof HttpError ? ((err.body as { errors?: Array<{ msg?: string }> }).errors?.[0]?.msg ?? "") : "";
        if (err instanceof HttpError && err.statusCode === 409 && msg !== CANCELACION_MSG.inProgress) {
          log.warn({ pedido: orderId, linea: lineId, msg }, "departure cancellation: booking not refunded");
          return;
        }
        throw err;
      }
    },
    { pollingIntervalSeconds: 0.5 },
  );

  /** Closes the departure, releases its holds and queues a refund per paid booking; what was done, in numbers. */
  async function cancelDeparture(input: { tourId: number; fecha: string; hora: string; motivo: string; actor: AuditActor }) {
    const now = deps.now();
    const key = departureKey(input.tourId, input.fecha, input.hora);
    const paid = await audited(db, input.actor, async (tx, audit) => {
      const dep = await lockDeparture(tx, input.tourId, input.fecha, input.hora);
      const wasClosed = dep.cerrada;
      await tx.update(salida).set({ cerrada: true, updatedAt: now }).where(eq(salida.id, dep.id));
      // unpaid holds: released (nothing was charged); a capture under way is left to finish and is refunded below
      const released = await tx
        .update(pedido)
        .set({ estado: "cancelado", updatedAt: now })
        .where(
          and(
            eq(pedido.estado, "pendiente"),
            isNull(pedido.capture_claimed_at),
            inArray(pedido.id, sql`(select l.id_pedido from pedido_line l where l.salida_id = ${dep.id} and l.cancelada_at is null)`),
          ),
        )
        .returning({ id: pedido.id, canal: pedido.canal });
      // the released holds (and the refunds to come) change its places: an event, though a closed departure offers none
      await recordPlacesFreed(tx, jobs, [dep.id], "salida_cancelada");
      // and one per released OCTO hold, naming it: its reseller hears the booking was cancelled (decision 0025)
      for (const order of released.filter((o) => o.canal === "octo")) await recordPlacesFreed(tx, jobs, [dep.id], "salida_cancelada", order.id);
      const lines = await tx
        .select({ lineaId: pedidoLine.id, pedidoId: pedidoLine.id_pedido })
        .from(pedidoLine)
        .innerJoin(pedido, eq(pedido.id, pedidoLine.id_pedido))
        .where(and(eq(pedidoLine.salida_id, dep.id), isNull(pedidoLine.cancelada_at), eq(pedido.estado, "pagado"), eq(pedido.canal, "tienda")))
        .orderBy(pedidoLine.id);
      await audit({
        action: "cancel",
        resource: "salida",
        resourceId: key,
        before: { cerrada: wasClosed },
        after: { cerrada: true, motivo: input.motivo, reservas_a_reembolsar: lines.length, retenciones_liberadas: released.length },
      });
      return { lines, released: released.length };
    });
    // after the commit: one job per booking, keyed by its line (a second cancel while one is queued adds nothing)
    for (const l of paid.lines) {
      await jobs.send(CANCEL_DEPARTURE_QUEUE, { ...l, motivo: input.motivo, actor: input.actor } satisfies CancelJob, { singletonKey: `linea-${l.lineaId}` });
    }
    log.info({ salida: key, reembolsos: paid.lines.length, liberadas: paid.released }, "departure cancelled");
    return { salida: key, reembolsos: paid.lines.length, liberadas: paid.released };
  }

  return { cancelDeparture };
}
