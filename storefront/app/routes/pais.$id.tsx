import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/Card";
import { TourResults } from "~/components/busqueda/TourResults";
import { loadTourList } from "~/lib/busqueda.server";
import { PageHero } from "~/components/PageHero";
import { api, loadOr, loadRecord, publicApiBase } from "~/lib/api.server";
import { cityPath, countryPath } from "~/lib/catalogue-format";
import { siteOrigin } from "~/lib/origin.server";
import { resolveImage, useImageBase } from "~/lib/images";
import { imageOrScene, sceneImage } from "~/lib/scene-image";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";
import { breadcrumbJsonLd, itemListJsonLd, jsonLdTags } from "~/lib/structured-data";
import type { Ciudad } from "@tours/contract";
import { Unavailable } from "~/components/ErrorPage";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const { data } = args;
  if (!data?.pais) return seo({ title: "Destino" });
  return [
    ...seo(
      {
        title: `Tours en ${data.pais.nombre}`,
        description: `Ciudades, tours guiados y free tours en ${data.pais.nombre}. Reserva con precios finales en USD.`,
        image: data.heroImage,
      },
      args,
    ),
    ...jsonLdTags(data.structuredData),
    // a filtered list repeats the page's tours: engines follow it to them, but index the page without filters
    ...(data.list.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  if (id === null) throw new Response("País no encontrado", { status: 404 });
  const url = new URL(request.url);
  // the country's tours, 24 a page, filtered by the search (lib/busqueda.server.ts)
  const [found, ciudades, list] = await Promise.all([
    loadRecord(`el país ${id}`, async () => (await api().pais.find(id)).succes),
    loadOr(`las ciudades del país ${id}`, async () => (await api().ciudades.findByPais(id)).succes, [] as Ciudad[]),
    loadTourList(url, { pais: id }, `los tours del país ${id}`),
  ]);
  if (found === null || list === null) throw new Response("País no encontrado", { status: 404 });
  if (found === "unavailable") return json({ pais: null, ciudades, list, heroImage: null, structuredData: [] }, { headers: NO_STORE });
  if (!list.unavailable && list.page.pagina > list.pages) throw new Response("Página no encontrada", { status: 404 });
  const origin = siteOrigin(request);
  // the cities the page lists and where it sits (schema.org, lib/structured-data.ts)
  const structuredData = [
    itemListJsonLd(
      `Ciudades de ${found.nombre}`,
      ciudades.map((c) => ({ name: c.nombre, url: `${origin}${cityPath(found.id, c.id)}` })),
    ),
    breadcrumbJsonLd([
      { name: "Inicio", url: `${origin}/` },
      { name: found.nombre, url: `${origin}${countryPath(found.id)}` },
    ]),
  ];
  return json(
    { pais: found, ciudades, list, heroImage: resolveImage(publicApiBase(), found.imagen), structuredData },
    list.unavailable ? { headers: NO_STORE } : undefined,
  );
}

export default function PaisPage() {
  const { pais, ciudades, list, heroImage } = useLoaderData<typeof loader>();
  const base = useImageBase();
  if (!pais) {
    return <Unavailable title="Destino" what="este destino" />;
  }
  return (
    <>
      <PageHero
        title={pais.nombre}
        image={heroImage ?? sceneImage(`pais-${pais.nombre}`)}
        lead={`Descubre ${pais.nombre} con guías locales: elige una ciudad y encuentra tu próxima experiencia.`}
        crumbs={[{ label: "Inicio", to: "/" }, { label: pais.nombre }]}
      >
        {pais.freetour_id ? (
          <Link to={`/country/${encodeURIComponent(pais.freetour_id)}`} className="btn" data-testid="free-tours-link">
            Ver free tours en {pais.nombre}
          </Link>
        ) : null}
      </PageHero>
      <section className="container section" aria-labelledby="ciudades-title">
        <div className="section__head">
          <h2 id="ciudades-title">Ciudades de {pais.nombre}</h2>
          <span className="muted">
            {ciudades.length} {ciudades.length === 1 ? "ciudad" : "ciudades"}
          </span>
        </div>
        {ciudades.length === 0 ? (
          <p className="empty">Todavía no hay ciudades publicadas en {pais.nombre}.</p>
        ) : (
          <div className="grid grid--3">
            {ciudades.map((ciudad, i) => (
              <Card
                key={ciudad.id}
                testId="city-card"
                href={cityPath(pais.id, ciudad.id)}
                title={ciudad.nombre}
                image={imageOrScene(base, ciudad.imagen, `ciudad-${ciudad.nombre}`, ciudad.nombre)}
                text={`Tours y free tours en ${ciudad.nombre}`}
                badge={ciudad.destacado ? <span className="badge">Destacado</span> : undefined}
                eager={i < 3}
              />
            ))}
          </div>
        )}
      </section>
      <section className="container section" aria-labelledby="tours-title" id="tours">
        <div className="section__head">
          <h2 id="tours-title">Tours en {pais.nombre}</h2>
        </div>
        <TourResults list={list} empty={`Todavía no hay tours propios en ${pais.nombre}.`} />
      </section>
    </>
  );
}
