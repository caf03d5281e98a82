import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { BUSQUEDA_Q_MAX } from "@tours/domain";
import { TourResults } from "~/components/busqueda/TourResults";
import { loadTourList } from "~/lib/busqueda.server";
import { loadCiudades, loadPaises } from "~/lib/catalogue.server";
import { findDestinations, groupDestinations } from "~/lib/destinations";
import { cityPath, countryPath } from "~/lib/catalogue-format";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = (args) => [
  ...seo(
    {
      title: args.data?.q ? `Resultados para “${args.data.q}”` : "Buscar tours y destinos",
      description: "Encuentra tours guiados, ciudades y países: filtra por precio, duración, idioma, accesibilidad y fecha.",
    },
    args,
  ),
  // results change with every query: search engines follow them to the tours, but list the tours themselves
  { name: "robots", content: "noindex, follow" },
];

/**
 * The catalogue search, with or without JavaScript: /buscar?q=museo lists the countries and cities whose names hold
 * the words (or one typo away) and our tours found by name, description, city or country, 24 a page, with the
 * filters of the tour lists. Without a query: every destination.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, BUSQUEDA_Q_MAX);
  // without a query, the destinations only: a list of every tour would cost what the whole catalogue costs
  const [paises, ciudades, list] = await Promise.all([
    loadPaises(),
    loadCiudades(),
    q ? loadTourList(url, { q }, `la búsqueda “${q}”`) : Promise.resolve(undefined),
  ]);
  if (list === null) throw new Response("Página no encontrada", { status: 404 });
  const groups = groupDestinations(paises, ciudades);
  const results = !list || list.page.pagina === 1 ? findDestinations(groups, q, list?.destinos ?? []) : [];
  return json({ q, results, list: list ?? null }, list?.unavailable ? { headers: NO_STORE } : undefined);
}

export default function Buscar() {
  const { q, results, list } = useLoaderData<typeof loader>();
  const cities = results.reduce((n, g) => n + g.ciudades.length, 0);
  return (
    <div className="container section">
      <h1>{q ? `Resultados para “${q}”` : "Buscar tours y destinos"}</h1>
      <Form method="get" action="/buscar" role="search" className="search-box__form" style={{ maxWidth: 560 }}>
        <label htmlFor="buscar-q" className="visually-hidden">
          Buscar tours, países o ciudades
        </label>
        <input id="buscar-q" type="search" name="q" defaultValue={q} maxLength={BUSQUEDA_Q_MAX} placeholder="Busca un tour, un país o una ciudad" />
        <button type="submit" className="btn">
          Buscar
        </button>
      </Form>
      {!list || list.page.pagina === 1 ? (
        <section aria-labelledby="destinos-title" style={{ marginTop: "1.5rem" }}>
          <h2 id="destinos-title">{q ? "Destinos" : "Top destinos"}</h2>
          <p className="results-count" role="status">
            {results.length === 0
              ? q
                ? `No encontramos destinos con “${q}”.`
                : "No hay destinos disponibles en este momento."
              : `${results.length} ${results.length === 1 ? "país" : "países"} y ${cities} ${cities === 1 ? "ciudad" : "ciudades"}`}
          </p>
          {results.length > 0 ? (
            <div className="grid grid--3" data-testid="search-results">
              {results.map((group) => (
                <section key={group.id} className="panel" aria-labelledby={`pais-${group.id}`}>
                  <h3 id={`pais-${group.id}`} style={{ fontSize: "1.2rem" }}>
                    <Link to={countryPath(group.id)}>{group.nombre}</Link>
                  </h3>
                  {group.ciudades.length > 0 ? (
                    <ul>
                      {group.ciudades.map((c) => (
                        <li key={c.id}>
                          <Link to={cityPath(group.id, c.id)}>{c.nombre}</Link>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="muted">Aún no hay ciudades publicadas.</p>
                  )}
                </section>
              ))}
            </div>
          ) : null}
        </section>
      ) : null}
      {list ? (
        <section aria-labelledby="tours-title" id="tours" style={{ marginTop: "2rem" }}>
          <h2 id="tours-title">Tours para “{q}”</h2>
          <TourResults list={list} q={q} empty={`No encontramos tours con “${q}”.`} />
        </section>
      ) : null}
    </div>
  );
}
