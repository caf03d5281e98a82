import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { redirectWithSuccess } from "~/lib/toast.server";
import { Carousel } from "~/components/Carousel";
import { Icon } from "~/components/Icon";
import { MonthCalendar } from "~/components/MonthCalendar";
import { es } from "~/lib/catalogue-format";
import { rememberVisit } from "~/components/visited-client";
import { toggleFavorite } from "~/lib/favorites.server";
import { FREE_TOUR_ID, loadFreeTourPage } from "~/lib/freetour-page.server";
import { catalogueHeaders, seo } from "~/lib/seo";
import { Unavailable } from "~/components/ErrorPage";

export const headers = catalogueHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const { data } = args;
  if (!data?.tour) return seo({ title: "Actividad" });
  return seo(
    {
      title: data.title,
      description: data.metaDescription,
      image: data.tour.titleImageURL ?? null,
      type: "product",
    },
    args,
  );
};

export async function loader({ params, request }: LoaderFunctionArgs) {
  return loadFreeTourPage(params.id ?? "", request);
}

export async function action({ params, request }: ActionFunctionArgs) {
  const id = params.id ?? "";
  if (!FREE_TOUR_ID.test(id)) throw new Response("Actividad no encontrada", { status: 404 });
  const form = await request.formData();
  if (form.get("intent") !== "favorito") throw new Response("Acción desconocida", { status: 400 });
  const { favorite, setCookie } = await toggleFavorite(request, id);
  return redirectWithSuccess(
    `/activity/${encodeURIComponent(id)}`,
    favorite ? "Actividad guardada en tus favoritos" : "Actividad quitada de tus favoritos",
    { headers: { "Set-Cookie": setCookie } },
  );
}

function Stars({ value }: { value: number }) {
  const full = Math.round(value);
  return (
    <span className="stars" aria-hidden="true">
      {"★".repeat(full)}
      {"☆".repeat(Math.max(0, 5 - full))}
    </span>
  );
}

export default function ActivityPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.tour) {
    return <Unavailable title="Actividad" what="esta actividad" />;
  }
  return <Activity data={data} />;
}

type ActivityData = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { title: string }>;

