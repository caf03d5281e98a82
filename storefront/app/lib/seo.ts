import type { HeadersFunction, MetaDescriptor } from "@remix-run/node";

export const SITE_NAME = "Puzzle Travel";
export const DEFAULT_DESCRIPTION =
  "Reserva tours, excursiones y free tours guiados en Latinoamérica, España y Japón. Precios finales en USD y atención 24/7.";

interface SeoInput {
  title: string;
  description?: string;
  /** Absolute URL of the page's main image, for Open Graph. */
  image?: string | null;
  type?: "website" | "article" | "product";
}

/** The <title>, meta description and Open Graph tags of a page, in one shape for every route. */
export function seo({ title, description = DEFAULT_DESCRIPTION, image, type = "website" }: SeoInput): MetaDescriptor[] {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_ES" },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
  if (image && /^https?:\/\//.test(image)) tags.push({ property: "og:image", content: image });
  return tags;
}

/** Shortens a text (e.g. an HTML-free description) to a meta description length. */
export function metaExcerpt(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Cache policy of catalogue pages: a minute fresh, five more served stale while revalidating. The page carries
 * the visitor's cart count, so it varies by Cookie, and a response that sets a cookie (a toast being consumed)
 * is never stored.
 */
export const catalogueHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const setsCookie = loaderHeaders.has("Set-Cookie") || parentHeaders.has("Set-Cookie");
  // A loader that could not reach the API says so (NO_STORE): a degraded page must not be cached.
  const own = loaderHeaders.get("Cache-Control");
  if (own) return { "Cache-Control": own, Vary: "Cookie" };
  return {
    "Cache-Control": setsCookie ? "private, no-store" : "public, max-age=60, stale-while-revalidate=300",
    Vary: "Cookie",
  };
};

/** Loader headers for a page rendered without its upstream data. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** Static pages (legal, menu pages): same rules, longer freshness. */
export const staticPageHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const setsCookie = loaderHeaders.has("Set-Cookie") || parentHeaders.has("Set-Cookie");
  return {
    "Cache-Control": setsCookie ? "private, no-store" : "public, max-age=300, stale-while-revalidate=3600",
    Vary: "Cookie",
  };
};
