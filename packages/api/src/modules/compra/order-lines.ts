import { type TravellerCounts, lineTotalCents } from "@tours/domain";
import type { NewPedidoLine } from "./retencion.ts";

/** A day that checkDia accepted: the wire's `fecha_tour` and the departure's date and start in the tour's zone. */
export interface CheckedDia {
  fecha: string;
  date: string;
  hora: string;
}

/**
 * One order line: a tour on a checked day with its travellers, priced from the catalogue through the one pricing
 * function. The storefront's checkout and OCTO reservations build their lines here.
 */
export function buildOrderLine(tour: { id: number; precioCents: number }, dia: CheckedDia, counts: TravellerCounts): NewPedidoLine {
  return {
    id_tour: tour.id,
    fecha_tour: dia.fecha,
    fecha: dia.date,
    hora: dia.hora,
    ...counts,
    valor_cents: tour.precioCents,
    valor_total_cents: lineTotalCents(tour.precioCents, counts),
  };
}
