import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import {
  CURRENCY,
  DEFAULT_CUTOFF_HOURS,
  cancellationDeadline,
  DEFAULT_TIME_ZONE,
  departureKey,
  departureTimes,
  formatDateEs,
  formatDuracion,
  formatLocalTime,
  parseDia,
  tarjetaCodigoFinal,
  wallClock,
} from "@tours/domain";
import type { Db } from "../../db/client.ts";
import { tarjetaRegalo } from "../tarjetas/tarjetas.table.ts";
import { pedido, pedidoLine, reembolso } from "../compra/compra.table.ts";
import { normalizeReferencia } from "../compra/referencia.ts";
import { orderStateSql } from "../compra/order-state.ts";
import { paisTable } from "../pais/pais.table.ts";
import { salida } from "../salidas/salidas.table.ts";
import { tourTable } from "../tour/tour.table.ts";
import { tourZona } from "../tour/tour.zona.ts";

/**
 * A booking as its buyer, its e-mails, its voucher and staff see it (issue 9): each line's departure in the tour's
 * own time, and whether it can still be cancelled. The one home of the cancellation deadline: the e-mails, "Mi
 * reserva", the voucher and the cancellation itself read it from here (docs/decisions/0013).
 */
export interface ReservaLinea {
  id: number;
  tourId: number;
  tourNombre: string;
  puntoEncuentro: string;
  /** "YYYY-MM-DD", the tour's local date. */
  fecha: string;
  /** "HH:MM", the tour's local start. */
  hora: string;
  /** IANA zone of the tour. */
  zona: string;
  /** The departure's instant (UTC). */
  inicio: Date;
  /** "lunes, 23 de noviembre de 2026". */
  fechaTexto: string;
  /** "10:00 hora de Bogotá". */
  horaTexto: string;
  /** The tour's duration in minutes (its facts); null when not given. */
  duracionMinutos: number | null;
  /** When the departure ends (inicio + duracionMinutos); null when the duration is not given. */
  fin: Date | null;
  /** The meeting point's coordinates; null when not given. */
  encuentro: { lat: number; lng: number } | null;
  mayores15: number;
  menoresde15_a4: number;
  menores3: number;
  mascotas: number;
  /** What was paid for the line: its catalogue total less `descuentoCents`. */
  totalCents: number;
  /** What the order's discount code took off this line (0 without one). */
  descuentoCents: number;
  reembolsable: boolean;
  /** Departure start − the tour's cutoff hours; null when not refundable. */
  limiteCancelacion: Date | null;
  /** "domingo, 22 de noviembre de 2026 a las 08:00 hora de Bogotá". */
  limiteTexto: string | null;
  /** Order paid through the storefront, line not cancelled, refundable, now < limiteCancelacion. */
  cancelable: boolean;
  canceladaAt: Date | null;
  checkinAt: Date | null;
  departureId: number | null;
  /** "<tour>-<YYYYMMDD>-<HHMM>" (the manifests' / OCTO availability key). */
  salidaClave: string | null;
}

export interface ReservaView {
  orderId: number;
  referencia: string;
  pin: string;
  estado: string;
  /** The state people are told (order-state.ts): pagado, parcialmente_reembolsado, reembolsado, expirado… */
  situacion: string;
  /** What the buyer wrote at checkout (never lost: detail, staff e-mails, manifest); "" when nothing. */
  comentario: string;
  pagado: boolean;
  canal: "tienda" | "octo";
  nombre: string;
  apellido: string;
  email: string;
  telefono: string;
  totalCents: number;
  /** The discount code the order was bought with (as typed at checkout, upper-cased), and what it took off in all. */
  codigoDescuento: string | null;
  descuentoCents: number;
  /** The gift card that paid part or all of it (its code's end, "…JKMN") and how much (decision 0024). */
  tarjetaRegalo: string | null;
  tarjetaCents: number;
  /** What went back to that card so far (refunds made or under way at PayPal: their card part is back already). */
  devueltoATarjetaCents: number;
  /** Refunded so far: completed refunds, to PayPal, to the card that paid and onto a new card. */
  reembolsadoCents: number;
  moneda: typeof CURRENCY;
  pagadoAt: Date | null;
  lineas: ReservaLinea[];
}

