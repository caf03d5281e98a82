import { MAX_VISITED, VISITED_KEY, type VisitedEntry } from "~/lib/visited";

/** The browser's `actividadesVisitadas` list, or null when there is none (or storage cannot be read). */
export function storedVisits(): VisitedEntry[] | null {
  try {
    const raw = window.localStorage.getItem(VISITED_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    return parsed.filter(
      (v): v is VisitedEntry =>
        typeof v === "object" && v !== null && "id" in v && typeof (v as VisitedEntry).nombre === "string",
    );
  } catch {
    return null;
  }
}

/** Records a visit in the browser's `actividadesVisitadas` list (most recent first), as the spec keeps it. */
export function rememberVisit(entry: VisitedEntry): void {
  try {
    const raw = window.localStorage.getItem(VISITED_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    const list = Array.isArray(parsed) ? (parsed as VisitedEntry[]) : [];
    const next = [entry, ...list.filter((v) => String(v?.id) !== String(entry.id))].slice(0, MAX_VISITED);
    window.localStorage.setItem(VISITED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the cookie copy still feeds the home strip.
  }
}
