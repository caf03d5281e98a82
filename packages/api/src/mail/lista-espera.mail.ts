import type { CorreoRow } from "./correo.repository.ts";
import { button, card, p, page, type MailLinks, type RenderedMail } from "./templates.ts";

/**
 * The waiting list's e-mails (docs/decisions/0023): queued like every e-mail (an outbox row and its delivery job in
 * one transaction, decision 0012), rendered from what the job carries. Each one links to leaving the list.
 */
export const WAITLIST_TIPOS = new Set<CorreoRow["tipo"]>(["alta_espera", "oferta_espera"]);

/** What the delivery job carries: the departure's words, the travellers and the entry's links. */
export interface EsperaMailJob {
  tourNombre: string;
  fechaTexto: string;
  horaTexto: string;
  viajeros: string;
  /** The entry's secret: its links (the offer, leaving the list). */
  token: string;
  /** Offers: until when the places are held, in words ("jueves, 3 de diciembre de 2026 a las 10:45 hora de Bogotá"). */
  hastaTexto?: string;
}

export const ESPERA_SUBJECT = {
  alta: (tour: string) => `Estás en la lista de espera de ${tour}`,
  oferta: (tour: string) => `Se liberó un lugar en ${tour}: te lo guardamos`,
} as const;

export const ofertaUrl = (links: MailLinks, token: string) => `${links.storefrontUrl}/lista-espera/oferta/${encodeURIComponent(token)}`;
export const bajaUrl = (links: MailLinks, token: string) => `${links.storefrontUrl}/lista-espera/baja/${encodeURIComponent(token)}`;

export function renderEspera(row: Pick<CorreoRow, "tipo">, job: EsperaMailJob, links: MailLinks): RenderedMail | null {
  const salida = card(job.tourNombre, [
    ["Fecha", job.fechaTexto],
    ["Hora", job.horaTexto],
    ["Viajeros", job.viajeros],
  ]);
  const leave = p(`Si ya no te interesa, puedes salir de la lista de espera: ${bajaUrl(links, job.token)}`);
  if (row.tipo === "alta_espera") {
    const { html, text } = page("Estás en la lista de espera", [
      p("Te anotamos en la lista de espera de esta salida. Si se libera un lugar para tu grupo, te escribiremos en el orden en que llegaron las solicitudes."),
      salida,
      p("Cuando te escribamos, te guardaremos los lugares por un tiempo limitado: el correo dirá hasta cuándo."),
      leave,
    ]);
    return { subject: ESPERA_SUBJECT.alta(job.tourNombre), html, text, attachments: [] };
  }
  if (row.tipo === "oferta_espera" && job.hastaTexto) {
    const { html, text } = page("¡Se liberó un lugar para ti!", [
      p(`Se liberaron lugares en una salida de tu lista de espera. Te los guardamos hasta el ${job.hastaTexto}; nadie más puede comprarlos mientras tanto.`),
      salida,
      button("Reservar mis lugares", ofertaUrl(links, job.token)),
      p(`Si no completas el pago antes del ${job.hastaTexto}, los lugares pasan a la siguiente persona de la lista.`),
      leave,
    ]);
    return { subject: ESPERA_SUBJECT.oferta(job.tourNombre), html, text, attachments: [] };
  }
  return null;
}
