import type { VisitedEntry } from "./home/VisitedStrip";

const STORAGE_KEY = "actividadesVisitadas";
const MAX_ENTRIES = 8;

/** Records a visit in the browser's `actividadesVisitadas` list (most recent first), as the spec keeps it. */
export function rememberVisit(entry: VisitedEntry): void {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    const list = Array.isArray(parsed) ? (parsed as VisitedEntry[]) : [];
    const next = [entry, ...list.filter((v) => String(v?.id) !== String(entry.id))].slice(0, MAX_ENTRIES);
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the cookie copy still feeds the home strip.
  }
}
