import { formatUSD, toCents } from "@tours/domain";

/** A dollar amount as the API sends it ("120.5", 120.5), shown as "US$ 120,50" through the one pricing home. */
export const usd = (value: unknown) => formatUSD(toCents(Number(value ?? 0)));

/** A signed amount of a balance's movement: "+USD 50.00", "−USD 36.00" (a true minus sign, as the discounts show it). */
export function signedUsd(value: unknown): string {
  const cents = toCents(Number(value ?? 0));
  return `${cents < 0 ? "−" : cents > 0 ? "+" : ""}${formatUSD(Math.abs(cents))}`;
}
