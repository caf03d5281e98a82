import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/lib/api.server";
import { siteOrigin } from "~/lib/origin.server";
import { CRAWLER_CACHE, parseSitemapFile, sitemapUrls, urlsetXml } from "~/lib/sitemap";

/** /sitemaps/<tipo>-<pagina>.xml: one page (5,000 at most) of countries, cities or tours, read from the API. */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const file = parseSitemapFile(params.file);
  if (!file) return new Response("Sitemap no encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  let entries;
  try {
    entries = (await api().sitemap.pagina(file.tipo, file.pagina)).succes;
  } catch (error) {
    console.error(`[storefront] no se pudo leer el sitemap ${params.file}:`, error);
    return new Response("Sitemap no disponible", { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } });
  }
  // past the last page: no such file (the first page of a kind always exists, empty or not)
  if (entries.length === 0 && file.pagina > 1) {
    return new Response("Sitemap no encontrado", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(urlsetXml(siteOrigin(request), sitemapUrls(file.tipo, file.pagina, entries)), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CRAWLER_CACHE },
  });
}
