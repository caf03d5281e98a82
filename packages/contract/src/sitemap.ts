import { z } from "zod/mini";

/**
 * The sitemap's reads (issue 26): which paged sitemap files there are, and one page of ids with their lastmod. The
 * storefront turns them into /sitemap.xml (an index) and /sitemaps/<tipo>-<pagina>.xml; the API knows no page URL.
 */

/** URLs per paged sitemap file (the protocol allows 50,000; fewer keeps each answer small and quick). */
export const SITEMAP_POR_PAGINA = 5000;
/** The kinds of public pages listed: our countries, cities and tours. */
export const SITEMAP_TIPOS = ["paises", "ciudades", "tours"] as const;
export type SitemapTipo = (typeof SITEMAP_TIPOS)[number];

const positiveInt = z.number().check(z.int(), z.positive());

/** One paged file: its kind, its page number and the newest lastmod of its entries (ISO 8601). */
export const SitemapArchivoSchema = z.object({
  tipo: z.enum(SITEMAP_TIPOS),
  pagina: positiveInt,
  lastmod: z.string(),
});
export type SitemapArchivo = z.output<typeof SitemapArchivoSchema>;

/**
 * One page's entry: the record's id, its country for a city (its URL needs it; null otherwise) and when its page
 * last changed: a country with its cities, a city with its tours, a tour by itself (`updated_at` columns).
 */
export const SitemapEntradaSchema = z.object({
  id: positiveInt,
  pais: z.nullable(positiveInt),
  lastmod: z.string(),
});
export type SitemapEntrada = z.output<typeof SitemapEntradaSchema>;

/** GET /api/sitemap: every paged file, by kind and page. */
export const SitemapIndiceAnswer = z.object({ succes: z.array(SitemapArchivoSchema) });
/** GET /api/sitemap/{tipo}/{pagina}: that page's entries in id order (empty past the last page). */
export const SitemapPaginaAnswer = z.object({ succes: z.array(SitemapEntradaSchema) });
