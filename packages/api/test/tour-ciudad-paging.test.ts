import { beforeAll, describe, expect, it } from "vitest";
import { TourByCiudadAnswer, ValidationErrorBody } from "@tours/contract";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true });
let cityId: number;
let countryId: number;
let seeded: number;

beforeAll(async () => {
  const cities = await listCities(t.app);
  const lima = cities.find((c) => c.nombre === "Lima")!;
  cityId = lima.id;
  countryId = lima.pais;
  // 50 more tours in Lima, prices out of order so sorting by price differs from sorting by id
  await t.db.insert(tourTable).values(
    Array.from({ length: 50 }, (_, i) => ({
      nombre: `Paseo ${String.fromCharCode(90 - (i % 26))}${i}`,
      precioCents: ((i * 37) % 50) * 100 + 1_000,
      pais: countryId,
      ciudad: cityId,
    })),
  );
  seeded = TourByCiudadAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}` })).json()).succes.length;
});

const page = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}?${query}` });
  expect(res.statusCode, query).toBe(200);
  return TourByCiudadAnswer.parse(res.json());
};

describe("GET /api/tour/index/ciudad/{id} paged (extension)", () => {
  it("answers as before without parameters: every tour by id, no paginacion", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}` });
    const raw = res.json() as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(["freetour", "succes"]);
    const ids = TourByCiudadAnswer.parse(raw).succes.map((tour) => tour.id);
    expect(ids.length).toBeGreaterThanOrEqual(50);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("pages the city's tours 24 at a time (default), every tour exactly once", async () => {
    const first = await page("pagina=1");
    expect(first.succes).toHaveLength(24);
    expect(first.paginacion).toEqual({ pagina: 1, por_pagina: 24, orden: "id", total: seeded, paginas: Math.ceil(seeded / 24) });
    const all = [...first.succes];
    for (let p = 2; p <= first.paginacion!.paginas; p++) all.push(...(await page(`pagina=${p}`)).succes);
    expect(all.map((tour) => tour.id)).toEqual(
      TourByCiudadAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}` })).json()).succes.map((tour) => tour.id),
    );
    const beyond = await page(`pagina=${first.paginacion!.paginas + 1}`);
    expect(beyond.succes).toEqual([]);
    expect(beyond.freetour.tours.length).toBeGreaterThan(0);
  });

  it("sorts by price (both ways) and by name, ties by id", async () => {
    const up = await page("orden=precio&por_pagina=100");
    const prices = up.succes.map((tour) => tour.precio);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(up.succes).toHaveLength(seeded);
    const down = await page("orden=-precio&por_pagina=10&pagina=1");
    expect(down.succes[0]!.precio).toBe(Math.max(...prices));
    expect(down.paginacion).toMatchObject({ por_pagina: 10, orden: "-precio" });
    // only the added names (capital letter and digits): their order is the same under any collation
    const byName = (await page("orden=nombre&por_pagina=100")).succes.map((tour) => tour.nombre).filter((n) => n.startsWith("Paseo "));
    expect(byName).toHaveLength(50);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("refuses bad paging values with Spanish messages", async () => {
    for (const [query, path] of [
      ["pagina=0", "pagina"],
      ["pagina=abc", "pagina"],
      ["por_pagina=500", "por_pagina"],
      ["orden=precio;drop", "orden"],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}?${query}` });
      expect(res.statusCode, query).toBe(400);
      const error = ValidationErrorBody.parse(res.json()).errors[0]!;
      expect(error).toMatchObject({ path, location: "query" });
      expect(error.msg).toMatch(/página|orden/);
    }
  });
});
