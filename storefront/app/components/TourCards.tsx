import type { FreeTour, Tour } from "@tours/contract";
import { Card } from "./Card";
import { formatPrice } from "./money";
import { imageOrScene, useImageBase } from "~/lib/images";

export const localTourPath = (id: number) => `/actividades/detalle/local/${id}`;
export const activityPath = (id: string) => `/activity/${encodeURIComponent(id)}`;

/** The Spanish text of a provider's localised field (falls back to any language it has). */
export function es(text: Record<string, string | null> | null | undefined): string {
  if (!text) return "";
  return text.es ?? text.en ?? Object.values(text).find((v): v is string => Boolean(v)) ?? "";
}

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
}

const BRIEF_MAX = 160;

export function tourSummary(tour: Tour): LocalTourSummary {
  const text = stripHtml(tour.descripcion);
  return {
    id: tour.id,
    nombre: tour.nombre,
    imagen: tour.imagen ?? null,
    precio: Number(tour.precio),
    duracion: tour.duracion ?? "",
    reembolsable: Boolean(tour.reembolsable),
    resumen: text.length <= BRIEF_MAX ? text : `${text.slice(0, BRIEF_MAX - 1).trimEnd()}…`,
  };
}

/** A local tour (managed in the panel) as a card linking to its detail. */
export function LocalTourCard({ tour, eager }: { tour: LocalTourSummary; eager?: boolean }) {
  const base = useImageBase();
  const meta = [tour.duracion ? `Duración: ${tour.duracion}` : null, tour.reembolsable ? "Reembolsable" : null].filter(
    (m): m is string => Boolean(m),
  );
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

/** Provider durations come in minutes. */
export function durationText(length: string | number): string {
  const minutes = Number(length);
  if (!Number.isFinite(minutes)) return String(length);
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return h > 0 ? (m > 0 ? `${h} h ${m} min` : `${h} h`) : `${m} min`;
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
