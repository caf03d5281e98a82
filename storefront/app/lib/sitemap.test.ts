import { describe, expect, it } from "vitest";
import { parseSitemapFile, robotsTxt, sitemapIndexXml, sitemapUrls, urlsetXml } from "./sitemap";

describe("robots.txt", () => {
  it("keeps crawlers out of the panel, login, cart and checkout, payment results and Mi reserva, and names the sitemap", () => {
    const text = robotsTxt("https://t.example");
    const lines = text.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/panel", "/login", "/shop", "/pay/", "/tarjeta-regalo/pagada", "/mi-reserva"]) expect(lines).toContain(`Disallow: ${path}`);
    // the gift card's purchase and balance pages stay open
    expect(lines).not.toContain("Disallow: /tarjeta-regalo");
    expect(lines).toContain("Sitemap: https://t.example/sitemap.xml");
  });
});

describe("sitemaps", () => {
  it("indexes the paged files with absolute addresses and their lastmod", () => {
    const body = sitemapIndexXml("https://t.example", [
      { tipo: "paises", pagina: 1, lastmod: "2026-11-20T10:00:00.000Z" },
      { tipo: "tours", pagina: 2, lastmod: "2026-11-21T10:00:00.000Z" },
    ]);
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(body).toContain("<loc>https://t.example/sitemaps/paises-1.xml</loc>\n    <lastmod>2026-11-20T10:00:00.000Z</lastmod>");
    expect(body).toContain("<loc>https://t.example/sitemaps/tours-2.xml</loc>");
    expect(sitemapIndexXml("https://t.example", [])).toContain("<sitemapindex");
  });

  it("reads a paged file's name, refusing anything else", () => {
    expect(parseSitemapFile("tours-2.xml")).toEqual({ tipo: "tours", pagina: 2 });
    expect(parseSitemapFile("ciudades-1.xml")).toEqual({ tipo: "ciudades", pagina: 1 });
    for (const bad of ["tours-0.xml", "usuarios-1.xml", "tours-1.txt", "tours.xml", "../tours-1.xml", undefined]) {
      expect(parseSitemapFile(bad)).toBeNull();
    }
  });

  it("lists each page's URL with its lastmod, the home first in the first countries' file", () => {
    const paises = sitemapUrls("paises", 1, [
      { id: 1, pais: null, lastmod: "2026-11-20T10:00:00.000Z" },
      { id: 2, pais: null, lastmod: "2026-11-22T10:00:00.000Z" },
    ]);
    expect(paises).toEqual([
      { path: "/", lastmod: "2026-11-22T10:00:00.000Z" },
      { path: "/pais/1", lastmod: "2026-11-20T10:00:00.000Z" },
      { path: "/pais/2", lastmod: "2026-11-22T10:00:00.000Z" },
    ]);
    expect(sitemapUrls("ciudades", 1, [{ id: 5, pais: 2, lastmod: "x" }])).toEqual([{ path: "/actividades/2/5", lastmod: "x" }]);
    expect(sitemapUrls("tours", 3, [{ id: 9, pais: null, lastmod: "y" }])).toEqual([{ path: "/actividades/detalle/local/9", lastmod: "y" }]);
    expect(sitemapUrls("paises", 2, [{ id: 3, pais: null, lastmod: "z" }])).toEqual([{ path: "/pais/3", lastmod: "z" }]);
  });

  it("writes a urlset with absolute, escaped addresses", () => {
    const body = urlsetXml("https://t.example", [{ path: "/a?x=1&y=2", lastmod: "2026-11-20T10:00:00.000Z" }]);
    expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(body).toContain("<loc>https://t.example/a?x=1&amp;y=2</loc>\n    <lastmod>2026-11-20T10:00:00.000Z</lastmod>");
  });
});
