import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/lib/api.server";
import { siteOrigin } from "~/lib/origin.server";
import { CRAWLER_CACHE, sitemapIndexXml } from "~/lib/sitemap";

/** /sitemap.xml: the index of the paged sitemaps (countries, cities, tours), each with its newest lastmod. */
export async function loader({ request }: LoaderFunctionArgs) {
  let files;
  try {
    files = (await api().sitemap.indice()).succes;
  } catch (error) {
    console.error("[storefront] no se pudo leer el índice del sitemap:", error);
    return new Response("Sitemap no disponible", { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } });
  }
  return new Response(sitemapIndexXml(siteOrigin(request), files), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_CACHE },
  });
}
