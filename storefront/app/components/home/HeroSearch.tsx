import { Form, Link } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { filterDestinations, type DestinationGroup } from "~/lib/destinations";
import { cityPath, countryPath } from "~/lib/catalogue-format";

/**
 * The destination search of the hero. Without JavaScript it is a GET form to /buscar, which lists the
 * matching countries and cities. With JavaScript, clicking the box opens the "Top destinos" panel (cities
 * grouped under each country) and typing filters it by name; "Ver todos los resultados" opens /buscar with the
 * words typed (tours as well, filters).
 */
export function HeroSearch({ groups }: { groups: DestinationGroup[] }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const boxRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const results = useMemo(() => filterDestinations(groups, query), [groups, query]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (boxRef.current && !boxRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div
      className="search-box"
      ref={boxRef}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <Form method="get" action="/buscar" role="search" className="search-box__form">
        <label htmlFor="hero-q" className="visually-hidden">
          Buscar destino: país o ciudad
        </label>
        <input
          id="hero-q"
          type="search"
          name="q"
          placeholder="Busca un país o una ciudad"
          autoComplete="off"
          value={query}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen(true)}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={(event) => {
            // Escape closes the panel; without preventDefault a search box would also clear (and reopen it).
            if (event.key === "Escape" && open) {
              event.preventDefault();
              setOpen(false);
            }
          }}
        />
        <button type="submit" className="btn">
          Buscar
        </button>
      </Form>
      {open ? (
        <section className="top-destinos" id={panelId} aria-label="Top destinos" data-testid="top-destinos">
          <h2>Top destinos</h2>
          {results.length === 0 ? (
            <p className="muted">No encontramos destinos con “{query}”. Prueba con otro nombre.</p>
          ) : (
            <div className="top-destinos__grid">
              {results.map((group) => (
                <div key={group.id} data-testid="destino-pais">
                  <Link className="top-destinos__country" to={countryPath(group.id)}>
                    {group.nombre}
                  </Link>
                  {group.ciudades.length > 0 ? (
                    <ul>
                      {group.ciudades.map((ciudad) => (
                        <li key={ciudad.id}>
                          <Link to={cityPath(group.id, ciudad.id)}>{ciudad.nombre}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
            </div>
          )}
          {/* the whole search: tours too, by name and description, with filters (issue 26) */}
          <p className="top-destinos__all">
            <Link to={query.trim() ? `/buscar?q=${encodeURIComponent(query.trim())}` : "/buscar"}>Ver todos los resultados</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
