import type { FreeTour, Tour } from "@tours/contract";
import { formatDuracion, formatIdiomas } from "@tours/domain";
import { Card } from "./Card";
import { formatPrice } from "./money";
import { useImageBase } from "~/lib/images";
import { imageOrScene } from "~/lib/scene-image";
import { activityPath, durationText, es, localTourPath } from "~/lib/catalogue-format";

function stripHtml(html: string | null | undefined): string {
  return (html ?? "").replace(/<[^<>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
}

/** What a local tour's card shows: a list page hands only this to the browser, not the whole record. */
export interface LocalTourSummary {
  id: number;
  nombre: string;
  imagen: string | null;
  precio: number;
  duracion: string;
  reembolsable: boolean;
  /** The description as plain text, cut to a card's brief. */
  resumen: string;
  /** The tour's facts a card shows when set: its duration in minutes and the guide's languages. */
  duracionMinutos?: number | null;
  idiomas?: string[];
}

const BRIEF_MAX = 110;

export function tourSummary(tour: Tour): LocalTourSummary {
  const text = stripHtml(tour.descripcion);
  return {
    id: tour.id,
    nombre: tour.nombre,
    imagen: tour.imagen ?? null,
    precio: Number(tour.precio),
    duracion: tour.duracion ?? "",
    reembolsable: Boolean(tour.reembolsable),
    duracionMinutos: tour.duracion_minutos ?? null,
    idiomas: tour.idiomas ?? [],
    resumen: text.length <= BRIEF_MAX ? text : `${text.slice(0, BRIEF_MAX - 1).trimEnd()}…`,
  };
}

/** A local tour (managed in the panel) as a card linking to its detail. */
export function LocalTourCard({ tour, eager }: { tour: LocalTourSummary; eager?: boolean }) {
  const base = useImageBase();
  // the duration in minutes when the tour has one (its facts), else the spec's free text
  const duracion = tour.duracionMinutos ? formatDuracion(tour.duracionMinutos) : tour.duracion;
  const meta = [
    duracion ? `Duración: ${duracion}` : null,
    tour.idiomas?.length ? `Idiomas: ${formatIdiomas(tour.idiomas)}` : null,
    tour.reembolsable ? "Reembolsable" : null,
  ].filter((m): m is string => Boolean(m));
  return (
    <Card
      testId="local-tour-card"
      href={localTourPath(tour.id)}
      title={tour.nombre}
      image={imageOrScene(base, tour.imagen, `tour-${tour.id}-${tour.nombre}`)}
      text={tour.resumen}
      meta={meta}
      eager={eager}
      price={
        <span className="card__price">
          <small>Desde </small>
          {formatPrice(Number(tour.precio), "USD")}
        </span>
      }
    />
  );
}

/** An external free tour as a card linking to /activity/{id}. */
export function FreeTourCard({ tour, eager }: { tour: FreeTour; eager?: boolean }) {
  const base = useImageBase();
  const rating = Number(tour.rating);
  const reviews = Number(tour.reviewsNumber);
  const meta = [
    tour.length ? `Duración: ${durationText(tour.length)}` : null,
    Number.isFinite(rating) && rating > 0 ? `★ ${rating.toFixed(1)}${reviews > 0 ? ` (${reviews})` : ""}` : null,
  ].filter((m): m is string => Boolean(m));
  return (
    <Card
      testId="free-tour-card"
      href={activityPath(tour.id)}
      title={es(tour.title)}
      image={imageOrScene(base, tour.titleImageURL, `free-${tour.id}`)}
      text={es(tour.brief)}
      meta={meta}
      eager={eager}
      badge={<span className="badge">Free tour</span>}
      price={
        <span className="card__price">
          <small>Desde </small>
          {formatPrice(Number(tour.price.value), tour.price.currency)}
        </span>
      }
    />
  );
}
