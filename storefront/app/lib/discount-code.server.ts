import { json } from "@remix-run/node";
import { hasTravellers, toCents } from "@tours/domain";
import { apiFieldErrors } from "~/components/booking/forms.server";
import { api, logLoadFailure } from "./api.server";
import { commitCode, type CartItem } from "./cart.server";
import { jsonWithSuccess, redirectWithSuccess } from "./toast.server";

/** What a discount code takes off the cart (decision 0021), in cents per tour, as the API priced it. */
export interface CodeQuote {
  codigo: string;
  /** Discount per tour id. */
  discounts: Map<number, number>;
  totalCents: number;
  discountCents: number;
}

export type CodeOutcome = { ok: true; quote: CodeQuote } | { ok: false; message: string | null };

/**
 * Asks the API what the code takes off the cart's lines with travellers (the others cost nothing yet). A refusal
 * of the code comes back in Spanish (`message`); any other problem (a line the API refuses, the API down) gives no
 * message here: the cart shows the line's own problem, and the checkout asks again.
 */
export async function quoteCode(items: CartItem[], codigo: string): Promise<CodeOutcome> {
  const priced = items.filter(hasTravellers);
  if (priced.length === 0) return { ok: false, message: null };
  try {
    const { succes } = await api().compra.codigo({ codigo, pedidos: priced.map((item) => ({ ...item })) });
    return {
      ok: true,
      quote: {
        codigo: succes.codigo,
        discounts: new Map(succes.lineas.map((l) => [l.tour_id, toCents(l.descuento)])),
        totalCents: toCents(succes.total),
        discountCents: toCents(succes.descuento_total),
      },
    };
  } catch (error) {
    const { fields } = apiFieldErrors(error);
    if (fields.codigo) return { ok: false, message: fields.codigo };
    logLoadFailure("el código de descuento", error);
    return { ok: false, message: null };
  }
}

export const CODE_MSG = {
  empty: "Escribe el código de descuento",
  applied: (codigo: string) => `Código ${codigo} aplicado`,
  removed: "Quitaste el código de descuento",
} as const;

/** What the code form's post answers on the same page (JavaScript or not): why the code was refused. */
export interface CodeRefusal {
  kind: "code";
  message: string;
  value: string;
}

/**
 * "¿Tienes un código?" posted (intent `codigo`, or `codigo-quitar` to forget it): a code the API accepts is kept in
 * the cart's cookie; a refused one is answered on the page with its reason, without JavaScript too.
 */
export async function codeAction(request: Request, form: FormData, items: CartItem[], withJs: boolean, noStore: HeadersInit): Promise<Response> {
  const done = async (code: string | null, message: string) => {
    const headers = { "Set-Cookie": await commitCode(request, code), ...noStore };
    return withJs ? jsonWithSuccess({ ok: true }, message, { headers }) : redirectWithSuccess("/shop", message, { headers });
  };
  if (form.get("intent") === "codigo-quitar") return done(null, CODE_MSG.removed);
  const typed = String(form.get("codigo") ?? "").trim().slice(0, 60);
  if (!typed) return json<CodeRefusal>({ kind: "code", message: CODE_MSG.empty, value: "" }, { headers: noStore });
  const outcome = await quoteCode(items, typed);
  if (!outcome.ok && outcome.message) return json<CodeRefusal>({ kind: "code", message: outcome.message, value: typed }, { headers: noStore });
  // without a line to price yet (or the API unsure) it is kept: the cart and the checkout ask again
  const code = outcome.ok ? outcome.quote.codigo : typed.toUpperCase();
  return done(code, CODE_MSG.applied(code));
}
