import { TRAVELLER_KEYS, TRAVELLER_LABELS_ES, formatUSD, mapaUrl, orderStateLabel } from "@tours/domain";
import { duracionTexto, type ReservaLinea, type ReservaView } from "../modules/reservas/reserva.view.ts";
import type { MailAttachment } from "./transport.ts";

/**
 * The e-mails' words and layout. Every message is Spanish, HTML (one column, readable on a phone, inline styles
 * only: mail clients drop <style>) plus the same content as plain text. The data comes from the booking view
 * (modules/reservas/reserva.view.ts); the types below name the fields they read.
 */

/** What the templates read of a booking line (the booking view's own fields). */
export type MailLinea = Pick<
  ReservaLinea,
  | "id"
  | "tourNombre"
  | "puntoEncuentro"
  | "zona"
  | "inicio"
  | "fechaTexto"
  | "horaTexto"
  | "duracionMinutos"
  | "fin"
  | "encuentro"
  | "mayores15"
  | "menoresde15_a4"
  | "menores3"
  | "mascotas"
  | "totalCents"
  | "reembolsable"
  | "limiteTexto"
  | "canceladaAt"
>;

/** What the templates read of a booking. */
export type MailReserva = Pick<
  ReservaView,
  "orderId" | "referencia" | "pin" | "nombre" | "apellido" | "email" | "telefono" | "totalCents" | "reembolsadoCents" | "situacion" | "comentario"
> &
  Partial<Pick<ReservaView, "codigoDescuento" | "descuentoCents" | "tarjetaRegalo" | "tarjetaCents">> & { lineas: MailLinea[] };

/** "Pagaste USD 50.00 con la tarjeta regalo …JKMN y USD 12.00 con PayPal", or nothing without a card (decision 0024). */
function tarjetaTexto(r: MailReserva): string | null {
  if (!r.tarjetaRegalo || !r.tarjetaCents) return null;
  const rest = r.totalCents - r.tarjetaCents;
  return `Pagaste ${formatUSD(r.tarjetaCents)} con la tarjeta regalo ${r.tarjetaRegalo}${rest > 0 ? ` y ${formatUSD(rest)} con PayPal` : ""}.`;
}

