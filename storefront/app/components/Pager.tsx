import { Link } from "@remix-run/react";
import { ORDENES, pageHref, pageWindow, type PageRequest } from "~/lib/paging";

interface ListNavProps {
  /** The list's path, e.g. /actividades/1/2. */
  path: string;
  /** The page's query string (filters are kept in every link). */
  search: string;
  current: PageRequest;
}

/** The sort orders as plain links (no JavaScript needed); the current one is marked. */
export function SortLinks({ path, search, current, label }: ListNavProps & { label: string }) {
  const query = new URLSearchParams(search);
  return (
    <nav className="sort-links" aria-label={label}>
      <span className="muted">Ordenar:</span>
      <ul>
        {ORDENES.map((o) => (
          <li key={o.value}>
            <Link
              to={pageHref(path, query, { pagina: 1, orden: o.value })}
              aria-current={o.value === current.orden ? "true" : undefined}
              preventScrollReset
              rel="nofollow"
            >
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous / numbered / next page links; nothing when the list fits in one page. */
export function Pager({ path, search, current, pages, label }: ListNavProps & { pages: number; label: string }) {
  if (pages <= 1) return null;
  const query = new URLSearchParams(search);
  const href = (pagina: number) => pageHref(path, query, { ...current, pagina });
  return (
    <nav className="pager" aria-label={label} data-testid="pager">
      <ul>
        <li>
          {current.pagina > 1 ? (
            <Link to={href(current.pagina - 1)} rel="prev">
              ← Anterior
            </Link>
          ) : (
            <span aria-hidden="true">← Anterior</span>
          )}
        </li>
        {pageWindow(current.pagina, pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link to={href(p)} aria-current={p === current.pagina ? "page" : undefined} aria-label={`Página ${p}`}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {current.pagina < pages ? (
            <Link to={href(current.pagina + 1)} rel="next">
              Siguiente →
            </Link>
          ) : (
            <span aria-hidden="true">Siguiente →</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