function Activity({ data }: { data: ActivityData }) {
  const fav = useFetcher();
  const { tour, calendar, images } = data;
  const favorite = fav.formData ? !data.favorite : data.favorite;

  useEffect(() => {
    rememberVisit(data.entry);
  }, [data.entry]);

  const share = encodeURIComponent(data.pageUrl);
  const shareText = encodeURIComponent(data.title);
  const calendarHref = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}#disponibilidad`;

  return (
    <div className="container section">
      <p>
        <Link to={data.backHref} data-testid="back-link">
          ← Volver a los free tours{data.countryName ? ` de ${data.countryName}` : ""}
        </Link>
      </p>
      <div className="detail-head">
        <div>
          <h1 className="detail-title">{data.title}</h1>
          <p className="price-from" data-testid="from-price">
            <small>Desde </small>
            {data.price}
          </p>
        </div>
        <div className="row">
          <a href="#disponibilidad" className="btn">
            Ver disponibilidad
          </a>
          <fav.Form method="post">
            <input type="hidden" name="intent" value="favorito" />
            <button type="submit" className="btn btn--ghost fav" aria-pressed={favorite} data-testid="favorite">
              {favorite ? "♥ En favoritos" : "♡ Guardar en favoritos"}
            </button>
          </fav.Form>
          <details className="share">
            <summary className="btn btn--ghost">Compartir</summary>
            <ul className="share__menu">
              <li>
                <a href={`https://www.facebook.com/sharer/sharer.php?u=${share}`} target="_blank" rel="noopener noreferrer">
                  Facebook
                </a>
              </li>
              <li>
                <a href={`https://twitter.com/intent/tweet?url=${share}&text=${shareText}`} target="_blank" rel="noopener noreferrer">
                  X
                </a>
              </li>
              <li>
                <a href={`https://www.linkedin.com/sharing/share-offsite/?url=${share}`} target="_blank" rel="noopener noreferrer">
                  LinkedIn
                </a>
              </li>
              <li>
                <button type="button" onClick={() => window.print()}>
                  Imprimir
                </button>
              </li>
            </ul>
          </details>
        </div>
      </div>

      <Carousel images={images} label={`Fotos de ${data.title}`} />

      <nav className="section-nav" aria-label="Secciones de la actividad" data-testid="section-nav">
        <ul>
          <li><a href="#descripcion">Descripcion</a></li>
          <li><a href="#detalles">Detalles</a></li>
          <li><a href="#cancelaciones">Cancelaciones</a></li>
          <li><a href="#opiniones">Opiniones</a></li>
        </ul>
      </nav>

      <div className="layout-aside">
        <div>
          <section id="descripcion" className="detail-section" aria-labelledby="descripcion-title">
            <h2 id="descripcion-title">Descripción</h2>
            {es(tour.brief) ? <p className="hero__lead" style={{ textShadow: "none" }}>{es(tour.brief)}</p> : null}
            {data.intro ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: data.intro }} /> : null}
            {data.rest ? (
              <details className="expandable" data-testid="detailed-description">
                <summary>Ver descripción detallada</summary>
                <div className="rich-text" dangerouslySetInnerHTML={{ __html: data.rest }} />
              </details>
            ) : null}
            {data.video ? (
              data.video.kind === "iframe" ? (
                <iframe
                  className="video"
                  src={data.video.src}
                  title={`Video de ${data.title}`}
                  loading="lazy"
                  allow="accelerometer; encrypted-media; picture-in-picture"
                  allowFullScreen
                />
              ) : (
                <video className="video" src={data.video.src} controls preload="none">
                  <track kind="captions" />
                </video>
              )
            ) : null}
          </section>

          <section id="detalles" className="detail-section" aria-labelledby="detalles-title">
            <h2 id="detalles-title">Detalles</h2>
            <ul className="card__meta" style={{ fontSize: "1rem", marginBottom: "1rem" }}>
              {data.lengthText ? (
                <li className="row" style={{ gap: "0.35rem" }}>
                  <Icon name="clock" size={18} /> Duración: {data.lengthText}
                </li>
              ) : null}
              <li className="row" style={{ gap: "0.35rem" }}>
                <Icon name="chat" size={18} /> Idioma: español
              </li>
              <li className="row" style={{ gap: "0.35rem" }}>
                <Icon name="tag" size={18} /> Precio: {data.price}
              </li>
            </ul>
            {tour.includes.length > 0 ? (
              <>
                <h3>Incluido</h3>
                <ul data-testid="includes">
                  {tour.includes.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <h3>Punto de encuentro</h3>
            <p data-testid="meeting-point">{tour.meetingPoint?.title || "El guía confirmará el punto de encuentro al reservar."}</p>
            <MeetingMap coordinates={tour.meetingPoint?.coordinates} />
          </section>

          <section id="cancelaciones" className="detail-section" aria-labelledby="cancelaciones-title">
            <h2 id="cancelaciones-title">Cancelaciones</h2>
            <p>
              Puedes cancelar sin costo hasta 24 horas antes del inicio de la actividad. Si el tour no alcanza el
              mínimo de participantes o el clima no lo permite, el guía te avisará y podrás elegir otra fecha.
            </p>
          </section>

          <section id="opiniones" className="detail-section" aria-labelledby="opiniones-title">
            <h2 id="opiniones-title">Opiniones</h2>
            <p data-testid="rating-summary">
              {data.rating !== null ? (
                <>
                  <Stars value={data.rating} /> <strong>{data.rating.toFixed(1)}/5</strong> ·{" "}
                </>
              ) : null}
              {data.reviewsCount} {data.reviewsCount === 1 ? "opinión" : "opiniones"}
            </p>
            {data.reviews.length === 0 ? (
              <p className="empty">Todavía no hay opiniones de esta actividad.</p>
            ) : (
              <div className="stack">
                {data.reviews.map((review) => (
                  <article key={String(review.id)} className="review" data-testid="review">
                    <h3>{review.title || "Opinión"}</h3>
                    <p className="muted" style={{ margin: 0 }}>
                      <Stars value={Number(review.rate)} />{" "}
                      <span className="visually-hidden">{Number(review.rate)} de 5 estrellas, </span>
                      {review.reviewerName}
                    </p>
                    <p style={{ margin: "0.5rem 0 0" }}>{review.content}</p>
                  </article>
                ))}
              </div>
            )}
          </section>
        </div>

        <aside id="disponibilidad" className="sticky-box detail-section" aria-labelledby="disponibilidad-title">
          <h2 id="disponibilidad-title">Disponibilidad</h2>
          {calendar.availableDays === 0 ? (
            <p className="empty">No hay fechas disponibles por ahora.</p>
          ) : null}
          <MonthCalendar
            title={calendar.title}
            weeks={calendar.weeks}
            selected={calendar.selected}
            caption={`Disponibilidad de ${data.title}`}
            dayHref={(date) => calendarHref({ mes: calendar.mes, dia: date })}
            prevHref={calendar.prevMes ? calendarHref({ mes: calendar.prevMes }) : null}
            nextHref={calendar.nextMes ? calendarHref({ mes: calendar.nextMes }) : null}
          />
          {calendar.selected ? (
            <div data-testid="day-slots">
              <h3 style={{ marginTop: "1rem" }}>Horarios del {calendar.selectedText}</h3>
              <ul className="slots">
                {calendar.dayDepartures.map((departure) => (
                  <li key={departure.id}>
                    <span className="badge badge--navy">
                      {departure.hora}
                      {departure.language ? ` · ${departure.language.toUpperCase()}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ) : calendar.availableDays > 0 ? (
            <p className="muted" style={{ marginTop: "0.75rem" }}>
              Elige un día resaltado para ver sus horarios.
            </p>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

function MeetingMap({ coordinates }: { coordinates: unknown }) {
  if (!coordinates || typeof coordinates !== "object") return null;
  const c = coordinates as Record<string, unknown>;
  const lat = Number(c.lat ?? c.latitude);
  const lng = Number(c.lng ?? c.lon ?? c.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return (
    <p>
      <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`} target="_blank" rel="noopener noreferrer">
        Ver el punto de encuentro en el mapa
      </a>
    </p>
  );
}