/** "Incluye el descuento del código HOTEL10: −USD 4.00", or nothing when the order used no code. */
function descuentoTexto(r: MailReserva): string | null {
  return r.codigoDescuento && r.descuentoCents ? `Incluye el descuento del código ${r.codigoDescuento}: −${formatUSD(r.descuentoCents)}` : null;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

export interface MailLinks {
  storefrontUrl: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function miReservaUrl(links: MailLinks, r: Pick<MailReserva, "referencia" | "pin">): string {
  return `${links.storefrontUrl}/mi-reserva?ref=${encodeURIComponent(r.referencia)}&pin=${encodeURIComponent(r.pin)}`;
}

/** "2 mayores de 15 años, 1 de 4 a 15 años". */
export function viajerosTexto(l: Pick<MailLinea, "mayores15" | "menoresde15_a4" | "menores3" | "mascotas">): string {
  return TRAVELLER_KEYS.filter((k) => l[k] > 0)
    .map((k) => `${l[k]} × ${TRAVELLER_LABELS_ES[k].toLowerCase()}`)
    .join(", ");
}

export function cancelacionTexto(l: Pick<MailLinea, "reembolsable" | "limiteTexto">): string {
  return l.reembolsable && l.limiteTexto
    ? `Cancelación gratuita hasta el ${l.limiteTexto}.`
    : "Este tour no es reembolsable: si cancelas no se devuelve el dinero.";
}

/** A labelled row: [label, value], or [label, link text, address] for a link. */
export type Row = [string, string] | [string, string, string];

/** "3 h 30 min (termina a las 13:30 hora de Bogotá)"; null when the tour's duration is not given. */
function lineRows(l: MailLinea, opts: { price: boolean; deadline: boolean }): Row[] {
  const duracion = duracionTexto(l);
  const rows: Row[] = [
    ["Fecha", l.fechaTexto],
    ["Hora", l.horaTexto],
    ...(duracion ? [["Duración", duracion] as Row] : []),
    ["Viajeros", viajerosTexto(l)],
    ["Punto de encuentro", l.puntoEncuentro || "Te lo confirmaremos antes de la salida"],
    ...(l.encuentro ? [["Mapa del punto de encuentro", "Ver en OpenStreetMap", mapaUrl(l.encuentro.lat, l.encuentro.lng)] as Row] : []),
  ];
  if (opts.price) rows.push(["Pagado", formatUSD(l.totalCents)]);
  if (opts.deadline) rows.push(["Cancelación", cancelacionTexto(l)]);
  return rows;
}

// --- the shared frame -----------------------------------------------------------------------------------------

interface Block {
  html: string;
  text: string;
}

export const p = (s: string): Block => ({ html: `<p style="margin:0 0 14px">${escapeHtml(s)}</p>`, text: s });

export function card(title: string, rows: Row[]): Block {
  const html = `<div style="border:1px solid #e5e7eb;border-radius:8px;padding:14px 16px;margin:0 0 14px">
<h3 style="margin:0 0 8px;font-size:17px">${escapeHtml(title)}</h3>
${rows
  .map(
    ([k, v, href]) =>
      `<p style="margin:0 0 6px"><span style="color:#6b7280">${escapeHtml(k)}:</span> ${href ? `<a href="${escapeHtml(href)}" style="color:#0f766e">${escapeHtml(v)}</a>` : escapeHtml(v)}</p>`,
  )
  .join("\n")}
</div>`;
  const text = [title, ...rows.map(([k, v, href]) => `  ${k}: ${href ?? v}`)].join("\n");
  return { html, text };
}

export function button(label: string, url: string): Block {
  return {
    html: `<p style="margin:18px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold">${escapeHtml(label)}</a></p>`,
    text: `${label}: ${url}`,
  };
}

export function page(title: string, blocks: Block[]): { html: string; text: string } {
  const html = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6">
<div style="max-width:600px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;background:#ffffff">
<h1 style="font-size:22px;margin:0 0 16px;color:#0f766e">${escapeHtml(title)}</h1>
${blocks.map((b) => b.html).join("\n")}
<p style="margin:24px 0 0;font-size:13px;color:#6b7280">Puzzle Travel · Este correo se envió automáticamente; si respondes, nuestro equipo lo leerá.</p>
</div></body></html>`;
  const text = [title, "=".repeat(title.length), "", ...blocks.map((b) => b.text + "\n"), "Puzzle Travel · Este correo se envió automáticamente."].join("\n");
  return { html, text };
}

// --- the messages ---------------------------------------------------------------------------------------------

export function confirmacionSubject(r: Pick<MailReserva, "referencia">): string {
  return `Tu reserva ${r.referencia} está confirmada`;
}

export function cambioFechaSubject(r: Pick<MailReserva, "referencia">): string {
  return `Nueva fecha de tu reserva ${r.referencia}`;
}

export function renderConfirmacion(
  r: MailReserva,
  links: MailLinks,
  extras: { qrPng: Buffer; ics: string },
): RenderedMail {
  const url = miReservaUrl(links, r);
  const activas = r.lineas.filter((l) => !l.canceladaAt);
  const descuento = descuentoTexto(r);
  const tarjeta = tarjetaTexto(r);
  const qr: Block = {
    html: `<div style="text-align:center;border:2px dashed #0f766e;border-radius:8px;padding:16px;margin:0 0 16px">
<p style="margin:0 0 4px;color:#6b7280">Referencia de la reserva</p>
<p style="margin:0 0 8px;font-size:26px;font-weight:bold;letter-spacing:2px">${escapeHtml(r.referencia)}</p>
<p style="margin:0 0 12px">PIN: <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(r.pin)}</strong></p>
<img src="cid:qr-reserva" width="200" height="200" alt="Código QR de la reserva ${escapeHtml(r.referencia)}" style="display:block;margin:0 auto;max-width:100%;height:auto">
<p style="margin:8px 0 0;font-size:14px;color:#6b7280">Muestra este código al guía el día del tour.</p>
</div>`,
    text: `Referencia de la reserva: ${r.referencia}\nPIN: ${r.pin}\n(El código QR para el guía va en la versión HTML de este correo y en "Mi reserva".)`,
  };
  const { html, text } = page("¡Tu reserva está confirmada!", [
    p(`Hola, ${r.nombre}. Recibimos tu pago de ${formatUSD(r.totalCents)} y tu reserva está confirmada.`),
    qr,
    ...activas.map((l) => card(l.tourNombre, lineRows(l, { price: true, deadline: true }))),
    p(`Total pagado: ${formatUSD(r.totalCents)}`),
    ...(descuento ? [p(descuento)] : []),
    ...(tarjeta ? [p(tarjeta)] : []),
    button("Ver mi reserva", url),
    p(
      activas.some((l) => l.reembolsable)
        ? 'En "Mi reserva", con la referencia y el PIN, puedes ver el voucher, imprimirlo y cancelar antes del plazo. Adjuntamos el calendario de tus tours (.ics).'
        : 'En "Mi reserva", con la referencia y el PIN, puedes ver el voucher e imprimirlo. Adjuntamos el calendario de tus tours (.ics).',
    ),
  ]);
  return {
    subject: confirmacionSubject(r),
    html,
    text,
    attachments: [
      { filename: `qr-${r.referencia}.png`, content: extras.qrPng, contentType: "image/png", cid: "qr-reserva" },
      { filename: `reserva-${r.referencia}.ics`, content: extras.ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" },
    ],
  };
}

export function nuevoPedidoSubject(r: Pick<MailReserva, "referencia" | "totalCents">): string {
  return `Nuevo pedido ${r.referencia} · ${formatUSD(r.totalCents)}`;
}

/** The buyer, the order's state and what the buyer wrote at checkout: the head of every e-mail to staff. */
function staffHead(r: MailReserva): Block[] {
  const blocks = [
    card("Cliente", [
      ["Nombre", `${r.nombre} ${r.apellido}`],
      ["Correo", r.email],
      ["Teléfono", r.telefono],
      ["Estado del pedido", orderStateLabel(r.situacion)],
      ...(r.codigoDescuento && r.descuentoCents ? [["Código de descuento", `${r.codigoDescuento} (−${formatUSD(r.descuentoCents)})`] as Row] : []),
    ]),
  ];
  if (r.comentario.trim()) blocks.push(card("Comentario del cliente", [["Escribió", r.comentario.trim()]]));
  return blocks;
}

export function renderNuevoPedido(r: MailReserva, links: MailLinks): RenderedMail {
  const { html, text } = page(`Nuevo pedido ${r.referencia}`, [
    p(`Se pagó un pedido de ${formatUSD(r.totalCents)} (pedido n.º ${r.orderId}).`),
    ...staffHead(r),
    ...r.lineas.map((l) => card(l.tourNombre, lineRows(l, { price: true, deadline: false }))),
    button("Abrir el panel", `${links.storefrontUrl}/panel/pedidos`),
  ]);
  return { subject: nuevoPedidoSubject(r), html, text, attachments: [] };
}

/** What a buyer changed in their booking, as staff are told it. */
export type BookingChange = "cancelacion" | "cambio_de_fecha";

export function avisoCambioSubject(r: Pick<MailReserva, "referencia">, cambio: BookingChange): string {
  return cambio === "cancelacion" ? `El cliente canceló en la reserva ${r.referencia}` : `Cambio de fecha en la reserva ${r.referencia}`;
}

/** To staff: a buyer cancelled (part of) a booking, or a booking's date changed; which lines, the refund if any. */
export function renderAvisoCambio(r: MailReserva, lines: MailLinea[], cambio: BookingChange, refund: RefundInfo | null, links: MailLinks): RenderedMail {
  const quedan = r.lineas.filter((l) => !l.canceladaAt);
  const blocks: Block[] = [
    p(
      cambio === "cancelacion"
        ? `${r.nombre} ${r.apellido} canceló ${lines.length === 1 ? "este tour" : "estos tours"} de la reserva ${r.referencia} (pedido n.º ${r.orderId}):`
        : `La reserva ${r.referencia} (pedido n.º ${r.orderId}) cambió de fecha; así queda:`,
    ),
    ...lines.map((l) => card(l.tourNombre, lineRows(l, { price: true, deadline: false }))),
    ...staffHead(r),
  ];
  if (cambio === "cancelacion") {
    blocks.push(
      refund
        ? card("Reembolso", [
            ["Monto", formatUSD(refund.montoCents)],
            ["Estado", refundStateText(refund.estado)],
          ])
        : p("Esta cancelación no tiene reembolso."),
      p(quedan.length > 0 ? `Sigue en pie: ${quedan.map((l) => `${l.tourNombre} (${l.fechaTexto}, ${l.horaTexto})`).join("; ")}.` : "No queda nada de la reserva."),
    );
  }
  blocks.push(button("Abrir el pedido en el panel", `${links.storefrontUrl}/panel/pedidos`));
  const { html, text } = page(cambio === "cancelacion" ? "Un cliente canceló" : "Cambio de fecha", blocks);
  return { subject: avisoCambioSubject(r, cambio), html, text, attachments: [] };
}

export function recordatorioSubject(l: Pick<MailLinea, "tourNombre" | "horaTexto">): string {
  return `Recordatorio: ${l.tourNombre}, mañana a las ${l.horaTexto}`;
}

export function renderRecordatorio(r: MailReserva, l: MailLinea, links: MailLinks): RenderedMail {
  const { html, text } = page("Tu tour es mañana", [
    p(`Hola, ${r.nombre}. Te recordamos tu tour de mañana.`),
    card(l.tourNombre, [...lineRows(l, { price: false, deadline: false }), ["Referencia", r.referencia]]),
    p("Llega al punto de encuentro 15 minutos antes y ten a mano el código QR de tu reserva."),
    button("Ver mi reserva", miReservaUrl(links, r)),
  ]);
  return { subject: recordatorioSubject(l), html, text, attachments: [] };
}

export interface RefundInfo {
  montoCents: number;
  /** What of it went back to the gift card that paid the order (decision 0024). */
  tarjetaCents?: number;
  /** The refund's state as the refunds module stores it. */
  estado: string;
}

/** The refund's state in the buyer's words. */
export function refundStateText(estado: string): string {
  const e = estado.toLowerCase();
  if (["completado", "completed", "reembolsado"].includes(e)) return "completado: PayPal devuelve el dinero a tu medio de pago (puede tardar unos días en verse)";
  if (["pendiente", "pending", "procesando", "en_proceso", "en_curso"].includes(e)) return "en proceso: PayPal lo está tramitando";
  if (["fallido", "failed", "rechazado"].includes(e)) return "no se pudo completar; nuestro equipo te contactará";
  return e;
}

export function cancelacionSubject(r: Pick<MailReserva, "referencia">): string {
  return `Cancelación de tu reserva ${r.referencia}`;
}

export function renderCancelacion(
  r: MailReserva,
  cancelled: MailLinea[],
  refund: RefundInfo | null,
  porStaff: boolean,
  links: MailLinks,
): RenderedMail {
  const quedan = r.lineas.filter((l) => !l.canceladaAt);
  const blocks: Block[] = [
    p(
      porStaff
        ? `Hola, ${r.nombre}. Nuestro equipo canceló ${cancelled.length === 1 ? "este tour" : "estos tours"} de tu reserva ${r.referencia}:`
        : `Hola, ${r.nombre}. Cancelaste ${cancelled.length === 1 ? "este tour" : "estos tours"} de tu reserva ${r.referencia}:`,
    ),
    ...cancelled.map((l) => card(l.tourNombre, lineRows(l, { price: true, deadline: false }))),
    refund
      ? card("Reembolso", [
          ["Monto", formatUSD(refund.montoCents)],
          ...(refund.tarjetaCents && r.tarjetaRegalo ? ([["A tu tarjeta regalo " + r.tarjetaRegalo, formatUSD(refund.tarjetaCents)]] as Row[]) : []),
          ["Estado", refundStateText(refund.estado)],
        ])
      : p("Esta cancelación no tiene reembolso."),
    quedan.length > 0
      ? p(`El resto de tu reserva sigue confirmado (${quedan.map((l) => l.tourNombre).join(", ")}).`)
      : p("Tu reserva quedó cancelada por completo."),
    button("Ver mi reserva", miReservaUrl(links, r)),
  ];
  const { html, text } = page("Reserva cancelada", blocks);
  return { subject: cancelacionSubject(r), html, text, attachments: [] };
}
