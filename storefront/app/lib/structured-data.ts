import type { MetaDescriptor } from "@remix-run/node";
import { centsToDecimalString } from "@tours/domain";

/**
 * schema.org structured data (JSON-LD) of the catalogue's pages, in one place: a tour is a Product with an Offer
 * in USD (the price the page shows, from the same cents) and an AggregateRating of its comments when it has some;
 * country and city pages list what they link to (ItemList) and every page says where it sits (BreadcrumbList).
 * Each block is rendered by Remix's <Meta> as <script type="application/ld+json"> with `<`, `>` and `&` escaped
 * (a data block: the Content-Security-Policy's script-src does not apply to it, so it carries no nonce).
 */

const CONTEXT = "https://schema.org";

type JsonLd = Record<string, unknown>;

export interface Crumb {
  name: string;
  /** Absolute URL of the step. */
  url: string;
}

/** Inicio › País › Ciudad…: each step with its position and absolute URL. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/**
 * What a list page links to (a country's cities, a page of a city's tours), by position: `first` is the position
 * of the first item (a city's second page starts at 25).
 */
export function itemListJsonLd(name: string, items: readonly Crumb[], first = 1): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: first + i, name: item.name, url: item.url })),
  };
}

export interface Rating {
  /** The mean of the stars, one decimal. */
  value: number;
  count: number;
}

/** The mean and count of 1–5 star ratings (anything else is left out); null when there is none. */
export function ratingOf(stars: ReadonlyArray<number | null | undefined>): Rating | null {
  const valid = stars.filter((s): s is number => typeof s === "number" && Number.isInteger(s) && s >= 1 && s <= 5);
  if (valid.length === 0) return null;
  const mean = valid.reduce((a, b) => a + b, 0) / valid.length;
  return { value: Math.round(mean * 10) / 10, count: valid.length };
}

export interface TourJsonLdInput {
  /** Absolute URL of the tour's page (its canonical). */
  url: string;
  name: string;
  /** Plain text (no HTML). */
  description: string;
  /** Absolute URLs of its photos (others are left out). */
  images: ReadonlyArray<string | null | undefined>;
  /** The "Desde" price the page shows, integer cents of USD. */
  priceCents: number;
  rating: Rating | null;
  /** Where the tour takes place, e.g. "Cartagena, Colombia". */
  place?: string | null;
}

/** A tour as a schema.org Product with its Offer (USD) and, when it has ratings, its AggregateRating. */
export function tourJsonLd(tour: TourJsonLdInput): JsonLd {
  const images = tour.images.filter((src): src is string => typeof src === "string" && /^https?:\/\//.test(src));
  const description = tour.description.trim() || `${tour.name}${tour.place ? ` en ${tour.place}` : ""}: tour guiado con reserva en línea.`;
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: tour.name,
    description,
    url: tour.url,
    ...(images.length > 0 ? { image: images } : {}),
    category: "Tours y excursiones",
    brand: { "@type": "Brand", name: "Puzzle Travel" },
    offers: {
      "@type": "Offer",
      url: tour.url,
      price: centsToDecimalString(tour.priceCents),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
    },
    ...(tour.rating
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: tour.rating.value,
            ratingCount: tour.rating.count,
            reviewCount: tour.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** The meta descriptors of JSON-LD blocks (Remix's <Meta> renders each as an escaped application/ld+json script). */
export const jsonLdTags = (blocks: ReadonlyArray<JsonLd | null | undefined>): MetaDescriptor[] =>
  blocks.filter((b): b is JsonLd => Boolean(b)).map((block) => ({ "script:ld+json": block }));
