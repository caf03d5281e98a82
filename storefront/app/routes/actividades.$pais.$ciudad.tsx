import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { FreeTour, Pais } from "@tours/contract";
import { PageHero } from "~/components/PageHero";
import { Pager, SortLinks } from "~/components/Pager";
import { FreeTourCard, LocalTourCard, tourSummary, type LocalTourSummary } from "~/components/TourCards";
import { api, loadOr, loadRecord, publicApiBase } from "~/lib/api.server";
import { cityPath, countryPath } from "~/lib/catalogue-format";
import { HERO_SIZES, imagePreload, preloadImage, resolveImage, sceneImage } from "~/lib/images";
import { siteOrigin } from "~/lib/origin.server";
import { API_ORDEN, PER_PAGE, pageCount, pageLinks, pageLinkTags, parsePageRequest, type PageRequest } from "~/lib/paging";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";
import { Unavailable } from "~/components/Unavailable";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.ciudad) return seo({ title: "Actividades" });
  const pagina = data.page.pagina > 1 ? ` (página ${data.page.pagina})` : "";
  return [
    ...seo({
      title: `Qué hacer en ${data.ciudad.nombre}${data.pais ? `, ${data.pais.nombre}` : ""}${pagina}`,
      description: `Tours guiados y free tours en ${data.ciudad.nombre}: ${data.total + data.freeTours.length} actividades con reserva en línea.`,
      image: data.heroImage,
    }),
    ...pageLinkTags(data.links),
    // the hero photo is the page's largest content
    ...imagePreload(data.lcpImage),
  ];
};

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const paisId = positiveId(params.pais);
  const ciudadId = positiveId(params.ciudad);
  if (paisId === null || ciudadId === null) throw new Response("Ciudad no encontrada", { status: 404 });
  const url = new URL(request.url);
  const page = parsePageRequest(url.searchParams);
  if (page === null) throw new Response("Página no encontrada", { status: 404 });

  // One page of the city's tours (24), sorted in SQL: the page costs the same whatever the city's size.
  const [ciudad, pais, byCiudad] = await Promise.all([
    loadRecord(`la ciudad ${ciudadId}`, async () => (await api().ciudades.findCiudad(ciudadId)).succes),
    loadOr(`el país ${paisId}`, async (): Promise<Pais | null> => (await api().pais.find(paisId)).succes, null),
    loadOr(
      `las actividades de la ciudad ${ciudadId}`,
      () => api().tour.byCiudad(ciudadId, { pagina: page.pagina, porPagina: PER_PAGE, orden: API_ORDEN[page.orden] }),
      null,
    ),
  ]);
  if (ciudad === null) throw new Response("Ciudad no encontrada", { status: 404 });
  if (ciudad === "unavailable") {
    return json(
      { ciudad: null, pais, tours: [] as LocalTourSummary[], freeTours: [] as FreeTour[], heroImage: null, lcpImage: null, total: 0, pages: 1, page, links: null },
      { headers: NO_STORE },
    );
  }
  // The city belongs to another country: send the visitor to its real address.
  if (ciudad.pais !== paisId) throw redirect(`${cityPath(ciudad.pais, ciudad.id)}${url.search}`, 301);

  const total = byCiudad?.paginacion?.total ?? 0;
  const pages = pageCount(total);
  if (byCiudad && page.pagina > pages) throw new Response("Página no encontrada", { status: 404 });
  const path = cityPath(paisId, ciudadId);
  const heroImage = resolveImage(publicApiBase(), ciudad.imagen);
  return json(
    {
      ciudad,
      pais: pais && pais.id === paisId ? pais : null,
      tours: (byCiudad?.succes ?? []).map(tourSummary),
      // the provider's free tours of the city sit under the first page
      freeTours: page.pagina === 1 ? (byCiudad?.freetour.tours ?? []) : [],
      heroImage,
      lcpImage: preloadImage(publicApiBase(), heroImage, HERO_SIZES),
      total,
      pages,
      page,
      links: pageLinks(siteOrigin(request), path, url.searchParams, page, pages),
    },
    byCiudad ? undefined : { headers: NO_STORE },
  );
}

export default function CiudadPage() {
  const { ciudad, pais, tours, freeTours, heroImage, total, pages, page } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!ciudad) {
    return <Unavailable title="Actividades" what="esta ciudad" />;
  }
  const crumbs = [
    { label: "Inicio", to: "/" },
    ...(pais ? [{ label: pais.nombre, to: countryPath(pais.id) }] : []),
    { label: ciudad.nombre },
  ];
  const nav = { path: location.pathname, search: location.search, current: page as PageRequest };
  const first = (page.pagina - 1) * PER_PAGE;
  return (
    <>
      <PageHero
        title={`Qué hacer en ${ciudad.nombre}`}
        image={heroImage ?? sceneImage(`ciudad-${ciudad.nombre}`)}
        lead={`${total + freeTours.length} actividades en ${ciudad.nombre}${pais ? `, ${pais.nombre}` : ""}.`}
        crumbs={crumbs}
      />
      <section className="container section" aria-labelledby="tours-title" id="tours">
        <div className="section__head">
          <h2 id="tours-title">Tours en {ciudad.nombre}</h2>
          {total > 0 ? (
            <span className="muted" data-testid="tours-range">
              {pages > 1 ? `${first + 1}–${first + tours.length} de ${total} tours` : `${total} ${total === 1 ? "tour" : "tours"}`}
            </span>
          ) : null}
        </div>
        {total > 1 ? <SortLinks {...nav} label={`Ordenar los tours de ${ciudad.nombre}`} /> : null}
        {tours.length === 0 ? (
          <p className="empty">Aún no hay tours propios en {ciudad.nombre}. Mira los free tours de abajo.</p>
        ) : (
          <div className="grid grid--3">
            {tours.map((tour, i) => (
              <LocalTourCard key={tour.id} tour={tour} eager={page.pagina === 1 && i < 3} />
            ))}
          </div>
        )}
        <Pager {...nav} pages={pages} label={`Páginas de tours en ${ciudad.nombre}`} />
      </section>
      {page.pagina === 1 ? (
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
