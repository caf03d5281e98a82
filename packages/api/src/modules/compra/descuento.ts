import type { CodigoAplicado } from "@tours/contract";
import { fromCents, wallClock } from "@tours/domain";
import { HttpError, fieldError } from "../../http/errors.ts";
import type { CodigosRepository } from "../codigos/codigos.repository.ts";
import { CODIGO_MSG } from "../codigos/codigos.messages.ts";
import { applyCode } from "../codigos/codigos.rules.ts";
import type { NewPedidoLine, OrderCode } from "./retencion.ts";

/** A refusal of the code, on the body's `codigo` (the cart shows its message as it is). */
export function codeRefused(message: string): HttpError {
  return new HttpError(400, { errors: [fieldError(message, "codigo")] });
}

/**
 * The order's lines priced with a discount code (decision 0021): each line's `valor_total_cents` becomes what it
 * costs after its part of the discount, kept in `descuento_cents`. Throws the code's refusal in Spanish; its uses
 * are checked here as they stand (for the cart) and again under the code's lock when the order takes its hold.
 */
export async function linesWithCode(
  codes: Pick<CodigosRepository, "findByCode" | "useRefusal">,
  text: string,
  lines: NewPedidoLine[],
  email: string | undefined,
  now: Date,
  businessZone: string,
): Promise<{ code: OrderCode; lines: NewPedidoLine[] }> {
  const code = await codes.findByCode(text);
  if (!code) throw codeRefused(CODIGO_MSG.notFound);
  const outcome = applyCode(code, lines, wallClock(now, businessZone).date);
  if (!outcome.ok) throw codeRefused(outcome.message);
  const refusal = await codes.useRefusal(code.id, email ?? "", now);
  if (refusal) throw codeRefused(refusal);
  return {
    code: { id: code.id, codigo: code.codigo, email: email ?? "" },
    lines: lines.map((l, i) => ({ ...l, descuento_cents: outcome.discounts[i]!, valor_total_cents: l.valor_total_cents - outcome.discounts[i]! })),
  };
}

/** The cart's view of a code's effect: each line's catalogue total, its discount and what it costs, in USD. */
export function quoteOf({ code, lines }: { code: OrderCode; lines: NewPedidoLine[] }): CodigoAplicado {
  const discount = lines.reduce((sum, l) => sum + (l.descuento_cents ?? 0), 0);
  return {
    codigo: code.codigo,
    lineas: lines.map((l) => ({
      tour_id: l.id_tour,
      precio_total: fromCents(l.valor_total_cents + (l.descuento_cents ?? 0)),
      descuento: fromCents(l.descuento_cents ?? 0),
      total: fromCents(l.valor_total_cents),
    })),
    descuento_total: fromCents(discount),
    total: fromCents(lines.reduce((sum, l) => sum + l.valor_total_cents, 0)),
  };
}
