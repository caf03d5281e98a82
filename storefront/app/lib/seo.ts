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
  /**
   * Absolute URL of the page without tracking parameters: its og:url and, unless `canonical` is false (a paged list
   * names its own with prev/next: paging.ts), its <link rel="canonical">. Without it, the one `at` gives.
   */
  url?: string | null;
  canonical?: boolean;
}

/** What seo() reads of a meta function's arguments: the page's path and the root loader's `origin`. */
interface MetaPlace {
  location: { pathname: string; search?: string };
  matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>;
}

/**
 * A page's canonical URL: the storefront's public origin (the root loader's, STOREFRONT_URL or the request's) and
 * its path, with no query but a list's page past the first (`?pagina=N`): tracking parameters, filters and visitor
 * state never make another page.
 */
export function canonicalUrl({ location, matches }: MetaPlace): string | undefined {
  const root = matches.find((m) => m?.id === "root")?.data as { origin?: unknown } | undefined;
  if (typeof root?.origin !== "string") return undefined;
  const pagina = new URLSearchParams(location.search ?? "").get("pagina");
  return `${root.origin}${location.pathname}${pagina && /^[1-9]\d{0,5}$/.test(pagina) && pagina !== "1" ? `?pagina=${pagina}` : ""}`;
}

/**
 * The <title>, meta description, canonical link, Open Graph and Twitter card tags of a page, in one shape for every
 * route. `at` (the meta function's own arguments) gives the canonical URL of a page that names none.
 */
export function seo(input: SeoInput, at?: MetaPlace): MetaDescriptor[] {
  const { title, description = DEFAULT_DESCRIPTION, image, type = "website", canonical = true } = input;
  const url = input.url === undefined && at ? canonicalUrl(at) : input.url;
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  const shownImage = image && /^https?:\/\//.test(image) ? image : null;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "es_ES" },
    { name: "twitter:card", content: shownImage ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
  ];
  if (shownImage) {
    tags.push({ property: "og:image", content: shownImage }, { property: "og:image:alt", content: title }, { name: "twitter:image", content: shownImage });
  }
  if (url) {
    tags.push({ property: "og:url", content: url });
    if (canonical) tags.push({ tagName: "link", rel: "canonical", href: url });
  }
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
