import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { FreeTour, Pais } from "@tours/contract";
import { PageHero } from "~/components/PageHero";
import { TourResults } from "~/components/busqueda/TourResults";
import { FreeTourCard } from "~/components/TourCards";
import { api, loadOr, loadRecord, publicApiBase } from "~/lib/api.server";
import { activityPath, cityPath, countryPath, es, localTourPath } from "~/lib/catalogue-format";
import { HERO_SIZES, imagePreload, preloadImage, resolveImage } from "~/lib/images";
import { sceneImage } from "~/lib/scene-image";
import { siteOrigin } from "~/lib/origin.server";
import { loadTourList } from "~/lib/busqueda.server";
import { PER_PAGE, pageLinks, pageLinkTags } from "~/lib/paging";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";
import { breadcrumbJsonLd, itemListJsonLd, jsonLdTags } from "~/lib/structured-data";
import { Unavailable } from "~/components/ErrorPage";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.ciudad) return seo({ title: "Actividades" });
  const pagina = data.list.page.pagina > 1 ? ` (página ${data.list.page.pagina})` : "";
  return [
    ...seo({
      title: `Qué hacer en ${data.ciudad.nombre}${data.pais ? `, ${data.pais.nombre}` : ""}${pagina}`,
      description: `Tours guiados y free tours en ${data.ciudad.nombre}: ${data.list.total + data.freeTours.length} actividades con reserva en línea.`,
      image: data.heroImage,
      // the canonical link is pageLinkTags' (with prev and next)
      url: data.links?.canonical,
      canonical: false,
    }),
    ...pageLinkTags(data.links),
    ...jsonLdTags(data.structuredData),
    // a filtered list repeats the page's tours: engines follow it to them, but index the page without filters
    ...(data.list.filtered ? [{ name: "robots", content: "noindex, follow" }] : []),
    // the hero photo is the page's largest content
    ...imagePreload(data.lcpImage),
  ];
};

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const countryId = positiveId(params.pais);
  const cityId = positiveId(params.ciudad);
  if (countryId === null || cityId === null) throw new Response("Ciudad no encontrada", { status: 404 });
  const url = new URL(request.url);

  // One page of the city's tours (24) through the search, filtered and sorted in SQL with each filter's counts: the
  // page costs the same whatever the city's size. The city call brings the provider's free tours (first page only;
  // one local tour asked, since its tours come from the search).
  const [ciudad, pais, list, byCiudad] = await Promise.all([
    loadRecord(`la ciudad ${cityId}`, async () => (await api().ciudades.findCiudad(cityId)).succes),
    loadOr(`el país ${countryId}`, async (): Promise<Pais | null> => (await api().pais.find(countryId)).succes, null),
    loadTourList(url, { ciudad: cityId }, `los tours de la ciudad ${cityId}`),
    url.searchParams.has("pagina") && url.searchParams.get("pagina") !== "1"
      ? Promise.resolve(null)
      : loadOr(`los free tours de la ciudad ${cityId}`, () => api().tour.byCiudad(cityId, { pagina: 1, porPagina: 1 }), null),
  ]);
  if (list === null) throw new Response("Página no encontrada", { status: 404 });
  const { page } = list;
  if (ciudad === null) throw new Response("Ciudad no encontrada", { status: 404 });
  if (ciudad === "unavailable") {
    return json(
      { ciudad: null, pais, list, freeTours: [] as FreeTour[], heroImage: null, lcpImage: null, links: null, structuredData: [] },
      { headers: NO_STORE },
    );
  }
  // The city belongs to another country: send the visitor to its real address.
  if (ciudad.pais !== countryId) throw redirect(`${cityPath(ciudad.pais, ciudad.id)}${url.search}`, 301);

  if (!list.unavailable && page.pagina > list.pages) throw new Response("Página no encontrada", { status: 404 });
  const path = cityPath(countryId, cityId);
  const heroImage = resolveImage(publicApiBase(), ciudad.imagen);
  const origin = siteOrigin(request);
  const ownPais = pais && pais.id === countryId ? pais : null;
  const tours = list.tours;
  // the provider's free tours of the city sit under the first page
  const freeTours = page.pagina === 1 ? (byCiudad?.freetour.tours ?? []) : [];
  // what the page lists, in its order, and where it sits (schema.org, lib/structured-data.ts)
  const structuredData = [
    itemListJsonLd(
      `Tours en ${ciudad.nombre}`,
      [
        ...tours.map((t) => ({ name: t.nombre, url: `${origin}${localTourPath(t.id)}` })),
        ...freeTours.map((t) => ({ name: es(t.title), url: `${origin}${activityPath(t.id)}` })),
      ],
      (page.pagina - 1) * PER_PAGE + 1,
    ),
    breadcrumbJsonLd([
      { name: "Inicio", url: `${origin}/` },
      ...(ownPais ? [{ name: ownPais.nombre, url: `${origin}${countryPath(ownPais.id)}` }] : []),
      { name: ciudad.nombre, url: `${origin}${path}` },
    ]),
  ];
  return json(
    {
      ciudad,
      pais: ownPais,
      list,
      freeTours,
      structuredData,
      heroImage,
      lcpImage: preloadImage(publicApiBase(), heroImage, HERO_SIZES),
      links: pageLinks(origin, path, url.searchParams, page, list.pages),
    },
    list.unavailable ? { headers: NO_STORE } : undefined,
  );
}

export default function CiudadPage() {
  const { ciudad, pais, list, freeTours, heroImage } = useLoaderData<typeof loader>();
  if (!ciudad) {
    return <Unavailable title="Actividades" what="esta ciudad" />;
  }
  const crumbs = [
    { label: "Inicio", to: "/" },
    ...(pais ? [{ label: pais.nombre, to: countryPath(pais.id) }] : []),
    { label: ciudad.nombre },
  ];
  const where = `${ciudad.nombre}${pais ? `, ${pais.nombre}` : ""}`;
  return (
    <>
      <PageHero
        title={`Qué hacer en ${ciudad.nombre}`}
        image={heroImage ?? sceneImage(`ciudad-${ciudad.nombre}`)}
        lead={list.filtered ? `Tours y free tours en ${where}.` : `${list.total + freeTours.length} actividades en ${where}.`}
        crumbs={crumbs}
      />
      <section className="container section" aria-labelledby="tours-title" id="tours">
        <div className="section__head">
          <h2 id="tours-title">Tours en {ciudad.nombre}</h2>
        </div>
        <TourResults list={list} empty={`Aún no hay tours propios en ${ciudad.nombre}. Mira los free tours de abajo.`} />
      </section>
      {list.page.pagina === 1 ? (
        <section className="container section" aria-labelledby="free-title">
          <div className="section__head">
            <h2 id="free-title">Free tours en {ciudad.nombre}</h2>
            {pais?.freetour_id ? (
              <Link to={`/country/${encodeURIComponent(pais.freetour_id)}`}>Todos los free tours de {pais.nombre}</Link>
            ) : null}
          </div>
          {freeTours.length === 0 ? (
            <p className="empty">No hay free tours disponibles en {ciudad.nombre} por ahora.</p>
          ) : (
            <div className="grid grid--3">
              {freeTours.map((tour) => (
                <FreeTourCard key={tour.id} tour={tour} />
              ))}
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
