import QRCode from "qrcode";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { TARJETA_TIPOS, renderTarjeta, type TarjetaMailJob } from "./tarjetas.mail.ts";
import type { JobInfo, JobQueue, QueueDefinition } from "../jobs/queue.ts";
import type { Notifier } from "../notifications/notifier.ts";
import { correoExists, correoMessageKey, findCorreo, insertCorreo, markCorreoSent, markCorreoTryFailed } from "./correo.repository.ts";
import { buildIcs } from "./ics.ts";
import {
  avisoCambioSubject,
  cancelacionSubject,
  cambioFechaSubject,
  confirmacionSubject,
  miReservaUrl,
  nuevoPedidoSubject,
  recordatorioSubject,
  renderAvisoCambio,
  renderCancelacion,
  renderConfirmacion,
  renderNuevoPedido,
  renderRecordatorio,
  viajerosTexto,
  type BookingChange,
  type MailReserva,
  type RefundInfo,
  type RenderedMail,
} from "./templates.ts";
import type { MailTransport } from "./transport.ts";
import { ALERT_TIPOS, renderAlert, type AlertJob } from "./alerts.ts";
import { WAITLIST_TIPOS, renderEspera, type EsperaMailJob } from "./lista-espera.mail.ts";

/** Delivers one row of the `correo` table. */
export const MAIL_QUEUE = "correo";
/** At departure − 24 h: checks the line is still booked, then adds its reminder e-mail. */
export const REMINDER_QUEUE = "recordatorio";
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** What the e-mails need from the booking view (reserva.view.ts), plus the state that decides whether to send. */
export interface MailView extends MailReserva {
  pagado: boolean;
  canal: "tienda" | "octo";
}

