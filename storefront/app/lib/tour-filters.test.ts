import { describe, expect, it } from "vitest";
import { busquedaQueryOf, cleanFilterHref, hasTourFilters, parseTourFilters, withoutFilters } from "./tour-filters";

const parse = (query: string) => parseTourFilters(new URLSearchParams(query));

describe("the tour filters in the URL", () => {
  it("reads every filter, and none when the URL has none", () => {
    expect(hasTourFilters(parse(""))).toBe(false);
    expect(parse("precio_min=20&precio_max=80.5&duracion=2-4h&idioma=en&accesible=si&modalidad=privado&fecha=2026-12-24")).toEqual({
      precioMin: 20,
      precioMax: 80.5,
      duracion: "2-4h",
      idioma: "en",
      accesible: "si",
      modalidad: "privado",
      fecha: "2026-12-24",
    });
  });

  it("drops values the API would refuse instead of failing the page", () => {
    const f = parse("precio_min=abc&duracion=larga&idioma=xx&accesible=1&modalidad=vip&fecha=2026-02-30");
    expect(hasTourFilters(f)).toBe(false);
  });

  it("swaps a price range typed the wrong way round", () => {
    expect(parse("precio_min=90&precio_max=10")).toMatchObject({ precioMin: 10, precioMax: 90 });
  });

  it("asks the API for the place, the filters, the page and the order", () => {
    const query = busquedaQueryOf({ ciudad: 7 }, parse("idioma=en&fecha=2026-12-24"), { pagina: 2, orden: "precio-desc" });
    expect(query).toMatchObject({ ciudad: 7, idioma: "en", fecha: "2026-12-24", pagina: 2, orden: "-precio" });
    expect(busquedaQueryOf({ q: "lima" }, parse(""), { pagina: 1, orden: "relevancia" })).toMatchObject({ q: "lima", pagina: undefined, orden: "relevancia" });
  });

  it("Quitar filtros keeps the query and the order but no filter nor page", () => {
    expect(withoutFilters("/buscar", new URLSearchParams("q=lima&idioma=en&pagina=3&orden=precio"))).toBe("/buscar?q=lima&orden=precio");
    expect(withoutFilters("/actividades/1/2", new URLSearchParams("duracion=2-4h"))).toBe("/actividades/1/2");
  });
});

describe("cleanFilterHref", () => {
  it("leaves out the filters a plain form sent empty, keeping the rest", () => {
    expect(cleanFilterHref(new URL("http://x/actividades/1/2?fecha=&precio_min=&duracion=&idioma=es&modalidad="))).toBe("/actividades/1/2?idioma=es");
    expect(cleanFilterHref(new URL("http://x/buscar?q=&duracion="))).toBe("/buscar");
    expect(cleanFilterHref(new URL("http://x/buscar?q=lima&orden=precio"))).toBeNull();
  });
});