/** "3 h 30 min (termina a las 13:30 hora de Bogotá)": how long the line's tour lasts; null when its duration is not given. */
export function duracionTexto(l: Pick<ReservaLinea, "duracionMinutos" | "fin" | "zona">): string | null {
  if (!l.duracionMinutos) return null;
  const fin = l.fin ? ` (termina a las ${formatLocalTime(wallClock(l.fin, l.zona).hora, l.zona)})` : "";
  return `${formatDuracion(l.duracionMinutos)}${fin}`;
}

/** "domingo, 22 de noviembre de 2026 a las 08:00 hora de Bogotá": an instant on the tour's wall clock. */
export function instanteTexto(instant: Date, zona: string): string {
  const local = wallClock(instant, zona);
  return `${formatDateEs(local.date)} a las ${formatLocalTime(local.hora, zona)}`;
}

/** Why a line cannot be cancelled by its buyer now (Spanish, for the answer and the page); null when it can. */
export function motivoNoCancelable(view: Pick<ReservaView, "pagado" | "canal" | "estado">, linea: ReservaLinea): string | null {
  if (linea.cancelable) return null;
  if (linea.canceladaAt) return "Esta parte de la reserva ya fue cancelada";
  if (view.estado === "reembolsado") return "Esta reserva ya fue cancelada";
  if (!view.pagado) return "Esta reserva no está pagada: no hay nada que reembolsar";
  if (view.canal === "octo") return "Esta reserva se hizo con un revendedor: la cancelación se pide a quien te la vendió";
  if (!linea.reembolsable) return `El tour ${linea.tourNombre} no es reembolsable: su reserva no se puede cancelar`;
  return `El plazo para cancelar ${linea.tourNombre} terminó el ${linea.limiteTexto ?? ""}`.trim();
}

