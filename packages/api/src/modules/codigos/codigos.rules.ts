import { type Discount, lineDiscountsCents } from "@tours/domain";
import { CODIGO_MSG } from "./codigos.messages.ts";
import type { CodigoDescuentoRow } from "./codigos.table.ts";

/** A priced line as the code's rules see it: its tour, its departure's date (the tour's zone) and its catalogue total. */
export interface LineForCode {
  id_tour: number;
  fecha: string;
  valor_total_cents: number;
}

export type CodeOutcome = { ok: true; discounts: number[] } | { ok: false; message: string };

export function discountOf(code: Pick<CodigoDescuentoRow, "tipo" | "valor">): Discount {
  return code.tipo === "porcentaje" ? { kind: "percent", percent: code.valor } : { kind: "amount", cents: code.valor };
}

const within = (date: string, from: string | null, to: string | null) => (!from || date >= from) && (!to || date <= to);

/**
 * What the code takes off each line (decision 0021), or why it does not apply. `today` is the booking's day in the
 * business time zone. Lines of other tours or departures outside its dates keep their price; a fixed amount is spread
 * over the lines it applies to only. Its uses are checked apart (codigos.uses.ts), under the hold's lock.
 */
export function applyCode(code: CodigoDescuentoRow, lines: readonly LineForCode[], today: string): CodeOutcome {
  if (!code.activo) return { ok: false, message: CODIGO_MSG.inactive };
  if (code.reserva_desde && today < code.reserva_desde) return { ok: false, message: CODIGO_MSG.notYet(code.reserva_desde) };
  if (code.reserva_hasta && today > code.reserva_hasta) return { ok: false, message: CODIGO_MSG.expired };
  const forTour = lines.map((l) => code.tours === null || code.tours.includes(l.id_tour));
  if (!forTour.some(Boolean)) return { ok: false, message: lines.length === 1 ? CODIGO_MSG.notThisTour : CODIGO_MSG.notTheseTours };
  const applies = lines.map((l, i) => forTour[i]! && within(l.fecha, code.salida_desde, code.salida_hasta));
  if (!applies.some(Boolean)) return { ok: false, message: CODIGO_MSG.notTheseDates(code.salida_desde, code.salida_hasta) };
  const eligible = lines.filter((_, i) => applies[i]);
  const parts = lineDiscountsCents(eligible.map((l) => l.valor_total_cents), discountOf(code));
  let next = 0;
  return { ok: true, discounts: applies.map((a) => (a ? parts[next++]! : 0)) };
}
