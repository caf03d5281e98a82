import {
  MONTHS_ES,
  TARJETA_MAX_CENTS,
  TARJETA_MENSAJE_MAX,
  TARJETA_MIN_CENTS,
  TARJETA_MONTOS_USD,
  cardPaymentCents,
  formatDateEs,
  formatUSD,
  normalizeTarjetaCodigo,
  parseDate,
  tarjetaCodigoFinal,
} from "@tours/domain";

/**
 * Gift cards on the storefront (issue 25, decision 0024): the pure half, shared by the server and the pages — what the
 * cart's cookie keeps of a card, how a card splits a cart's total with PayPal, how the purchase form's amount is read,
 * and the sentences people are shown. The API calls are in gift-card.server.ts.
 */

/** What the cart's signed cookie keeps of an applied card: its code (stored form) and what the API said it had. */
export interface CartCard {
  /** "TR-ABCD-EFGH-JKMN". */
  codigo: string;
  /** The card's balance when it was applied (USD cents); the checkout's answer is what counts. */
  saldo: number;
  /** Its last valid day, "YYYY-MM-DD". */
  vence_el: string;
}

/** A cookie's `tarjeta` as a card, or null when it is absent or not one (an older or tampered shape). */
export function readCartCard(value: unknown): CartCard | null {
  if (typeof value !== "object" || value === null) return null;
  const { codigo, saldo, vence_el } = value as Record<string, unknown>;
  const code = typeof codigo === "string" ? normalizeTarjetaCodigo(codigo) : null;
  if (!code) return null;
  if (typeof saldo !== "number" || !Number.isSafeInteger(saldo) || saldo < 0) return null;
  if (typeof vence_el !== "string" || !parseDate(vence_el)) return null;
  return { codigo: code, saldo, vence_el };
}

/** What the cart shows of its card: "…JKMN", the part it pays of the total and what is left for PayPal (cents). */
export interface CardSplit {
  final: string;
  cardCents: number;
  paypalCents: number;
}

/** The card pays min(balance, total after the discount); PayPal the rest (the domain's rule). */
export function cardSplit(totalCents: number, card: CartCard | null): CardSplit | null {
  if (!card) return null;
  const cardCents = cardPaymentCents(totalCents, card.saldo);
  return { final: tarjetaCodigoFinal(card.codigo), cardCents, paypalCents: totalCents - cardCents };
}

/** "2027-11-21" → "21 de noviembre de 2027" (the date itself when unreadable). */
export function fechaLarga(date: string): string {
  const parsed = parseDate(date);
  if (!parsed) return date;
  return `${parsed.day} de ${MONTHS_ES[parsed.month - 1]} de ${parsed.year}`;
}

export const CARD_MSG = {
  empty: "Escribe el código de la tarjeta regalo",
  unknown: "Este código de tarjeta regalo no existe",
  // the API's own words at checkout (its weekday too)
  expired: (venceEl: string) => `Esta tarjeta regalo venció el ${parseDate(venceEl) ? formatDateEs(venceEl) : venceEl}`,
  noBalance: "Esta tarjeta regalo no tiene saldo",
  applied: (final: string) => `Tarjeta regalo ${final} aplicada`,
  removed: "Quitaste la tarjeta regalo",
  unavailable: "No pudimos consultar la tarjeta regalo en este momento; intenta de nuevo en unos minutos",
} as const;

/** A card's balance as the API answers it (USD). */
export interface Saldo {
  codigo_final: string;
  importe: number;
  saldo: number;
  vence_el: string;
  vencida: boolean;
}

/** "Saldo: USD 35.00 de USD 50.00 · válida hasta el 21 de noviembre de 2027", or "Venció el …". */
export function saldoText(saldo: Saldo): string {
  const amounts = `Saldo: ${formatUSD(Math.round(saldo.saldo * 100))} de ${formatUSD(Math.round(saldo.importe * 100))}`;
  return saldo.vencida ? `${amounts} · Venció el ${fechaLarga(saldo.vence_el)}` : `${amounts} · válida hasta el ${fechaLarga(saldo.vence_el)}`;
}

// --- buying a card ------------------------------------------------------------------------------------------

/** The purchase form's fields (the amount is `monto`, a radio, plus `monto_otro` for "Otro valor"). */
export const COMPRA_FIELDS = ["monto", "monto_otro", "comprador_nombre", "comprador_email", "destinatario_nombre", "destinatario_email", "mensaje"] as const;
export type CompraField = (typeof COMPRA_FIELDS)[number];
export type CompraValues = Record<CompraField, string>;

export const OTRO_VALOR = "otro";
export const MONTOS_USD: readonly number[] = TARJETA_MONTOS_USD;
export const MENSAJE_MAX = TARJETA_MENSAJE_MAX;
export const MONTO_MIN_USD = TARJETA_MIN_CENTS / 100;
export const MONTO_MAX_USD = TARJETA_MAX_CENTS / 100;

/**
 * The amount the form says, in USD: one of the offered amounts, or "Otro valor" as typed ("35", "35.5", "35,50",
 * "USD 40"). Undefined when nothing was chosen, NaN when the typed value is not a number: the contract's schema
 * words both refusals (and the range and the cents).
 */
export function parseMonto(choice: string, otro: string): number | undefined {
  // without JavaScript the typed value is there to be seen: typed with no radio marked, it is the value
  if (choice === OTRO_VALOR || (choice === "" && otro.trim() !== "")) {
    const typed = otro.replace(/^\s*(usd|\$)\s*/i, "").trim();
    if (!typed) return undefined;
    if (!/^\d{1,7}([.,]\d+)?$/.test(typed)) return Number.NaN;
    return Number(typed.replace(",", "."));
  }
  const offered = Number(choice);
  return choice !== "" && MONTOS_USD.includes(offered) ? offered : undefined;
}

/**
 * A fixed amount marked and another value typed too (possible without JavaScript, where "Otro valor" is always
 * shown): the buyer is asked which one, never charged the one they may not have meant. Null when there is no doubt.
 */
export function montoConflict(choice: string, otro: string): string | null {
  if (otro.trim() === "" || choice === "" || choice === OTRO_VALOR) return null;
  return `Marcaste USD ${choice} y escribiste otro valor: marca «Otro valor» o borra lo que escribiste`;
}
