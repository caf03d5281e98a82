import { HOUR_SLIDER } from "@tours/domain";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import type { FreeTour } from "@tours/contract";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatPrice } from "~/components/money";
import { Breadcrumbs } from "~/components/PageHero";
import { Pager, SortLinks } from "~/components/Pager";
import { activityPath, es } from "~/lib/catalogue-format";
import { api, loadOr, loadRecord } from "~/lib/api.server";
import { loadCiudades, loadPaises } from "~/lib/catalogue.server";
import { countryPath } from "~/lib/catalogue-format";
import {
  DURACIONES,
  hasActiveFilters,
  matchesFilters,
  needsAvailability,
  parseFilters,
} from "~/lib/freetour-filters";
import { useImageBase } from "~/lib/images";
import { imageOrScene } from "~/lib/scene-image";
import { siteOrigin } from "~/lib/origin.server";
import { DEFAULT_ORDEN, PER_PAGE, pageCount, pageLinks, pageLinkTags, parsePageRequest, sortBy, type PageRequest } from "~/lib/paging";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";
import { todayInBusinessTz } from "~/lib/time.server";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...seo({
    title: `${data?.countryName ? `Free tours en ${data.countryName}` : "Free tours"}${data && data.page.pagina > 1 ? ` (página ${data.page.pagina})` : ""}`,
    description: data?.countryName
      ? `Free tours a pie con guías locales en ${data.countryName}: filtra por día, hora de inicio y ciudad.`
      : "Free tours a pie con guías locales: filtra por día, hora de inicio y ciudad.",
    // the canonical link is pageLinkTags' (with prev and next)
    url: data?.links?.canonical,
    canonical: false,
  }),
  ...pageLinkTags(data?.links),
];

/** Provider pages read at most for one country's list (the bundled catalogue has one). */
const MAX_PROVIDER_PAGES = 10;

/** Every free tour of a provider country (its pages in parallel after the first), null when it is unknown. */
async function loadCountryFreeTours(countryId: string): Promise<FreeTour[] | null | "unavailable"> {
  const first = await loadRecord(`los free tours del país ${countryId}`, async () => (await api().freetours.tours(countryId)).data);
  if (first === null || first === "unavailable") return first;
  const more = Array.from({ length: Math.min(first.totalPages, MAX_PROVIDER_PAGES) - 1 }, (_, i) => i + 2);
  const rest = await Promise.all(
    more.map((n) =>
      loadOr(`los free tours del país ${countryId} (página ${n})`, async () => (await api().freetours.tours(countryId, n)).data.tours, []),
    ),
  );
  return [...first.tours, ...rest.flat()];
}

function departuresOf(tourId: string): Promise<string[]> {
  return loadOr(
    `la disponibilidad del free tour ${tourId}`,
    async () => (await api().freetours.tour(tourId)).disponibilidad.data.map((departure) => departure.date),
    [],
  );
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const countryId = params.countryId ?? "";
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(countryId)) throw new Response("País no encontrado", { status: 404 });
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const paging = parsePageRequest(url.searchParams);
  if (paging === null) throw new Response("Página no encontrada", { status: 404 });

  const [page, paises, ciudades] = await Promise.all([loadCountryFreeTours(countryId), loadPaises(), loadCiudades()]);
  const pais = paises.find((p) => p.freetour_id === countryId) ?? null;
  const tours: FreeTour[] = page && page !== "unavailable" ? page : [];
  if (page === null || (tours.length === 0 && !pais && page !== "unavailable")) {
    throw new Response("País no encontrado", { status: 404 });
  }

  const cityIds = [...new Set(tours.map((t) => t.cityId).filter((c): c is string => Boolean(c)))];
  const cityOptions = cityIds.map((id) => ({
    value: id,
    label: ciudades.find((c) => c.freetour_id === id)?.nombre ?? "Otra ciudad",
  }));

  const departures = needsAvailability(filters) ? await Promise.all(tours.map((t) => departuresOf(t.id))) : tours.map(() => []);
  const now = new Date();
  const { today } = todayInBusinessTz(now);
  const visible = tours.filter((tour, i) =>
    matchesFilters(
      { cityId: tour.cityId, length: tour.length, departures: departures[i] ?? [] },
      filters,
      now,
      today,
    ),
  );

  // Sorted and paged after filtering: 24 a page, each page its own address.
  const sorted = sortBy(visible, paging.orden, { price: (t) => Number(t.price.value), name: (t) => es(t.title) });
  const pages = pageCount(sorted.length);
  if (paging.pagina > pages) throw new Response("Página no encontrada", { status: 404 });
  const first = (paging.pagina - 1) * PER_PAGE;
  return json(
    {
      countryId,
      countryName: pais?.nombre ?? null,
      paisId: pais?.id ?? null,
      total: tours.length,
      matching: visible.length,
      tours: sorted.slice(first, first + PER_PAGE),
      first,
      page: paging,
      pages,
      links: pageLinks(siteOrigin(request), `/country/${countryId}`, url.searchParams, paging, pages),
      filters,
      filtered: hasActiveFilters(filters),
      cityOptions,
      unavailable: page === "unavailable",
    },
    page === "unavailable" ? { headers: NO_STORE } : undefined,
  );
}

