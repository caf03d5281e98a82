import { formatUSD, toCents } from "@tours/domain";

/** A dollar amount as the API sends it ("120.5", 120.5), shown as "US$ 120,50" through the one pricing home. */
export const usd = (value: unknown) => formatUSD(toCents(Number(value ?? 0)));
