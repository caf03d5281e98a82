import type { SitemapArchivo, SitemapEntrada, SitemapTipo } from "@tours/contract";
import { SITEMAP_TIPOS } from "@tours/contract";
import { cityPath, countryPath, localTourPath } from "~/lib/catalogue-format";

/**
 * The crawlers' side of the site (issue 26): robots.txt, the sitemap index at /sitemap.xml and its paged files at
 * /sitemaps/<tipo>-<pagina>.xml (countries, cities, tours; lastmod from the API's `updated_at`). Pure: the
 * resource routes read the API and answer these texts.
 */

/**
 * What crawlers are kept out of: the panel and login, the cart and checkout (/shop), payment results (/pay/ok,
 * /pay/not, a gift card's /tarjeta-regalo/pagada), Mi reserva.
 */
export const DISALLOWED = ["/panel", "/login", "/shop", "/pay/", "/tarjeta-regalo/pagada", "/mi-reserva"] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** The address of a paged file, e.g. /sitemaps/tours-2.xml. */
export const sitemapFilePath = (tipo: SitemapTipo, pagina: number) => `/sitemaps/${tipo}-${pagina}.xml`;

/** "tours-2.xml" → { tipo: "tours", pagina: 2 }; null for any other name. */
export function parseSitemapFile(name: string | undefined): { tipo: SitemapTipo; pagina: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(name ?? "");
  const tipo = match?.[1] as SitemapTipo | undefined;
  if (!match || !tipo || !SITEMAP_TIPOS.includes(tipo)) return null;
  return { tipo, pagina: Number(match[2]) };
}

/** /sitemap.xml: one <sitemap> per paged file, with the newest lastmod of its entries. */
export function sitemapIndexXml(origin: string, files: readonly SitemapArchivo[]): string {
  const items = files.map(
    (f) => `  <sitemap>\n    <loc>${xml(origin + sitemapFilePath(f.tipo, f.pagina))}</loc>\n    <lastmod>${xml(f.lastmod)}</lastmod>\n  </sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}${items.length ? "\n" : ""}</sitemapindex>\n`;
}

/** The page path of an entry of a kind; null for a city without its country. */
export function entryPath(tipo: SitemapTipo, entry: SitemapEntrada): string | null {
  if (tipo === "paises") return countryPath(entry.id);
  if (tipo === "ciudades") return entry.pais === null ? null : cityPath(entry.pais, entry.id);
  return localTourPath(entry.id);
}

export interface SitemapUrl {
  path: string;
  lastmod: string;
}

/** A paged file: one <url> per page with its absolute <loc> and <lastmod>. */
export function urlsetXml(origin: string, urls: readonly SitemapUrl[]): string {
  const items = urls.map((u) => `  <url>\n    <loc>${xml(origin + u.path)}</loc>\n    <lastmod>${xml(u.lastmod)}</lastmod>\n  </url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}${items.length ? "\n" : ""}</urlset>\n`;
}

/**
 * The URLs of one paged file. The home lists the countries, so it heads the first countries' file with the newest
 * lastmod of that file's countries.
 */
export function sitemapUrls(tipo: SitemapTipo, pagina: number, entries: readonly SitemapEntrada[]): SitemapUrl[] {
  const urls = entries.flatMap((e) => {
    const path = entryPath(tipo, e);
    return path ? [{ path, lastmod: e.lastmod }] : [];
  });
  if (tipo === "paises" && pagina === 1 && urls.length > 0) {
    const newest = urls.map((u) => u.lastmod).sort().at(-1)!;
    return [{ path: "/", lastmod: newest }, ...urls];
  }
  return urls;
}

/** Crawlers read these files often: an hour fresh, a day more served while revalidating. */
export const CRAWLER_CACHE = "public, max-age=3600, stale-while-revalidate=86400";
