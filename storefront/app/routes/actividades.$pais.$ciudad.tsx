import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { FreeTour, Pais, Tour } from "@tours/contract";
import { PageHero } from "~/components/PageHero";
import { FreeTourCard, LocalTourCard } from "~/components/TourCards";
import { api, loadOr, loadRecord, publicApiBase } from "~/lib/api.server";
import { cityPath, countryPath } from "~/lib/destinations";
import { resolveImage, sceneImage } from "~/lib/images";
import { catalogueHeaders, NO_STORE, seo } from "~/lib/seo";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.ciudad) return seo({ title: "Actividades" });
  return seo({
    title: `Qué hacer en ${data.ciudad.nombre}${data.pais ? `, ${data.pais.nombre}` : ""}`,
    description: `Tours guiados y free tours en ${data.ciudad.nombre}: ${data.tours.length + data.freeTours.length} actividades con reserva en línea.`,
    image: data.heroImage,
  });
};

function positiveId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

export async function loader({ params }: LoaderFunctionArgs) {
  const paisId = positiveId(params.pais);
  const ciudadId = positiveId(params.ciudad);
  if (paisId === null || ciudadId === null) throw new Response("Ciudad no encontrada", { status: 404 });

  const [ciudad, pais, byCiudad] = await Promise.all([
    loadRecord(`la ciudad ${ciudadId}`, async () => (await api().ciudades.findCiudad(ciudadId)).succes),
    loadOr(`el país ${paisId}`, async (): Promise<Pais | null> => (await api().pais.find(paisId)).succes, null),
    loadOr(`las actividades de la ciudad ${ciudadId}`, () => api().tour.byCiudad(ciudadId), null),
  ]);
  if (ciudad === null) throw new Response("Ciudad no encontrada", { status: 404 });
  if (ciudad === "unavailable") {
    return json({ ciudad: null, pais, tours: [] as Tour[], freeTours: [] as FreeTour[], heroImage: null }, { headers: NO_STORE });
  }
  // The city belongs to another country: send the visitor to its real address.
  if (ciudad.pais !== paisId) throw redirect(cityPath(ciudad.pais, ciudad.id), 301);

  return json(
    {
      ciudad,
      pais: pais && pais.id === paisId ? pais : null,
      tours: byCiudad?.succes ?? [],
      freeTours: byCiudad?.freetour.tours ?? [],
      heroImage: resolveImage(publicApiBase(), ciudad.imagen),
    },
    byCiudad ? undefined : { headers: NO_STORE },
  );
}

export default function CiudadPage() {
  const { ciudad, pais, tours, freeTours, heroImage } = useLoaderData<typeof loader>();
  if (!ciudad) {
    return (
      <div className="container section">
        <h1>Actividades</h1>
        <p className="empty">No pudimos cargar esta ciudad en este momento. Inténtalo de nuevo en unos minutos.</p>
        <p>
          <Link to="/">Volver al inicio</Link>
        </p>
      </div>
    );
  }
  const crumbs = [
    { label: "Inicio", to: "/" },
    ...(pais ? [{ label: pais.nombre, to: countryPath(pais.id) }] : []),
    { label: ciudad.nombre },
  ];
  return (
    <>
      <PageHero
        title={`Qué hacer en ${ciudad.nombre}`}
        image={heroImage ?? sceneImage(`ciudad-${ciudad.nombre}`)}
        lead={`${tours.length + freeTours.length} actividades en ${ciudad.nombre}${pais ? `, ${pais.nombre}` : ""}.`}
        crumbs={crumbs}
      />
      <section className="container section" aria-labelledby="tours-title">
        <div className="section__head">
          <h2 id="tours-title">Tours en {ciudad.nombre}</h2>
        </div>
        {tours.length === 0 ? (
          <p className="empty">Aún no hay tours propios en {ciudad.nombre}. Mira los free tours de abajo.</p>
        ) : (
          <div className="grid grid--3">
            {tours.map((tour, i) => (
              <LocalTourCard key={tour.id} tour={tour} eager={i < 3} />
            ))}
          </div>
        )}
      </section>
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
    </>
  );
}
