import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { Ciudad, Comentario, Disponibilidad, Foto, Horario, Pais, Tour } from "@tours/contract";
import { LABELS, accesibleLabel, formatDuracion, formatIdiomas, formatUSD, mapaUrl, modalidadLabel, toCents, wallClock } from "@tours/domain";
import { useEffect } from "react";
import { BookingBox } from "~/components/booking/BookingBox";
import { Comments } from "~/components/booking/Comments";
import { ConfirmBooking } from "~/components/booking/ConfirmBooking";
import { addToCartAction, commentAction, waitlistAction } from "~/components/booking/tour-actions.server";
import { applyAvailability, calendarQuery, calendarState } from "~/components/booking/calendar-state";
import { sectionHtml } from "~/components/booking/rich-text.server";
import { Carousel } from "~/components/Carousel";
import { rememberVisit } from "~/components/visited-client";
import { api, loadOr, loadRecord, publicApiBase } from "~/lib/api.server";
import { cityPath, countryPath, localTourPath } from "~/lib/catalogue-format";
import { CAROUSEL_SIZES, imagePreload, preloadImage, resolveImage } from "~/lib/images";
import { imageOrScene } from "~/lib/scene-image";
import { NO_STORE, metaExcerpt, seo } from "~/lib/seo";
import { siteOrigin } from "~/lib/origin.server";
import { breadcrumbJsonLd, jsonLdTags, ratingOf, tourJsonLd } from "~/lib/structured-data";
import { htmlToText } from "~/lib/sanitize.server";
import { businessTimeZone } from "~/lib/time.server";
import { visitedCookie } from "~/lib/visited.server";
import { privatePageHeaders } from "~/components/booking/headers";
import { Unavailable } from "~/components/ErrorPage";

export const headers = privatePageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.tour) return seo({ title: "Tour" });
  return [
    ...seo({
      title: data.tour.nombre,
      description: data.summary || metaExcerpt(`${data.tour.nombre}: reserva en línea desde ${data.price}.`),
      image: data.ogImage,
      type: "product",
      url: data.canonical,
    }),
    // the Product with its Offer (the price shown, same cents) and rating, and where the tour sits
    ...jsonLdTags(data.structuredData),
    // the carousel's first photo is the page's largest content
    ...imagePreload(data.lcpImage),
  ];
};

function tourId(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) <= 0) throw new Response("Tour no encontrado", { status: 404 });
  return Number(value);
}

const SECTIONS = [
  { key: "descripcion", title: "Descripción" },
  { key: "incluye", title: "Incluido" },
  { key: "intinerario", title: "Intinerario" },
  { key: "no_incluye", title: "No incluido" },
  { key: "salidas", title: "Salidas" },
  { key: "accesibilidad", title: "Accesibilidad" },
  { key: "punto_encuentro", title: "Punto de encuentro" },
] as const;

