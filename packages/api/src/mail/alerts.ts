import type { CorreoRow } from "./correo.repository.ts";
import { insertCorreo } from "./correo.repository.ts";
import type { FastifyBaseLogger } from "fastify";
import type { JobQueue } from "../jobs/queue.ts";
import { button, p, page, type MailLinks, type RenderedMail } from "./templates.ts";

/**
 * Security alerts (issue 28): a booking's PIN or a staff account's password was guessed wrong many times, from any
 * addresses, and the limits locked it. Queued like every e-mail (an outbox row and its delivery job in one
 * transaction, docs/decisions/0012); the caller says once per lock, the row's key makes repeats no-ops.
 */
export interface AlertNotifier {
  /** The booking's reference was locked after too many wrong PINs: its buyer hears of it. */
  pinLocked(event: { orderId: number; at: Date }): Promise<void>;
  /** A staff account was locked after too many failed logins: its owner hears of it. */
  loginLocked(event: { usuarioId: number; email: string; nombre: string; at: Date }): Promise<void>;
}

/** What the delivery job carries for an alert: the facts to tell, never a PIN or a password. */
export interface AlertJob {
  referencia?: string;
  nombre: string;
  at: string;
}

export const ALERT_TIPOS = new Set<CorreoRow["tipo"]>(["aviso_pin", "aviso_login"]);

const HOUR_FORMAT = new Intl.DateTimeFormat("es-CO", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
const whenText = (iso: string) => `${HOUR_FORMAT.format(new Date(iso))} (hora UTC)`;

export const ALERT_SUBJECT = {
  pin: (referencia: string) => `Intentos de abrir tu reserva ${referencia}`,
  login: "Intentos de entrar a tu cuenta del panel",
} as const;

export function renderAlert(row: Pick<CorreoRow, "tipo">, job: AlertJob, links: MailLinks): RenderedMail | null {
  if (row.tipo === "aviso_pin" && job.referencia) {
    const { html, text } = page("Alguien intentó abrir tu reserva", [
      p(`Hola, ${job.nombre}. Alguien intentó abrir tu reserva ${job.referencia} en «Mi reserva» con un PIN equivocado muchas veces (la última el ${whenText(job.at)}).`),
      p("Por seguridad bloqueamos la consulta de esa reserva durante una hora, también con el PIN correcto. Tu reserva no cambió y nadie pudo verla."),
      p("Pasada la hora puedes volver a abrirla con el enlace de tu correo de confirmación. Si necesitas ayuda antes, escríbenos desde la página de Ayuda."),
      button("Ir a Ayuda", `${links.storefrontUrl}/ayuda`),
    ]);
    return { subject: ALERT_SUBJECT.pin(job.referencia), html, text, attachments: [] };
  }
  if (row.tipo === "aviso_login") {
    const { html, text } = page("Intentos de entrar a tu cuenta", [
      p(`Hola, ${job.nombre}. Alguien intentó entrar al panel con tu correo y una contraseña equivocada muchas veces (la última el ${whenText(job.at)}).`),
      p("Por seguridad tu cuenta no acepta inicios de sesión durante unos minutos, tampoco con la contraseña correcta."),
      p("Si no fuiste tú, avisa a un administrador; si tu contraseña es fácil de adivinar, pide que te la cambien."),
    ]);
    return { subject: ALERT_SUBJECT.login, html, text, attachments: [] };
  }
  return null;
}

export interface AlertDeps {
  queue: JobQueue;
  /** The queue whose worker delivers `correo` rows (mailer.ts). */
  mailQueue: string;
  loadView: (orderId: number, now: Date) => Promise<{ email: string; referencia: string; nombre: string } | null>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info">;
}

export function createAlertNotifier(deps: AlertDeps): AlertNotifier {
  const { queue, log } = deps;
  async function add(correo: Parameters<typeof insertCorreo>[1], job: AlertJob) {
    const added = await queue.db.transaction(async (tx) => {
      const id = await insertCorreo(tx, correo);
      if (id !== null) await queue.send(deps.mailQueue, { correoId: id, aviso: job }, { tx });
      return id !== null;
    });
    if (added) log.info({ tipo: correo.tipo }, "security alert queued");
  }
  return {
    async pinLocked({ orderId, at }) {
      const view = await deps.loadView(orderId, deps.now());
      if (!view) return;
      await add(
        {
          tipo: "aviso_pin",
          orderId,
          lineId: null,
          destinatario: view.email,
          asunto: ALERT_SUBJECT.pin(view.referencia),
          // one per lock: a lock lasts an hour
          clave: `aviso_pin:${orderId}:${Math.floor(at.getTime() / 3_600_000)}`,
        },
        { referencia: view.referencia, nombre: view.nombre, at: at.toISOString() },
      );
    },
    async loginLocked({ usuarioId, email, nombre, at }) {
      await add(
        {
          tipo: "aviso_login",
          orderId: null,
          lineId: null,
          destinatario: email,
          asunto: ALERT_SUBJECT.login,
          clave: `aviso_login:${usuarioId}:${Math.floor(at.getTime() / 900_000)}`,
        },
        { nombre, at: at.toISOString() },
      );
    },
  };
}
