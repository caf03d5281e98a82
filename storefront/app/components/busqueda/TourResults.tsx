import { Link, useLocation, useNavigation } from "@remix-run/react";
import { Pager, SortLinks } from "~/components/Pager";
import { LocalTourCard } from "~/components/TourCards";
import { PER_PAGE } from "~/lib/paging";
import type { TourList } from "~/lib/busqueda.server";
import { TourFilters } from "./TourFilters";

interface TourResultsProps {
  list: TourList;
  /** The search's words, kept by the filters' form. */
  q?: string;
  /** What the page says when nothing is there without filters. */
  empty: string;
}

/**
 * A list of our tours beside its filters: the count, the sort links, the cards and the pages. On phones the filters
 * fold behind a toggle (a checkbox and its label, so it works without JavaScript).
 */
export function TourResults({ list, q, empty }: TourResultsProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const nav = { path: location.pathname, search: location.search, current: list.page };
  const first = (list.page.pagina - 1) * PER_PAGE;
  const matching = list.filtered ? " con estos filtros" : "";
  const counted =
    list.pages > 1
      ? `${first + 1}–${first + list.tours.length} de ${list.total} tours${matching}`
      : `${list.total} ${list.total === 1 ? "tour" : "tours"}${matching}`;
  return (
    <div className="layout-sidebar">
      <div>
        <input type="checkbox" id="mostrar-filtros" className="filters-toggle visually-hidden" defaultChecked={list.filtered} />
        <label htmlFor="mostrar-filtros" className="btn btn--ghost filters-toggle__label">
          {list.filtered ? "Filtros (activos)" : "Filtrar"}
        </label>
        <TourFilters
          action={location.pathname}
          filters={list.filters}
          facetas={list.facetas}
          page={list.page}
          q={q}
          clearHref={list.clearHref}
          today={list.today}
        />
      </div>
      <div aria-busy={updating}>
        <p className="results-count" role="status" data-testid="tours-range">
          {list.unavailable ? "No pudimos cargar los tours en este momento. Inténtalo de nuevo en unos minutos." : counted}
          {updating ? " · Actualizando…" : ""}
        </p>
        {list.total > 1 ? <SortLinks {...nav} label="Ordenar los tours" /> : null}
        {list.tours.length === 0 && !list.unavailable ? (
          <div className="empty">
            <p>{list.filtered ? "Ningún tour coincide con estos filtros." : empty}</p>
            {list.clearHref ? <Link to={list.clearHref}>Quitar filtros</Link> : null}
          </div>
        ) : (
          <div className="grid grid--2" data-testid="tour-results">
            {list.tours.map((tour, i) => (
              <LocalTourCard key={tour.id} tour={tour} eager={list.page.pagina === 1 && i < 2} />
            ))}
          </div>
        )}
        <Pager {...nav} pages={list.pages} label="Páginas de tours" />
      </div>
    </div>
  );
}