/** The tour's facts that are set (issue 26), as label and words; the meeting point's coordinates as a map link. */
function factsOf(tour: Tour): Array<{ label: string; value: string; href?: string }> {
  const facts: Array<{ label: string; value: string | null; href?: string }> = [
    { label: "Duración", value: tour.duracion_minutos ? formatDuracion(tour.duracion_minutos) : null },
    { label: "Idiomas del guía", value: tour.idiomas?.length ? formatIdiomas(tour.idiomas) : null },
    { label: "Accesible en silla de ruedas", value: accesibleLabel(tour.accesible_silla_ruedas) },
    { label: "Modalidad", value: modalidadLabel(tour.modalidad) },
    {
      label: "Edad mínima",
      value: tour.edad_minima === null || tour.edad_minima === undefined ? null : tour.edad_minima === 0 ? "Todas las edades" : `${tour.edad_minima} años`,
    },
  ];
  if (typeof tour.encuentro_lat === "number" && typeof tour.encuentro_lng === "number") {
    facts.push({ label: "Punto de encuentro en el mapa", value: "Ver en OpenStreetMap", href: mapaUrl(tour.encuentro_lat, tour.encuentro_lng) });
  }
  return facts.flatMap((f) => (f.value ? [{ ...f, value: f.value }] : []));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = tourId(params.id);
  const found = await loadRecord(`el tour ${id}`, async () => (await api().tour.find(id)).succes[0] ?? null);
  if (found === null) throw new Response("Tour no encontrado", { status: 404 });
  if (found === "unavailable") return json({ tour: null }, { headers: NO_STORE });
  const tour = found;

  const query = new URL(request.url).searchParams;
  const availability = (mes: string | undefined) =>
    loadOr(`la disponibilidad del tour ${id}`, async (): Promise<Disponibilidad | null> => (await api().tour.disponibilidad(id, mes)).succes, null);
  // the month the visitor asked for (or the current one): fetched with the rest, fetched again only if not shown
  const askedMes = /^\d{4}-\d{2}$/.test(query.get("mes") ?? "") ? query.get("mes")! : query.get("fecha")?.slice(0, 7);
  const [fotos, horarios, comentarios, pais, ciudad, firstAvailability] = await Promise.all([
    loadOr(`las fotos del tour ${id}`, async (): Promise<Foto[]> => (await api().tour.fotos(id)).succes, []),
    loadOr(`los horarios del tour ${id}`, async (): Promise<Horario[]> => (await api().tour.horarioFind(id)).succes, []),
    loadOr(`los comentarios del tour ${id}`, async (): Promise<Comentario[]> => (await api().tour.comentarios(id)).succes, []),
    loadOr(`el país ${tour.pais}`, async (): Promise<Pais | null> => (await api().pais.find(tour.pais)).succes, null),
    loadOr(`la ciudad ${tour.ciudad}`, async (): Promise<Ciudad | null> => (await api().ciudades.findCiudad(tour.ciudad)).succes, null),
    availability(askedMes),
  ]);

  // "today" and "now" in the tour's own zone
  const zone = firstAvailability?.zona_horaria ?? tour.zona_horaria ?? pais?.zona_horaria ?? businessTimeZone();
  const now = wallClock(new Date(), zone);
  const schedule = calendarState(query, horarios, { today: now.date, nowMinutes: now.minutes });
  const disponibilidad = firstAvailability?.mes === schedule.mes ? firstAvailability : await availability(schedule.mes);
  const calendar = applyAvailability(schedule, disponibilidad);
  const price = formatUSD(toCents(tour.precio));
  const sections = SECTIONS.flatMap(({ key, title }) => {
    const html = sectionHtml(tour[key]);
    return html ? [{ key, title, html }] : [];
  });
  const photos = fotos.length > 0 ? fotos.map((f) => f.url) : tour.imagen ? [tour.imagen] : [];
  const ownPais = pais && pais.id === tour.pais ? pais : null;
  const ownCiudad = ciudad && ciudad.id === tour.ciudad ? ciudad : null;
  const origin = siteOrigin(request);
  const canonical = `${origin}${localTourPath(tour.id)}`;
  // the description's text only as excerpts: the meta description's and the Product's (the page shows the whole)
  const text = htmlToText(tour.descripcion);
  const summary = metaExcerpt(text);
  const structuredData = [
    tourJsonLd({
      url: canonical,
      name: tour.nombre,
      description: metaExcerpt(text, 500),
      // a Product needs an image (Google's rich results refuse one without): a tour with no photo shows its place's
      images: (photos.length > 0 ? photos : [ownCiudad?.imagen ?? ownPais?.imagen].filter((p): p is string => Boolean(p))).map((path) =>
        resolveImage(publicApiBase(), path),
      ),
      priceCents: toCents(tour.precio),
      rating: ratingOf(comentarios.map((c) => c.start)),
      place: [ownCiudad?.nombre, ownPais?.nombre].filter(Boolean).join(", "),
    }),
    breadcrumbJsonLd([
      { name: "Inicio", url: `${origin}/` },
      ...(ownPais ? [{ name: ownPais.nombre, url: `${origin}${countryPath(ownPais.id)}` }] : []),
      ...(ownPais && ownCiudad ? [{ name: ownCiudad.nombre, url: `${origin}${cityPath(ownPais.id, ownCiudad.id)}` }] : []),
      { name: tour.nombre, url: canonical },
    ]),
  ];

  // Spec §2: visiting a tour records it for the home's "still interested" strip (cookie here, localStorage below).
  const visited = { id: tour.id, nombre: tour.nombre, imagen: tour.imagen ?? null, valor: tour.precio, pais: tour.pais, ciudad: tour.ciudad };
  return json(
    {
      tour: {
        id: tour.id,
        nombre: tour.nombre,
        duracion: tour.duracion ?? null,
        mascotas: tour.mascotas === 1,
        reembolsable: tour.reembolsable === 1,
        nombre_hotel: tour.nombre_hotel ?? null,
      },
      visited,
      price,
      images: (photos.length > 0 ? photos : [null]).map((path, i) => ({
        src: imageOrScene(publicApiBase(), path, `tour-${tour.id}-${i}`, tour.nombre),
        alt: `${tour.nombre}, foto ${i + 1}`,
      })),
      sections,
      facts: factsOf(tour),
      summary,
      canonical,
      structuredData,
      ogImage: resolveImage(publicApiBase(), photos[0]),
      lcpImage: preloadImage(publicApiBase(), resolveImage(publicApiBase(), photos[0]), CAROUSEL_SIZES),
      calendar,
      hasSchedule: horarios.length > 0,
      comentarios,
      pais: pais && pais.id === tour.pais ? { id: pais.id, nombre: pais.nombre } : null,
      ciudad: ciudad && ciudad.id === tour.ciudad ? { id: ciudad.id, nombre: ciudad.nombre } : null,
    },
    { headers: { ...NO_STORE, "Set-Cookie": await visitedCookie(request, visited) } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = tourId(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "add") return addToCartAction(request, id, form);
  if (intent === "comment") return commentAction(id, form);
  if (intent === "waitlist") return waitlistAction(id, form);
  return json({ intent: null }, { status: 400 });
}

export default function TourDetail() {
  const data = useLoaderData<typeof loader>();
  const visited = data.tour ? data.visited : null;

  useEffect(() => {
    if (visited) rememberVisit(visited);
  }, [visited]);

  if (!data.tour) {
    return <Unavailable title="Tour" what="este tour" />;
  }

  const { tour, calendar, pais, ciudad, price, images } = data;
  const cancelHref = calendarQuery({ mes: calendar.mes, fecha: calendar.fecha }) || "?";

  return (
    <div className="container">
      <header className="tour-head">
        <nav className="breadcrumbs" aria-label="Ruta de navegación">
          <ol>
            <li>
              <Link to="/">Inicio</Link>
            </li>
            {pais ? (
              <li>
                <Link to={countryPath(pais.id)}>{pais.nombre}</Link>
              </li>
            ) : null}
            {pais && ciudad ? (
              <li>
                <Link to={cityPath(pais.id, ciudad.id)}>{ciudad.nombre}</Link>
              </li>
            ) : null}
          </ol>
        </nav>
        <h1>{tour.nombre}</h1>
        <ul className="tour-head__facts">
          <li className="tour-price">
            <small>{LABELS.desde} </small>
            {price}
          </li>
          <li className="tour-head__jump">
            <a href="#reserva" className="btn btn--small">
              Ver fechas
            </a>
          </li>
          {tour.duracion ? <li>Duración: {tour.duracion}</li> : null}
          {tour.nombre_hotel ? <li>Hotel: {tour.nombre_hotel}</li> : null}
          <li>{tour.mascotas ? "Se admiten mascotas" : "Sin mascotas"}</li>
          <li>{tour.reembolsable ? "Reembolsable" : "No reembolsable"}</li>
        </ul>
      </header>

      <Carousel images={images} label={`Fotos de ${tour.nombre}`} />

      <div className="tour-layout">
        <div className="tour-sections tour-layout__main">
          {data.facts.length > 0 ? (
            <section aria-labelledby="sec-datos" data-testid="tour-facts">
              <h2 id="sec-datos">Datos del tour</h2>
              <dl className="tour-facts">
                {data.facts.map((fact) => (
                  <div key={fact.label} className="tour-facts__item">
                    <dt>{fact.label}</dt>
                    <dd>
                      {fact.href ? (
                        <a href={fact.href} rel="noopener noreferrer external">
                          {fact.value}
                        </a>
                      ) : (
                        fact.value
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          {data.sections.map((section) => (
            <section key={section.key} aria-labelledby={`sec-${section.key}`}>
              <h2 id={`sec-${section.key}`}>{section.title}</h2>
              {/* Sanitised on the server (rich-text.server.ts). */}
              <div className="rich" dangerouslySetInnerHTML={{ __html: section.html }} />
            </section>
          ))}
        </div>
        <div className="tour-layout__booking">
          <BookingBox price={price} calendar={calendar} hasSchedule={data.hasSchedule} />
        </div>
        <div className="tour-sections tour-layout__comments">
          <Comments comentarios={data.comentarios} />
        </div>
      </div>

      {calendar.fecha && calendar.hora ? (
        <ConfirmBooking
          tourName={tour.nombre}
          fecha={calendar.fecha}
          hora={calendar.hora}
          horaLabel={calendar.departures.find((s) => s.hora === calendar.hora)?.label}
          quedan={calendar.departures.find((s) => s.hora === calendar.hora)?.quedan}
          price={price}
          cancelHref={cancelHref}
        />
      ) : null}
    </div>
  );
}
