/**
 * Pricing in integer cents — the one pricing rule shared by the cart, the checkout and the server
 * (product-spec §5, docs/decisions/0002-money-rounding.md).
 *
 * Rounding rule: the unit prices of a line are computed ONCE from the tour's base price in cents with
 * integer arithmetic, rounding half up:
 *   adult (over 15)        = base
 *   child (4 to 15)        = round(base × 6 / 10)
 *   under 4 (0–3 years)    = 0
 *   pet                    = round(base × 2 / 10)
 * A line total is Σ count × unit price, and an order total is Σ line totals. Nothing is rounded after
 * that, so a decrement subtracts exactly what an increment added and totals never drift by a cent.
 */

export type TravellerKey = "mayores15" | "menoresde15_a4" | "menores3" | "mascotas";

/** Whole numbers ≥ 0 of each kind of traveller on one line (the order line's field names). */
export type TravellerCounts = Record<TravellerKey, number>;

export type UnitPrices = Record<TravellerKey, number>;

export const TRAVELLER_KEYS: readonly TravellerKey[] = ["mayores15", "menoresde15_a4", "menores3", "mascotas"];

/** Factors of the base price, as tenths (integer arithmetic). */
export const PRICE_TENTHS: Readonly<UnitPrices> = { mayores15: 10, menoresde15_a4: 6, menores3: 0, mascotas: 2 };

/** Spanish labels of the traveller kinds, for the breakdown under a total. */
export const TRAVELLER_LABELS_ES: Readonly<Record<TravellerKey, string>> = {
  mayores15: "Mayores de 15 años",
  menoresde15_a4: "De 4 a 15 años",
  menores3: "Menores de 4 años",
  mascotas: "Mascotas",
};

const TWO_DECIMALS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
/** Binary floating point leaves noise far below this (e.g. (0.1 + 0.2) × 100 = 30.000000000000004). */
const FLOAT_NOISE_CENTS = 1e-6;

function assertCents(cents: number, what = "cents"): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${what} debe ser un entero de centavos: ${cents}`);
}

/**
 * Dollars → cents, exactly. Accepts numbers and decimal text (PostgreSQL numeric) with at most two
 * decimals; float noise such as 0.1 + 0.2 snaps to the cent it means. Throws RangeError on NaN,
 * infinities and amounts with a third decimal (19.999, 1.005).
 */
export function toCents(amount: number | string): number {
  if (typeof amount === "string") {
    const match = TWO_DECIMALS.exec(amount.trim());
    if (!match) throw new RangeError(`Importe inválido: "${amount}"`);
    const [, sign, whole = "0", fraction = ""] = match;
    const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    assertCents(cents, "El importe");
    return sign === "-" && cents !== 0 ? -cents : cents;
  }
  if (!Number.isFinite(amount)) throw new RangeError(`Importe inválido: ${amount}`);
  const scaled = amount * 100;
  const cents = Math.round(scaled);
  if (Math.abs(scaled - cents) > FLOAT_NOISE_CENTS) {
    throw new RangeError(`El importe ${amount} tiene más de dos decimales`);
  }
  assertCents(cents, "El importe");
  return cents === 0 ? 0 : cents; // no -0
}

/** Cents → dollars (for wire formats that carry USD numbers, e.g. `valor_total`). */
export function fromCents(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

/** Cents → "12.50" (PayPal amounts). */
export function centsToDecimalString(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** "USD 1,234.50": currency always named, dot for decimals, comma for thousands. */
export function formatUSD(cents: number): string {
  const [whole = "0", fraction = "00"] = centsToDecimalString(Math.abs(cents)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `USD ${cents < 0 ? "-" : ""}${grouped}.${fraction}`;
}

/** round(value × tenths / 10) half up, in integers; value ≥ 0. */
function tenthsHalfUp(value: number, tenths: number): number {
  return Math.floor((value * tenths + 5) / 10);
}

/** The unit price of each kind of traveller for a tour whose adult price is `baseCents`. */
export function unitPricesCents(baseCents: number): UnitPrices {
  assertCents(baseCents, "El precio base");
  if (baseCents < 0) throw new RangeError("El precio base no puede ser negativo");
  return {
    mayores15: baseCents,
    menoresde15_a4: tenthsHalfUp(baseCents, PRICE_TENTHS.menoresde15_a4),
    menores3: 0,
    mascotas: tenthsHalfUp(baseCents, PRICE_TENTHS.mascotas),
  };
}

function assertCount(key: string, count: number): void {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`La cantidad de ${key} debe ser un entero mayor o igual a 0: ${count}`);
  }
}

/** Σ count × unit price for one line. Counts must be whole numbers ≥ 0 (missing = 0). */
export function lineTotalCents(baseCents: number, counts: Partial<TravellerCounts>): number {
  const units = unitPricesCents(baseCents);
  let total = 0;
  for (const key of TRAVELLER_KEYS) {
    const count = counts[key] ?? 0;
    assertCount(key, count);
    total += count * units[key];
  }
  assertCents(total, "El total");
  return total;
}

/** Σ line totals, each already in integer cents (the one place an order's or a cart's total is added up). */
export function orderTotalCents(lineTotals: readonly number[]): number {
  let total = 0;
  for (const lineTotal of lineTotals) {
    assertCents(lineTotal, "El total de la línea");
    total += lineTotal;
  }
  assertCents(total, "El total");
  return total;
}

/**
 * A discount code's effect (docs/decisions/0021-discount-codes.md): `percent` whole percent (1–100) of each line,
 * or `cents` off the order, spread over its lines.
 */
export type Discount = { kind: "percent"; percent: number } | { kind: "amount"; cents: number };

/**
 * What a discount takes off each line, in integer cents; the one rounding rule for discounts:
 * - a percentage is taken from each line on its own: round(line × percent / 100), half up;
 * - a fixed amount (at most the order's total) is spread over the lines in proportion to their totals: each line
 *   gets the whole cents of its share, and the cents left over go one each to the lines with the largest remainders
 *   (ties: the earlier line), so the parts add up to the amount exactly.
 * No line's discount exceeds its total, so what a line costs after it is never negative.
 */
export function lineDiscountsCents(lineTotals: readonly number[], discount: Discount | null): number[] {
  for (const lineTotal of lineTotals) {
    assertCents(lineTotal, "El total de la línea");
    if (lineTotal < 0) throw new RangeError("El total de una línea no puede ser negativo");
  }
  if (!discount) return lineTotals.map(() => 0);
  if (discount.kind === "percent") {
    const { percent } = discount;
    if (!Number.isSafeInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`Porcentaje inválido: ${percent}`);
    return lineTotals.map((lineTotal) => Math.floor((lineTotal * percent + 50) / 100));
  }
  assertCents(discount.cents, "El descuento");
  if (discount.cents < 0) throw new RangeError("El descuento no puede ser negativo");
  const total = orderTotalCents(lineTotals);
  const amount = Math.min(discount.cents, total);
  if (amount === 0) return lineTotals.map(() => 0);
  const parts = lineTotals.map((lineTotal, index) => {
    const scaled = lineTotal * amount;
    return { index, cents: Math.floor(scaled / total), remainder: scaled % total };
  });
  let left = amount - parts.reduce((sum, p) => sum + p.cents, 0);
  for (const part of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    part.cents += 1;
    left -= 1;
  }
  return parts.map((p) => p.cents);
}
