/**
 * Gift cards (issue 25, decision 0024): what they may be worth, how long they last, how their codes are written, and
 * how a payment and a refund are split between a card and PayPal. Integer USD cents, like every price (decision 0002).
 */

/** The amounts the purchase page offers (USD); any other whole-cent amount between the limits may be typed. */
export const TARJETA_MONTOS_USD = [25, 50, 100, 200] as const;
export const TARJETA_MIN_CENTS = 10_00;
export const TARJETA_MAX_CENTS = 1_000_00;
/** A card is valid this many months from the day it was paid (the business's calendar). */
export const TARJETA_VALIDEZ_MESES = 12;
/** Balance checks a client may make per hour (the balance page and the cart's "¿Tienes una tarjeta regalo?"). */
export const TARJETA_CONSULTAS_POR_HORA = 20;
/** The longest message a buyer may write to the recipient. */
export const TARJETA_MENSAJE_MAX = 500;

/** Letters and digits that cannot be mistaken for one another when read aloud or typed (no 0/O, 1/I/L). */
export const TARJETA_ALFABETO = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const GROUPS = 3;
const GROUP_LENGTH = 4;

/** "RG-ABCD-EFGH-JKMN" from its 12 characters ("RG": regalo; a booking's reference starts "TR-"). */
export function formatTarjetaCodigo(chars: string): string {
  const groups = Array.from({ length: GROUPS }, (_, i) => chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH));
  return `RG-${groups.join("-")}`;
}

/**
 * A code as a person types it (any case, with or without dashes or spaces, with or without "RG") in its stored form,
 * or null when it cannot be a card's code.
 */
export function normalizeTarjetaCodigo(raw: string): string | null {
  let chars = raw.toUpperCase().replace(/[\s-]/g, "");
  if (chars.startsWith("RG") && chars.length === GROUPS * GROUP_LENGTH + 2) chars = chars.slice(2);
  if (chars.length !== GROUPS * GROUP_LENGTH) return null;
  for (const c of chars) if (!TARJETA_ALFABETO.includes(c)) return null;
  return formatTarjetaCodigo(chars);
}

/** The end of a code, enough to tell cards apart without writing the whole secret: "…JKMN". */
export function tarjetaCodigoFinal(codigo: string): string {
  return `…${codigo.slice(-GROUP_LENGTH)}`;
}

/** The last valid day ("YYYY-MM-DD") of a card paid on `paidOn`: the same day TARJETA_VALIDEZ_MESES later (28 Feb for a 29 Feb). */
export function tarjetaVenceEl(paidOn: string): string {
  const [y, m, d] = paidOn.split("-").map(Number) as [number, number, number];
  const months = m - 1 + TARJETA_VALIDEZ_MESES;
  const year = y + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/** Whether a whole-cent amount may be a card's value. */
export function tarjetaMontoValido(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents >= TARJETA_MIN_CENTS && cents <= TARJETA_MAX_CENTS;
}

/** What a card pays of an order: all of it when its balance covers the total, else the whole balance. */
export function cardPaymentCents(totalCents: number, balanceCents: number): number {
  return Math.max(0, Math.min(totalCents, balanceCents));
}

/**
 * How a refund of `refundCents` goes back (decision 0024): to the card first, up to what the card paid of the order
 * and has not had back yet (`cardLeftCents`); the rest to PayPal. So PayPal never refunds more than it captured,
 * and an order paid in part by card and cancelled line by line returns each part to where it came from.
 */
export function refundSplit(refundCents: number, cardLeftCents: number): { tarjeta: number; paypal: number } {
  const tarjeta = Math.max(0, Math.min(refundCents, cardLeftCents));
  return { tarjeta, paypal: refundCents - tarjeta };
}
