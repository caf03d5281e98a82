/**
 * The contract's body schemas turn a blank `freetour_id` into "absent". Staff clear it by sending it blank or
 * null, so the raw body decides between "keep" (key absent) and "clear".
 */
export function freetourIdFrom(raw: unknown, parsed: string | undefined): string | null | undefined {
  if (parsed !== undefined) return parsed;
  if (raw && typeof raw === "object" && "freetour_id" in raw) return null;
  return undefined;
}
