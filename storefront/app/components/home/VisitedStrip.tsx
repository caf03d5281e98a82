import { useEffect, useState } from "react";
import { STORAGE_KEYS, formatUSD, toCents } from "@tours/domain";
import { Card } from "../Card";
import { useImageBase } from "~/lib/images";
import { imageOrScene } from "~/lib/scene-image";
import type { VisitedEntry } from "~/lib/visited";

/** The browser's `actividadesVisitadas` list, or null when there is none (or storage cannot be read). */
function storedVisits(): VisitedEntry[] | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.visited);
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

/** Local tours have numeric ids; the free-tour provider's are strings. */
export function visitedHref(entry: Pick<VisitedEntry, "id">): string {
  const id = String(entry.id);
  return /^\d+$/.test(id) ? `/actividades/detalle/local/${id}` : `/activity/${encodeURIComponent(id)}`;
}

/**
 * "Still interested" strip: the activities this visitor opened before. The server renders the list kept in
 * the cookie (so it shows without JavaScript); in the browser the localStorage list of the spec takes over.
 */
export function VisitedStrip({ initial }: { initial: VisitedEntry[] }) {
  const [entries, setEntries] = useState(initial);
  const base = useImageBase();

  useEffect(() => {
    const stored = storedVisits();
    if (stored && stored.length > 0) setEntries(stored.slice(0, 8));
  }, []);

  if (entries.length === 0) return null;
  return (
    <section className="container section" aria-labelledby="visitados-title" data-testid="visited-strip">
      <div className="section__head">
        <h2 id="visitados-title">¿Todavía te interesan estas actividades?</h2>
      </div>
      <div className="strip">
        {entries.map((entry) => {
          const local = /^\d+$/.test(String(entry.id));
          return (
            <Card
              key={String(entry.id)}
              href={visitedHref(entry)}
              title={entry.nombre}
              image={imageOrScene(base, entry.imagen, `visited-${entry.id}`)}
              price={
                entry.valor > 0 ? (
                  <span className="card__price">
                    <small>Desde </small>
                    {local ? formatUSD(toCents(entry.valor)) : entry.valor}
                  </span>
                ) : undefined
              }
            />
          );
        })}
      </div>
    </section>
  );
}
