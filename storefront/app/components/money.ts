import { formatUSD } from "@tours/domain";

const amount = new Intl.NumberFormat("es-CO", { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * A price with its currency: USD through the domain's formatter ("USD 120.00"); other currencies (the free-tour
 * provider supplies its own) as "EUR 15" / "COP 50.000".
 */
export function formatPrice(value: number, currency: string | null | undefined): string {
  const code = (currency || "USD").toUpperCase();
  // Rounded to the cent: a provider price with a third decimal (12.345) is shown, not a page error.
  if (code === "USD") return formatUSD(Math.round(value * 100));
  return `${code} ${amount.format(value)}`;
}