/** The booking by its id or its reference (as typed: spaces, case and a missing "TR-" forgiven); null when none. */
export async function loadReservaView(db: Db, by: { orderId: number } | { referencia: string }, now: Date): Promise<ReservaView | null> {
  const where = "orderId" in by ? eq(pedido.id, by.orderId) : eq(pedido.referencia, normalizeReferencia(by.referencia));
  const [order] = await db.select({ ...getTableColumns(pedido), situacion: orderStateSql(now) }).from(pedido).where(where);
  if (!order) return null;
  const [rows, [refunded], [card]] = await Promise.all([
    db
      .select({
        line: pedidoLine,
        salidaFecha: sql<string | null>`${salida.fecha}::text`,
        salidaHora: salida.hora,
        tourNombre: tourTable.nombre,
        puntoEncuentro: tourTable.puntoEncuentro,
        reembolsable: tourTable.reembolsable,
        corteHoras: tourTable.corteHoras,
        duracionMinutos: tourTable.duracionMinutos,
        encuentroLat: tourTable.encuentroLat,
        encuentroLng: tourTable.encuentroLng,
        zona: sql<string | null>`${tourZona()}`,
      })
      .from(pedidoLine)
      .leftJoin(salida, eq(salida.id, pedidoLine.salida_id))
      .leftJoin(tourTable, eq(tourTable.id, pedidoLine.id_tour))
      .leftJoin(paisTable, eq(paisTable.id, tourTable.pais))
      .where(eq(pedidoLine.id_pedido, order.id))
      .orderBy(asc(pedidoLine.id)),
    db
      .select({
        cents: sql<number>`coalesce(sum(${reembolso.monto_cents}) filter (where ${reembolso.estado} = 'completado'), 0)::int`,
        tarjetaCents: sql<number>`coalesce(sum(${reembolso.tarjeta_cents}) filter (where ${reembolso.estado} in ('completado', 'pendiente')), 0)::int`,
      })
      .from(reembolso)
      .where(eq(reembolso.pedido_id, order.id)),
    order.tarjeta_regalo_id === null
      ? Promise.resolve([])
      : db.select({ codigo: tarjetaRegalo.codigo }).from(tarjetaRegalo).where(eq(tarjetaRegalo.id, order.tarjeta_regalo_id)),
  ]);
  const pagado = order.estado === "pagado";
  const lineas = rows.map((r): ReservaLinea => {
    const l = r.line;
    // lines from before departures existed keep their date only in fecha_tour ("MM/DD/YYYY-HH:MM")
    const parsed = r.salidaFecha && r.salidaHora ? { date: r.salidaFecha, hora: r.salidaHora } : parseDia(l.fecha_tour);
    const zona = r.zona ?? DEFAULT_TIME_ZONE;
    const reembolsable = r.reembolsable ?? false;
    // an unreadable date (never written since dates are checked at checkout) reads as long past: nothing to cancel
    const cutoff = r.corteHoras ?? DEFAULT_CUTOFF_HOURS;
    const times = parsed ? departureTimes(parsed.date, parsed.hora, zona, cutoff) : null;
    const limite = parsed ? cancellationDeadline(parsed.date, parsed.hora, zona, cutoff, reembolsable) : null;
    return {
      id: l.id,
      tourId: l.id_tour,
      tourNombre: r.tourNombre ?? `Tour ${l.id_tour}`,
      puntoEncuentro: r.puntoEncuentro ?? "",
      fecha: parsed?.date ?? l.fecha_tour,
      hora: parsed?.hora ?? "",
      zona,
      inicio: times?.startsAt ?? new Date(0),
      fechaTexto: parsed ? formatDateEs(parsed.date) : l.fecha_tour,
      horaTexto: parsed ? formatLocalTime(parsed.hora, zona) : "",
      duracionMinutos: r.duracionMinutos,
      fin: times && r.duracionMinutos ? new Date(times.startsAt.getTime() + r.duracionMinutos * 60_000) : null,
      encuentro: r.encuentroLat !== null && r.encuentroLng !== null ? { lat: r.encuentroLat, lng: r.encuentroLng } : null,
      mayores15: l.mayores15,
      menoresde15_a4: l.menoresde15_a4,
      menores3: l.menores3,
      mascotas: l.mascotas,
      totalCents: l.valor_total_cents,
      descuentoCents: l.descuento_cents,
      reembolsable,
      limiteCancelacion: limite,
      limiteTexto: limite ? instanteTexto(limite, zona) : null,
      cancelable: pagado && order.canal === "tienda" && !l.cancelada_at && limite !== null && now.getTime() < limite.getTime(),
      canceladaAt: l.cancelada_at,
      checkinAt: l.checkin_at,
      departureId: l.salida_id,
      salidaClave: parsed ? departureKey(l.id_tour, parsed.date, parsed.hora) : null,
    };
  });
  return {
    orderId: order.id,
    referencia: order.referencia,
    pin: order.pin,
    estado: order.estado,
    situacion: order.situacion,
    comentario: order.comentario ?? "",
    pagado,
    canal: order.canal,
    nombre: order.nombre,
    apellido: order.apellido,
    email: order.email,
    telefono: order.telefono,
    totalCents: order.valor_total_cents,
    codigoDescuento: order.codigo_descuento,
    descuentoCents: lineas.reduce((sum, l) => sum + l.descuentoCents, 0),
    tarjetaRegalo: card ? tarjetaCodigoFinal(card.codigo) : null,
    tarjetaCents: order.tarjeta_cents,
    devueltoATarjetaCents: Number(refunded?.tarjetaCents ?? 0),
    reembolsadoCents: Number(refunded?.cents ?? 0),
    moneda: CURRENCY,
    pagadoAt: order.paid_at,
    lineas,
  };
}

