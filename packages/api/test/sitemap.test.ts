import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { CiudadListAnswer, PaisListAnswer, SitemapIndiceAnswer, SitemapPaginaAnswer, TourListAnswer, type SitemapTipo } from "@tours/contract";
import { createSitemapRepository } from "../src/modules/sitemap/sitemap.repository.ts";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true });

const get = async (url: string) => t.app.inject({ method: "GET", url });

async function allEntries(tipo: SitemapTipo, pages: number) {
  const out = [];
  for (let p = 1; p <= pages; p++) out.push(...SitemapPaginaAnswer.parse((await get(`/api/sitemap/${tipo}/${p}`)).json()).succes);
  return out;
}

describe("GET /api/sitemap", () => {
  it("lists one file per kind for the demo catalogue, and its pages hold every country, city and tour", async () => {
    const res = await get("/api/sitemap");
    expect(res.statusCode).toBe(200);
    // a public read: an ETag, and 304 when it is sent back
    expect(typeof res.headers.etag).toBe("string");
    expect((await t.app.inject({ method: "GET", url: "/api/sitemap", headers: { "if-none-match": String(res.headers.etag) } })).statusCode).toBe(304);
    const files = SitemapIndiceAnswer.parse(res.json()).succes;
    expect(files.map((f) => `${f.tipo}-${f.pagina}`)).toEqual(["paises-1", "ciudades-1", "tours-1"]);

    const paises = PaisListAnswer.parse((await get("/api/pais/index")).json()).succes;
    const ciudades = CiudadListAnswer.parse((await get("/api/ciudades/index")).json()).succes;
    const tours = TourListAnswer.parse((await get("/api/tour/index")).json()).succes;
    const byKind = {
      paises: await allEntries("paises", 1),
      ciudades: await allEntries("ciudades", 1),
      tours: await allEntries("tours", 1),
    };
    expect(byKind.paises.map((e) => e.id)).toEqual(paises.map((p) => p.id).sort((a, b) => a - b));
    expect(byKind.ciudades.map((e) => [e.id, e.pais])).toEqual(
      ciudades.map((c) => [c.id, c.pais]).sort((a, b) => a[0]! - b[0]!),
    );
    expect(byKind.tours.map((e) => e.id)).toEqual(tours.map((x) => x.id).sort((a, b) => a - b));

    for (const tour of tours) expect(byKind.tours.find((e) => e.id === tour.id)!.lastmod).toBe(tour.updatedAt);
    // a file's lastmod is its newest entry's
    for (const file of files) {
      const newest = byKind[file.tipo].map((e) => e.lastmod).sort().at(-1);
      expect(file.lastmod).toBe(newest);
    }
  });

  it("dates a city by its newest tour and a country by its newest city", async () => {
    const tours = TourListAnswer.parse((await get("/api/tour/index")).json()).succes;
    const tour = tours[0]!;
    const later = new Date(Date.now() + 86_400_000);
    await t.db.update(tourTable).set({ updatedAt: later }).where(eq(tourTable.id, tour.id));
    const ciudades = await allEntries("ciudades", 1);
    expect(ciudades.find((c) => c.id === tour.ciudad)!.lastmod).toBe(later.toISOString());
    expect((await allEntries("tours", 1)).find((e) => e.id === tour.id)!.lastmod).toBe(later.toISOString());
    const files = SitemapIndiceAnswer.parse((await get("/api/sitemap")).json()).succes;
    expect(files.find((f) => f.tipo === "tours")!.lastmod).toBe(later.toISOString());
    // the country's page lists cities, not tours: a tour's change leaves it
    const paises = await allEntries("paises", 1);
    expect(paises.find((p) => p.id === tour.pais)!.lastmod).not.toBe(later.toISOString());
  });

  it("cuts the pages in the database, in id order", async () => {
    const repo = createSitemapRepository(t.db, 2);
    const tours = TourListAnswer.parse((await get("/api/tour/index")).json()).succes;
    const ids = tours.map((x) => x.id).sort((a, b) => a - b);
    const files = (await repo.files()).filter((f) => f.tipo === "tours");
    expect(files.map((f) => f.pagina)).toEqual(Array.from({ length: Math.ceil(ids.length / 2) }, (_, i) => i + 1));
    const seen: number[] = [];
    for (const file of files) {
      const page = await repo.page("tours", file.pagina);
      expect(page.length).toBeLessThanOrEqual(2);
      expect(file.lastmod).toBe(page.map((e) => e.lastmod).sort().at(-1));
      seen.push(...page.map((e) => e.id));
    }
    expect(seen).toEqual(ids);
    expect(await repo.page("tours", files.length + 1)).toEqual([]);
  });

  it("refuses an unknown kind (404) and a page that is not a positive integer (400)", async () => {
    expect((await get("/api/sitemap/usuarios/1")).statusCode).toBe(404);
    expect((await get("/api/sitemap/tours/0")).statusCode).toBe(400);
    expect((await get("/api/sitemap/tours/abc")).statusCode).toBe(400);
    const past = await get("/api/sitemap/tours/999");
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ succes: [] });
  });
});
