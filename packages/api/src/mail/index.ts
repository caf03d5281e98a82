import { eq } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { DatabaseHandle, Db } from "../db/client.ts";
import { reembolso } from "../modules/compra/compra.table.ts";
import { loadReservaView } from "../modules/reservas/reserva.view.ts";
import { startJobQueue, type JobQueue } from "../jobs/queue.ts";
import type { Notifier } from "../notifications/notifier.ts";
import { MAIL_QUEUE, createMailNotifier, mailQueues, startMailWorkers, type MailerDeps } from "./mailer.ts";
import { createAlertNotifier } from "./alerts.ts";
import { createSmtpTransport, type MailTransport } from "./transport.ts";

export interface RunningMail {
  notifier: Notifier;
  queue: JobQueue;
  /** Stops taking jobs and waits for the running ones; the database stays open (the caller closes it). */
  stop(): Promise<void>;
}

export interface StartMailOptions extends Pick<MailerDeps, "log">, Partial<Pick<MailerDeps, "loadView" | "loadRefund">> {
  handle: DatabaseHandle;
  config: Pick<Config, "mail" | "storefrontUrl">;
  /** The SMTP server to use; config.mail.smtpUrl unless given (server.ts gives the local mail server's). */
  smtpUrl?: string;
  transport?: MailTransport;
  now?: () => Date;
  /** How often idle workers look for due jobs (tests: 0.5). */
  pollingIntervalSeconds?: number;
}

/** The job queue, its mail workers and the Notifier the app hands to the booking modules. */
export async function startMail(options: StartMailOptions): Promise<RunningMail> {
  const { config, log } = options;
  const smtpUrl = options.smtpUrl ?? config.mail.smtpUrl;
  if (!options.transport && !smtpUrl) throw new Error("startMail: no SMTP server (SMTP_URL) and no transport");
  const transport = options.transport ?? createSmtpTransport(smtpUrl!, config.mail.from);
  const queue = await startJobQueue(options.handle, {
    queues: mailQueues(config.mail),
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    onError: (err) => log.error({ err }, "job queue error"),
  });
  const deps: MailerDeps = {
    db: options.handle.db,
    queue,
    transport,
    loadView: options.loadView ?? ((orderId, now) => loadReservaView(options.handle.db, { orderId }, now)),
    loadRefund: options.loadRefund ?? ((id) => loadRefund(options.handle.db, id)),
    storefrontUrl: config.storefrontUrl,
    staffEmail: config.mail.staffEmail,
    now: options.now ?? (() => new Date()),
    log,
  };
  await startMailWorkers(deps);
  return {
    notifier: { ...createMailNotifier(deps), ...createAlertNotifier({ ...deps, mailQueue: MAIL_QUEUE }) },
    queue,
    async stop() {
      await queue.stop();
      transport.close();
    },
  };
}

async function loadRefund(db: Db, id: number) {
  const [row] = await db
    .select({ montoCents: reembolso.monto_cents, tarjetaCents: reembolso.tarjeta_cents, estado: reembolso.estado })
    .from(reembolso)
    .where(eq(reembolso.id, id));
  return row ?? null;
}
