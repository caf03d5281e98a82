import { MAX_VISITED, STORAGE_KEYS } from "@tours/domain";
import type { VisitedEntry } from "~/lib/visited";

// Only the recording half lives here: the tour pages load it, and the home's strip reads the list itself
// (VisitedStrip), so the tour pages do not carry the reader.

/** Records a visit in the browser's `actividadesVisitadas` list (most recent first), as the spec keeps it. */
export function rememberVisit(entry: VisitedEntry): void {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.visited);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    const list = Array.isArray(parsed) ? (parsed as VisitedEntry[]) : [];
    const next = [entry, ...list.filter((v) => String(v?.id) !== String(entry.id))].slice(0, MAX_VISITED);
    window.localStorage.setItem(STORAGE_KEYS.visited, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the cookie copy still feeds the home strip.
  }
}