export interface MailerDeps {
  db: Db;
  queue: JobQueue;
  transport: MailTransport;
  loadView: (orderId: number, now: Date) => Promise<MailView | null>;
  /** The refund behind a cancellation (amount and state), from the refunds module. */
  loadRefund: (refundId: number) => Promise<RefundInfo | null>;
  storefrontUrl: string;
  staffEmail: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

interface DeliverJob {
  correoId: number;
  /** Cancellation e-mails: which lines, which refund, who cancelled. */
  lineIds?: number[];
  reembolsoId?: number | null;
  porStaff?: boolean;
  /** Staff notices (aviso_cambio): what the buyer changed. */
  cambio?: BookingChange;
  /** Security alerts (alerts.ts): what the e-mail tells. */
  aviso?: AlertJob;
  /** The waiting list's e-mails (lista-espera.mail.ts): the departure, the travellers, the links. */
  espera?: EsperaMailJob;
  /** A gift card's e-mail (tarjetas.mail.ts). */
  tarjeta?: TarjetaMailJob;
}

interface ReminderJob {
  pedidoId: number;
  lineaId: number;
  /** The departure's start it was scheduled for (ISO): a line moved since (a date change) drops this reminder. */
  para?: string;
  /** Scheduled by this date change (its own e-mail key: the line may have had a reminder of its old date). */
  cambio?: number;
}

export function mailQueues(settings: { retryLimit: number; retryDelaySeconds: number }): QueueDefinition[] {
  return [
    { name: MAIL_QUEUE, retryLimit: settings.retryLimit, retryDelaySeconds: settings.retryDelaySeconds, expireInSeconds: 120 },
    { name: REMINDER_QUEUE, retryLimit: settings.retryLimit, retryDelaySeconds: settings.retryDelaySeconds, expireInSeconds: 120 },
  ];
}

export const confirmacionKey = (orderId: number) => `confirmacion:${orderId}`;

/**
 * The Notifier on the job queue. Each event adds its `correo` rows and their delivery jobs in one transaction,
 * guarded by the rows' unique keys: a second report of the same event (the return page and the webhook, two API
 * processes, a retried request) finds the key taken and adds nothing. The confirmation's key also guards the
 * staff e-mail and the reminders, which are added with it.
 */
export function createMailNotifier(deps: MailerDeps): Pick<Notifier, "orderPaid" | "orderCancelled" | "bookingChanged" | "dateChanged"> {
  const { db, queue, log } = deps;

  /**
   * The staff e-mail about a buyer's change to a booking (a cancellation, a new date), added on `tx` with the event's
   * other e-mails; `clave` names the event, so a second report of it adds nothing.
   */
  async function queueStaffNotice(
    tx: Parameters<Parameters<typeof queue.db.transaction>[0]>[0],
    view: MailView,
    event: { cambio: BookingChange; lineIds: number[]; refundId: number | null; clave: string },
  ): Promise<void> {
    const id = await insertCorreo(tx, {
      tipo: "aviso_cambio",
      orderId: view.orderId,
      lineId: event.lineIds.length === 1 ? event.lineIds[0]! : null,
      destinatario: deps.staffEmail,
      asunto: avisoCambioSubject(view, event.cambio),
      clave: `aviso_cambio:${event.clave}`,
    });
    if (id !== null) {
      const job: DeliverJob = { correoId: id, lineIds: event.lineIds, reembolsoId: event.refundId, cambio: event.cambio };
      await queue.send(MAIL_QUEUE, job, { tx });
    }
  }

  return {
    async orderPaid(orderId) {
      if (await correoExists(db, confirmacionKey(orderId))) return;
      const now = deps.now();
      const view = await deps.loadView(orderId, now);
      // never before the capture; resellers send their own vouchers for OCTO bookings
      if (!view || !view.pagado || view.canal !== "tienda") return;
      const added = await queue.db.transaction(async (tx) => {
        const confirmacion = await insertCorreo(tx, {
          tipo: "confirmacion",
          orderId,
          lineId: null,
          destinatario: view.email,
          asunto: confirmacionSubject(view),
          clave: confirmacionKey(orderId),
        });
        if (confirmacion === null) return false;
        await queue.send(MAIL_QUEUE, { correoId: confirmacion } satisfies DeliverJob, { tx });
        const staff = await insertCorreo(tx, {
          tipo: "nuevo_pedido",
          orderId,
          lineId: null,
          destinatario: deps.staffEmail,
          asunto: nuevoPedidoSubject(view),
          clave: `nuevo_pedido:${orderId}`,
        });
        if (staff !== null) await queue.send(MAIL_QUEUE, { correoId: staff } satisfies DeliverJob, { tx });
        for (const linea of view.lineas) {
          const at = new Date(linea.inicio.getTime() - REMINDER_LEAD_MS);
          // a departure less than a day away gets no reminder: the confirmation has just gone out
          if (linea.canceladaAt || at <= now) continue;
          await queue.send(REMINDER_QUEUE, { pedidoId: orderId, lineaId: linea.id, para: linea.inicio.toISOString() } satisfies ReminderJob, {
            tx,
            startAfter: at,
            singletonKey: `recordatorio:${linea.id}`,
          });
        }
        return true;
      });
      if (added) log.info({ pedido: orderId }, "confirmation e-mails queued");
    },

    async dateChanged({ orderId, lineId, dateChangeId }) {
      const clave = `cambio_fecha:${dateChangeId}`;
      if (await correoExists(db, clave)) return;
      const now = deps.now();
      const view = await deps.loadView(orderId, now);
      if (!view || !view.pagado || view.canal !== "tienda") return;
      await queue.db.transaction(async (tx) => {
        const id = await insertCorreo(tx, { tipo: "cambio_fecha", orderId, lineId: null, destinatario: view.email, asunto: cambioFechaSubject(view), clave });
        if (id === null) return;
        await queue.send(MAIL_QUEUE, { correoId: id } satisfies DeliverJob, { tx });
        // the moved line's reminder, for its new date (the old one drops itself: its `para` no longer matches)
        for (const linea of view.lineas.filter((l) => l.id === lineId)) {
          const at = new Date(linea.inicio.getTime() - REMINDER_LEAD_MS);
          if (linea.canceladaAt || at <= now) continue;
          const para = linea.inicio.toISOString();
          await queue.send(REMINDER_QUEUE, { pedidoId: orderId, lineaId: linea.id, para, cambio: dateChangeId } satisfies ReminderJob, {
            tx,
            startAfter: at,
            singletonKey: `recordatorio:${linea.id}:${para}`,
          });
        }
      });
      log.info({ pedido: orderId, cambio: dateChangeId }, "date change e-mail queued");
    },

    async orderCancelled({ orderId, lineIds, refundId, porStaff }) {
      const view = await deps.loadView(orderId, deps.now());
      if (!view || view.canal !== "tienda") return;
      const ids = [...new Set(lineIds)].sort((a, b) => a - b);
      const clave = `${orderId}:${refundId ?? "sin-reembolso"}:${ids.join(",")}`;
      await queue.db.transaction(async (tx) => {
        const id = await insertCorreo(tx, {
          tipo: "cancelacion",
          orderId,
          lineId: ids.length === 1 ? ids[0]! : null,
          destinatario: view.email,
          asunto: cancelacionSubject(view),
          clave: `cancelacion:${clave}`,
        });
        if (id !== null) await queue.send(MAIL_QUEUE, { correoId: id, lineIds: ids, reembolsoId: refundId, porStaff } satisfies DeliverJob, { tx });
        // staff hear of what buyers cancel themselves (staff's own cancellations are in Actividad)
        if (!porStaff) await queueStaffNotice(tx, view, { cambio: "cancelacion", lineIds: ids, refundId, clave });
      });
    },

    async bookingChanged({ orderId, lineIds, clave }) {
      const view = await deps.loadView(orderId, deps.now());
      if (!view || !view.pagado) return;
      const ids = [...new Set(lineIds)].sort((a, b) => a - b);
      await queue.db.transaction((tx) => queueStaffNotice(tx, view, { cambio: "cambio_de_fecha", lineIds: ids, refundId: null, clave: `cambio:${clave}` }));
    },
  };
}

/** The QR code of the voucher: the reference text only (what the check-in screen reads). */
export function voucherQrPng(referencia: string): Promise<Buffer> {
  return QRCode.toBuffer(referencia, { type: "png", width: 400, margin: 2, errorCorrectionLevel: "M" });
}

export function voucherIcs(view: MailReserva, storefrontUrl: string, now: Date): string {
  return buildIcs(
    view.lineas
      .filter((l) => !l.canceladaAt)
      .map((l) => ({
        uid: `${view.referencia}-${l.id}@tours`,
        start: l.inicio,
        ...(l.fin ? { end: l.fin } : {}),
        ...(l.encuentro ? { geo: l.encuentro } : {}),
        zone: l.zona,
        summary: l.tourNombre,
        location: l.puntoEncuentro,
        description: `Reserva ${view.referencia} (PIN ${view.pin}). ${l.horaTexto}. Viajeros: ${viajerosTexto(l)}.`,
        url: miReservaUrl({ storefrontUrl }, view),
      })),
    now,
  );
}

/** Runs this process's share of the mail jobs (pg-boss hands each job to one worker across all processes). */
export async function startMailWorkers(deps: MailerDeps): Promise<void> {
  const { db, queue, log } = deps;
  const links = { storefrontUrl: deps.storefrontUrl };

  async function render(row: NonNullable<Awaited<ReturnType<typeof findCorreo>>>, view: MailView, data: DeliverJob): Promise<RenderedMail | null> {
    const now = deps.now();
    switch (row.tipo) {
      case "confirmacion":
        return renderConfirmacion(view, links, { qrPng: await voucherQrPng(view.referencia), ics: voucherIcs(view, deps.storefrontUrl, now) });
      case "cambio_fecha":
        // the confirmation again, on the new date: same reference and PIN, a new voucher and .ics
        return {
          ...renderConfirmacion(view, links, { qrPng: await voucherQrPng(view.referencia), ics: voucherIcs(view, deps.storefrontUrl, now) }),
          subject: cambioFechaSubject(view),
        };
      case "nuevo_pedido":
        return renderNuevoPedido(view, links);
      case "recordatorio": {
        const linea = view.lineas.find((l) => l.id === row.linea_id);
        return linea && !linea.canceladaAt ? renderRecordatorio(view, linea, links) : null;
      }
      case "aviso_cambio": {
        const ids = new Set(data.lineIds ?? []);
        const lines = view.lineas.filter((l) => ids.has(l.id));
        const refund = data.reembolsoId ? await deps.loadRefund(data.reembolsoId) : null;
        return renderAvisoCambio(view, lines, data.cambio ?? "cancelacion", refund, links);
      }
      case "cancelacion": {
        const ids = new Set(data.lineIds ?? []);
        const cancelled = view.lineas.filter((l) => (ids.size ? ids.has(l.id) : l.canceladaAt));
        const refund = data.reembolsoId ? await deps.loadRefund(data.reembolsoId) : null;
        return renderCancelacion(view, cancelled, refund, data.porStaff ?? false, links);
      }
      default:
        return null;
    }
  }

  await queue.work<DeliverJob>(MAIL_QUEUE, async (data, job: JobInfo) => {
    const row = await findCorreo(db, data.correoId);
    if (!row || row.estado === "enviado") return;
    const view = row.pedido_id === null ? null : await deps.loadView(row.pedido_id, deps.now());
    const mail = ALERT_TIPOS.has(row.tipo)
      ? renderAlert(row, data.aviso!, links)
      : WAITLIST_TIPOS.has(row.tipo)
        ? data.espera
          ? renderEspera(row, data.espera, links)
          : null
        : TARJETA_TIPOS.has(row.tipo)
          ? data.tarjeta
            ? renderTarjeta(data.tarjeta, links)
            : null
          : view
          ? await render(row, view, data)
          : null;
    if (!mail) {
      // the order or the line is gone (a reminder for a line cancelled since): nothing to say any more
      await markCorreoTryFailed(db, row.id, "No se envió: la reserva ya no está vigente", "fallido", deps.now());
      return;
    }
    try {
      await deps.transport.send({ ...mail, to: row.destinatario, key: correoMessageKey(row) });
    } catch (err) {
      const last = job.retryCount >= job.retryLimit;
      const reason = err instanceof Error ? err.message : String(err);
      await markCorreoTryFailed(db, row.id, reason, last ? "fallido" : "pendiente", deps.now());
      log.warn({ err, correo: row.id, intento: job.retryCount + 1 }, last ? "e-mail failed for good" : "e-mail failed; will retry");
      throw err;
    }
    await markCorreoSent(db, row.id, deps.now());
    log.info({ correo: row.id, tipo: row.tipo }, "e-mail sent");
  });

  await queue.work<ReminderJob>(REMINDER_QUEUE, async ({ pedidoId: orderId, lineaId: lineId, para, cambio }) => {
    const view = await deps.loadView(orderId, deps.now());
    const linea = view?.lineas.find((l) => l.id === lineId);
    // checked now, not when the order was paid: a cancelled line or order gets no reminder, nor a departure
    // already gone (the job ran late, e.g. after a long outage)
    if (!view || !view.pagado || !linea || linea.canceladaAt || linea.inicio <= deps.now()) return;
    // the line moved to another date since this reminder was scheduled: the date change scheduled its own
    if (para && para !== linea.inicio.toISOString()) return;
    await queue.db.transaction(async (tx) => {
      const id = await insertCorreo(tx, {
        tipo: "recordatorio",
        orderId,
        lineId,
        destinatario: view.email,
        asunto: recordatorioSubject(linea),
        clave: cambio ? `recordatorio:${orderId}:${lineId}:cambio-${cambio}` : `recordatorio:${orderId}:${lineId}`,
      });
      if (id !== null) await queue.send(MAIL_QUEUE, { correoId: id } satisfies DeliverJob, { tx });
    });
  });
}
