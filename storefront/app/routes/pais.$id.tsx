import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Card } from "~/components/Card";
import { PageHero } from "~/components/PageHero";
import { api, loadOr, loadRecord, publicApiBase } from "~/lib/api.server";
import { cityPath } from "~/lib/catalogue-format";
import { imageOrScene, resolveImage, sceneImage, useImageBase } from "~/lib/images";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";
import type { Ciudad } from "@tours/contract";
import { Unavailable } from "~/components/Unavailable";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.pais) return seo({ title: "Destino" });
  return seo({
    title: `Tours en ${data.pais.nombre}`,
    description: `Ciudades, tours guiados y free tours en ${data.pais.nombre}. Reserva con precios finales en USD.`,
    image: data.heroImage,
  });
};

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const id = positiveId(params.id);
  if (id === null) throw new Response("País no encontrado", { status: 404 });
  const [found, ciudades] = await Promise.all([
    loadRecord(`el país ${id}`, async () => (await api().pais.find(id)).succes),
    loadOr(`las ciudades del país ${id}`, async () => (await api().ciudades.findByPais(id)).succes, [] as Ciudad[]),
  ]);
  if (found === null) throw new Response("País no encontrado", { status: 404 });
  if (found === "unavailable") return json({ pais: null, ciudades, heroImage: null }, { headers: NO_STORE });
  return json({ pais: found, ciudades, heroImage: resolveImage(publicApiBase(), found.imagen) });
}

export default function PaisPage() {
  const { pais, ciudades, heroImage } = useLoaderData<typeof loader>();
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
    </>
  );
}