export default function FreeTourList() {
  const data = useLoaderData<typeof loader>();
  const base = useImageBase();
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === `/country/${data.countryId}`;
  const title = data.countryName ? `Free tours en ${data.countryName}` : "Free tours";
  const location = useLocation();
  const nav = { path: location.pathname, search: location.search, current: data.page as PageRequest };

  return (
    <div className="container section">
      <Breadcrumbs
        crumbs={[
          { label: "Inicio", to: "/" },
          ...(data.paisId && data.countryName ? [{ label: data.countryName, to: countryPath(data.paisId) }] : []),
          { label: "Free tours" },
        ]}
      />
      <h1>{title}</h1>
      <div className="layout-sidebar">
        <div>
          {/* Phones: the filters fold behind a toggle (a checkbox + label, so it works without JavaScript). */}
          <input
            type="checkbox"
            id="mostrar-filtros"
            className="filters-toggle visually-hidden"
            defaultChecked={data.filtered}
          />
          <label htmlFor="mostrar-filtros" className="btn btn--ghost filters-toggle__label">
            {data.filtered ? "Filtros (activos)" : "Filtrar"}
          </label>
          <Filters />
        </div>
        <section aria-labelledby="resultados-title" aria-busy={updating}>
          <h2 id="resultados-title" className="visually-hidden">
            Resultados
          </h2>
          <p className="results-count" role="status" data-testid="results-count">
            {data.unavailable
              ? "No pudimos cargar los free tours en este momento. Inténtalo de nuevo en unos minutos."
              : data.filtered
                ? `${data.matching} de ${data.total} free tours coinciden con tus filtros`
                : `${data.total} free tours`}
            {data.pages > 1 ? ` · ${data.first + 1}–${data.first + data.tours.length}` : ""}
            {updating ? " · Actualizando…" : ""}
          </p>
          {data.tours.length === 0 && !data.unavailable ? (
            <div className="empty">
              <p>Ningún free tour coincide con estos filtros.</p>
              <Link to={`/country/${data.countryId}`}>Quitar filtros</Link>
            </div>
          ) : null}
          {data.matching > 1 ? <SortLinks {...nav} label="Ordenar los free tours" /> : null}
          <div className="list-cards">
            {data.tours.map((tour, i) => (
              <article key={tour.id} className="hcard card" data-testid="free-tour-item">
                <div className="hcard__media">
                  <img
                    src={imageOrScene(base, tour.titleImageURL, `free-${tour.id}`)}
                    alt=""
                    width={800}
                    height={600}
                    loading={data.page.pagina === 1 && i < 2 ? "eager" : "lazy"}
                    decoding="async"
                  />
                </div>
                <div className="hcard__body">
                  <h3 className="card__title">
                    <Link to={activityPath(tour.id)} className="card__link">
                      {es(tour.title)}
                    </Link>
                  </h3>
                  {es(tour.brief) ? <p className="muted" style={{ margin: 0 }}>{es(tour.brief)}</p> : null}
                  {tour.includes.length > 0 ? (
                    <ul className="includes" aria-label="Incluye">
                      {tour.includes.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  ) : null}
                  <div className="card__footer">
                    <span className="card__price" data-testid="free-tour-price">
                      {formatPrice(Number(tour.price.value), tour.price.currency)}
                    </span>
                    <span className="muted">Ver actividad →</span>
                  </div>
                </div>
              </article>
            ))}
          </div>
          <Pager {...nav} pages={data.pages} label="Páginas de free tours" />
        </section>
      </div>
    </div>
  );
}

function Filters() {
  const { countryId, filters, cityOptions, page } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const [hmin, setHmin] = useState(filters.hmin);
  const [hmax, setHmax] = useState(filters.hmax);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  // The form stays mounted (focus stays on the control being used); when the URL changes by other means
  // ("Limpiar", back button) its controls are brought in line with the filters the page now shows.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    setHmin(filters.hmin);
    setHmax(filters.hmax);
    for (const input of Array.from(form.querySelectorAll<HTMLInputElement>("input"))) {
      if (input.type === "radio") input.checked = (filters.disp ?? "") === input.value;
      else if (input.name === "ciudad") input.checked = filters.ciudades.includes(input.value);
      else if (input.name === "duracion") input.checked = filters.duraciones.includes(input.value);
      else if (input.name === "desde") input.value = filters.desde ?? "";
      else if (input.name === "hasta") input.value = filters.hasta ?? "";
    }
  }, [filters]);

  // With JavaScript every change applies at once (sliders after a short pause); without it, the button does.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const isRange = (event.target as HTMLInputElement).type === "range";
    clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), isRange ? 350 : 0);
  };

  return (
    <Form
      ref={formRef}
      method="get"
      action={`/country/${countryId}`}
      className="filters"
      onChange={onChange}
      aria-label="Filtros"
    >
      <h2>Filtrar</h2>
      {/* Filtering keeps the chosen order and starts again at the first page. */}
      {page.orden !== DEFAULT_ORDEN ? <input type="hidden" name="orden" value={page.orden} /> : null}
      <fieldset>
        <legend>Disponibilidad</legend>
        {[
          { value: "", label: "Cualquier día" },
          { value: "hoy", label: "Hoy" },
          { value: "manana", label: "Mañana" },
          { value: "fechas", label: "Fechas" },
        ].map((option) => (
          <label key={option.value} className="check">
            <input type="radio" name="disp" value={option.value} defaultChecked={(filters.disp ?? "") === option.value} />
            {option.label}
          </label>
        ))}
        <div className="row" style={{ marginTop: "0.5rem" }}>
          <div style={{ flex: 1 }}>
            <label htmlFor="f-desde" style={{ fontWeight: 400 }}>
              Desde
            </label>
            <input id="f-desde" type="date" name="desde" defaultValue={filters.desde ?? ""} />
          </div>
          <div style={{ flex: 1 }}>
            <label htmlFor="f-hasta" style={{ fontWeight: 400 }}>
              Hasta
            </label>
            <input id="f-hasta" type="date" name="hasta" defaultValue={filters.hasta ?? ""} />
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>Hora de inicio</legend>
        <div className="range-pair">
          <label htmlFor="f-hmin" style={{ fontWeight: 400 }}>
            Desde las <output htmlFor="f-hmin">{hmin}:00</output>
          </label>
          <input
            id="f-hmin"
            type="range"
            name="hmin"
            min={HOUR_SLIDER.min}
            max={HOUR_SLIDER.max}
            step={1}
            value={hmin}
            onChange={(e) => setHmin(Number(e.target.value))}
            aria-valuetext={`${hmin}:00`}
          />
          <label htmlFor="f-hmax" style={{ fontWeight: 400 }}>
            Hasta las <output htmlFor="f-hmax">{hmax}:00</output>
          </label>
          <input
            id="f-hmax"
            type="range"
            name="hmax"
            min={HOUR_SLIDER.min}
            max={HOUR_SLIDER.max}
            step={1}
            value={hmax}
            onChange={(e) => setHmax(Number(e.target.value))}
            aria-valuetext={`${hmax}:00`}
          />
        </div>
      </fieldset>
      {cityOptions.length > 0 ? (
        <fieldset>
          <legend>Ciudad</legend>
          {cityOptions.map((city) => (
            <label key={city.value} className="check">
              <input type="checkbox" name="ciudad" value={city.value} defaultChecked={filters.ciudades.includes(city.value)} />
              {city.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset>
        <legend>Categoría</legend>
        {DURACIONES.map((duracion) => (
          <label key={duracion.value} className="check">
            <input
              type="checkbox"
              name="duracion"
              value={duracion.value}
              defaultChecked={filters.duraciones.includes(duracion.value)}
            />
            {duracion.label}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button type="submit" className="btn btn--small">
          Aplicar filtros
        </button>
        <Link to={`/country/${countryId}`} className="btn btn--small btn--ghost">
          Limpiar
        </Link>
      </div>
    </Form>
  );
}
