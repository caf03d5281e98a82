import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { loadCiudades, loadPaises } from "~/lib/catalogue.server";
import { filterDestinations, groupDestinations } from "~/lib/destinations";
import { cityPath, countryPath } from "~/lib/catalogue-format";
import { catalogueHeaders, seo } from "~/lib/seo";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seo({
    title: data?.q ? `Destinos para “${data.q}”` : "Buscar destinos",
    description: "Encuentra países y ciudades con tours guiados y free tours en español.",
  });

/** The destination search without JavaScript: /buscar?q=bog lists the matching countries and cities. */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 80);
  const [paises, ciudades] = await Promise.all([loadPaises(), loadCiudades()]);
  return json({ q, results: filterDestinations(groupDestinations(paises, ciudades), q) });
}

export default function Buscar() {
  const { q, results } = useLoaderData<typeof loader>();
  const cities = results.reduce((n, g) => n + g.ciudades.length, 0);
  return (
    <div className="container section">
      <h1>{q ? `Destinos para “${q}”` : "Top destinos"}</h1>
      <Form method="get" action="/buscar" role="search" className="search-box__form" style={{ maxWidth: 560 }}>
        <label htmlFor="buscar-q" className="visually-hidden">
          Buscar destino: país o ciudad
        </label>
        <input id="buscar-q" type="search" name="q" defaultValue={q} placeholder="Busca un país o una ciudad" />
        <button type="submit" className="btn">
          Buscar
        </button>
      </Form>
      <p className="results-count" role="status" style={{ marginTop: "1rem" }}>
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
              <h2 id={`pais-${group.id}`} style={{ fontSize: "1.2rem" }}>
                <Link to={countryPath(group.id)}>{group.nombre}</Link>
              </h2>
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
      ) : (
        <p>
          <Link to="/">Volver al inicio</Link>
        </p>
      )}
    </div>
  );
}
