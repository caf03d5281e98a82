import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BannerPopup } from "~/components/home/BannerPopup";
import { CountryCards } from "~/components/home/CountryCards";
import { HeroSearch } from "~/components/home/HeroSearch";
import { JapanPromo } from "~/components/home/JapanPromo";
import { SellingPoints } from "~/components/home/SellingPoints";
import { Slideshow } from "~/components/home/Slideshow";
import { VisitedStrip } from "~/components/home/VisitedStrip";
import { WhatsAppLink } from "~/components/home/WhatsAppLink";
import { loadBanner, loadCiudades, loadCountryStats, loadPaises } from "~/lib/catalogue.server";
import { groupDestinations, normalizeText } from "~/lib/destinations";
import { countryPath } from "~/lib/catalogue-format";
import { resolveImage } from "~/lib/images";
import { publicApiBase } from "~/lib/api.server";
import { catalogueHeaders, DEFAULT_DESCRIPTION, SITE_NAME, seo } from "~/lib/seo";
import { readVisited } from "~/lib/visited.server";
import type { VisitedEntry } from "~/lib/visited";

export const headers = catalogueHeaders;

export const meta: MetaFunction = (args) =>
  seo({ title: SITE_NAME, description: DEFAULT_DESCRIPTION }, args);

export async function loader({ request }: LoaderFunctionArgs) {
  // The search form's results live at /buscar; "/?q=…" (an old or hand-typed link) goes there too.
  const q = new URL(request.url).searchParams.get("q");
  if (q !== null) throw redirect(`/buscar?q=${encodeURIComponent(q)}`);
  // Four API reads whatever the size of the catalogue: countries, cities, their counters, the banner.
  const [paises, ciudades, stats, banner, visited] = await Promise.all([
    loadPaises(),
    loadCiudades(),
    loadCountryStats(),
    loadBanner(),
    readVisited(request).catch((): VisitedEntry[] => []),
  ]);
  const japan = paises.find((p) => normalizeText(p.nombre) === "japon");
  return json({
    groups: groupDestinations(paises, ciudades),
    countries: paises.map((p) => ({
      id: p.id,
      nombre: p.nombre,
      imagen: p.imagen,
      actividades: stats[p.id]?.actividades ?? 0,
      viajeros: stats[p.id]?.viajeros ?? 0,
      opiniones: stats[p.id]?.opiniones ?? 0,
    })),
    japanHref: japan ? countryPath(japan.id) : "/buscar?q=Jap%C3%B3n",
    banner: banner ? { image: resolveImage(publicApiBase(), banner.url), descripcion: banner.descripcion ?? null } : null,
    visited,
  });
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero home-hero" aria-labelledby="home-title">
        <Slideshow />
        <div className="hero__shade" />
        <div className="container hero__content">
          <h1 id="home-title">Tours y experiencias guiadas en español</h1>
          <p className="hero__lead">
            Free tours, excursiones y visitas guiadas en Latinoamérica, España y Japón, con precios finales en USD.
          </p>
          <HeroSearch groups={data.groups} />
        </div>
      </section>
      <SellingPoints />
      <VisitedStrip initial={data.visited} />
      <CountryCards countries={data.countries} />
      <JapanPromo href={data.japanHref} />
      <WhatsAppLink />
      {data.banner?.image ? <BannerPopup image={data.banner.image} description={data.banner.descripcion} /> : null}
    </>
  );
}
