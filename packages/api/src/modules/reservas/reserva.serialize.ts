import { fromCents, mapaUrl } from "@tours/domain";
import type { Reserva, ReservaLinea as ReservaLineaWire } from "@tours/contract";
import { duracionTexto, motivoNoCancelable, type ReservaLinea, type ReservaView } from "./reserva.view.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toLinea(view: ReservaView, l: ReservaLinea): ReservaLineaWire {
  return {
    id: l.id,
    tour_id: l.tourId,
    tour_nombre: l.tourNombre,
    punto_encuentro: l.puntoEncuentro,
    mapa_url: l.encuentro ? mapaUrl(l.encuentro.lat, l.encuentro.lng) : null,
    duracion_texto: duracionTexto(l),
    fecha: l.fecha,
    hora: l.hora,
    zona: l.zona,
    inicio: l.inicio.toISOString(),
    fecha_texto: l.fechaTexto,
    hora_texto: l.horaTexto,
    mayores15: l.mayores15,
    menoresde15_a4: l.menoresde15_a4,
    menores3: l.menores3,
    mascotas: l.mascotas,
    valor_total: fromCents(l.totalCents),
    descuento: fromCents(l.descuentoCents),
    reembolsable: l.reembolsable,
    limite_cancelacion: iso(l.limiteCancelacion),
    limite_texto: l.limiteTexto,
    cancelable: l.cancelable,
    motivo_no_cancelable: motivoNoCancelable(view, l),
    cancelada_at: iso(l.canceladaAt),
    checkin_at: iso(l.checkinAt),
    salida: l.salidaClave,
  };
}

/** The contract's Reserva: the view with money in USD and instants as ISO texts. */
export function toReserva(view: ReservaView): Reserva {
  return {
    id: view.orderId,
    referencia: view.referencia,
    pin: view.pin,
    estado: view.estado,
    situacion: view.situacion,
    pagado: view.pagado,
    canal: view.canal,
    nombre: view.nombre,
    apellido: view.apellido,
    email: view.email,
    telefono: view.telefono,
    valor_total: fromCents(view.totalCents),
    codigo_descuento: view.codigoDescuento,
    descuento: fromCents(view.descuentoCents),
    tarjeta_regalo: view.tarjetaRegalo,
    pagado_con_tarjeta: fromCents(view.tarjetaCents),
    reembolsado_a_tarjeta: fromCents(view.devueltoATarjetaCents),
    reembolsado: fromCents(view.reembolsadoCents),
    moneda: view.moneda,
    pagado_at: iso(view.pagadoAt),
    lineas: view.lineas.map((l) => toLinea(view, l)),
  };
}
