import { formatDateEs, formatUSD } from "@tours/domain";
import type { CorreoRow } from "./correo.repository.ts";
import { button, card, p, page, type MailLinks, type RenderedMail } from "./templates.ts";

/**
 * The gift card's e-mail (decision 0024): to its recipient, with its code, value and validity, in the confirmation's
 * style and printable (one column, the code large in a dashed box). Queued like every e-mail (an outbox row and its
 * job in one transaction, decision 0012); what it says travels in the job, so the card's row is not read again.
 */
export const TARJETA_TIPOS = new Set<CorreoRow["tipo"]>(["tarjeta_regalo"]);

export interface TarjetaMailJob {
  codigo: string;
  importeCents: number;
  venceEl: string;
  destinatarioNombre: string;
  compradorNombre: string;
  mensaje: string | null;
  /** A refund staff put on a new card: the booking's reference (the e-mail says so instead of "a gift from …"). */
  reembolsoDe: string | null;
}

export const tarjetaSubject = (job: Pick<TarjetaMailJob, "compradorNombre" | "reembolsoDe">) =>
  job.reembolsoDe ? `Tu reembolso de la reserva ${job.reembolsoDe}: una tarjeta regalo` : `${job.compradorNombre} te regaló una tarjeta regalo de Puzzle Travel`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderTarjeta(job: TarjetaMailJob, links: MailLinks): RenderedMail {
  const vence = formatDateEs(job.venceEl);
  const code = {
    html: `<div style="text-align:center;border:2px dashed #0f766e;border-radius:8px;padding:16px;margin:0 0 16px;page-break-inside:avoid">
<p style="margin:0 0 4px;color:#6b7280">Tarjeta regalo de</p>
<p style="margin:0 0 8px;font-size:30px;font-weight:bold">${escapeHtml(formatUSD(job.importeCents))}</p>
<p style="margin:0 0 4px;color:#6b7280">Código</p>
<p style="margin:0 0 8px;font-size:24px;font-weight:bold;letter-spacing:2px;font-family:'Courier New',monospace">${escapeHtml(job.codigo)}</p>
<p style="margin:0;font-size:14px;color:#6b7280">Válida hasta el ${escapeHtml(vence)}</p>
</div>`,
    text: `Tarjeta regalo de ${formatUSD(job.importeCents)}\nCódigo: ${job.codigo}\nVálida hasta el ${vence}`,
  };
  const intro = job.reembolsoDe
    ? p(`Hola, ${job.destinatarioNombre}. Como acordamos, el reembolso de tu reserva ${job.reembolsoDe} queda en esta tarjeta regalo: úsala en cualquiera de nuestros tours.`)
    : p(`Hola, ${job.destinatarioNombre}. ${job.compradorNombre} te regaló una tarjeta regalo para tus próximas visitas guiadas y excursiones.`);
  const blocks = [
    intro,
    ...(job.mensaje ? [card(`Mensaje de ${job.compradorNombre}`, [["Dice", job.mensaje]])] : []),
    code,
    p('Para usarla, elige tus tours, y en el carrito escribe el código en "¿Tienes una tarjeta regalo?". Paga todo o parte de la reserva; si la reserva cuesta más, pagas el resto con PayPal, y lo que no uses queda en la tarjeta para otra vez.'),
    button("Elegir un tour", links.storefrontUrl),
    p(`Puedes consultar el saldo cuando quieras en ${links.storefrontUrl}/tarjeta-regalo/saldo. Guarda este correo: el código es lo único que necesitas para usarla.`),
  ];
  const { html, text } = page(job.reembolsoDe ? "Tu reembolso en una tarjeta regalo" : "¡Tienes una tarjeta regalo!", blocks);
  return { subject: tarjetaSubject(job), html, text, attachments: [] };
}
