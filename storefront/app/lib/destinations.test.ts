import { describe, expect, it } from "vitest";
import { filterDestinations, findDestinations, groupDestinations, normalizeText } from "~/lib/destinations";
import { cityPath, countryPath } from "~/lib/catalogue-format";

const paises = [
  { id: 1, nombre: "Perú", destacado: 0 },
  { id: 2, nombre: "Colombia", destacado: 1 },
  { id: 3, nombre: "Japón", destacado: true },
  { id: 4, nombre: "España", destacado: false },
  { id: 5, nombre: "Argentina" },
  { id: 6, nombre: "Ecuador", destacado: 0 },
];
const ciudades = [
  { id: 10, nombre: "Medellín", pais: 2 },
  { id: 11, nombre: "Bogotá", pais: 2 },
  { id: 12, nombre: "Cartagena", pais: 2 },
  { id: 20, nombre: "Kioto", pais: 3 },
  { id: 21, nombre: "Tokio", pais: 3 },
  { id: 30, nombre: "Sevilla", pais: 4 },
  { id: 31, nombre: "Ávila", pais: 4 },
  { id: 32, nombre: "Madrid", pais: 4 },
  { id: 40, nombre: "Cusco", pais: 1 },
  { id: 41, nombre: "Lima", pais: 1 },
  { id: 50, nombre: "Buenos Aires", pais: 5 },
  { id: 99, nombre: "Ciudad sin país", pais: 77 },
];
const groups = groupDestinations(paises, ciudades);
const names = (gs: ReturnType<typeof groupDestinations>) => gs.map((g) => [g.nombre, g.ciudades.map((c) => c.nombre)]);

describe("normalizeText", () => {
  it("ignores accents, case and surrounding spaces", () => {
    expect(normalizeText("Bogotá")).toBe("bogota");
    expect(normalizeText("  JAPÓN ")).toBe("japon");
    expect(normalizeText("España")).toBe("espana");
    expect(normalizeText("Ávila")).toBe(normalizeText("avila"));
    expect(normalizeText("São Paulo")).toBe("sao paulo");
  });
});

describe("groupDestinations", () => {
  it("featured countries first, each part in Spanish alphabetical order", () => {
    expect(groups.map((g) => g.nombre)).toEqual(["Colombia", "Japón", "Argentina", "Ecuador", "España", "Perú"]);
  });

  it("each country lists its own cities alphabetically (accented initials in place)", () => {
    expect(names(groups)).toEqual([
      ["Colombia", ["Bogotá", "Cartagena", "Medellín"]],
      ["Japón", ["Kioto", "Tokio"]],
      ["Argentina", ["Buenos Aires"]],
      ["Ecuador", []],
      ["España", ["Ávila", "Madrid", "Sevilla"]],
      ["Perú", ["Cusco", "Lima"]],
    ]);
    expect(groups[0]).toEqual({
      id: 2,
      nombre: "Colombia",
      ciudades: [
        { id: 11, nombre: "Bogotá" },
        { id: 12, nombre: "Cartagena" },
        { id: 10, nombre: "Medellín" },
      ],
    });
  });

  it("does not reorder the caller's arrays", () => {
    const input = [...paises];
    groupDestinations(input, ciudades);
    expect(input).toEqual(paises);
  });
});

describe("filterDestinations", () => {
  it("an empty or blank query keeps everything", () => {
    expect(filterDestinations(groups, "")).toBe(groups);
    expect(filterDestinations(groups, "   ")).toBe(groups);
  });

  it("a city typed without accents is found under its country, alone", () => {
    expect(names(filterDestinations(groups, "bogota"))).toEqual([["Colombia", ["Bogotá"]]]);
    expect(names(filterDestinations(groups, "MEDELLIN"))).toEqual([["Colombia", ["Medellín"]]]);
    expect(names(filterDestinations(groups, "ávila"))).toEqual([["España", ["Ávila"]]]);
  });

  it("a matching country keeps all its cities", () => {
    expect(names(filterDestinations(groups, "japon"))).toEqual([["Japón", ["Kioto", "Tokio"]]]);
    expect(names(filterDestinations(groups, " Espa "))).toEqual([["España", ["Ávila", "Madrid", "Sevilla"]]]);
    expect(names(filterDestinations(groups, "ecuador"))).toEqual([["Ecuador", []]]);
  });

  it("matches inside names, across countries, in the groups' order", () => {
    expect(names(filterDestinations(groups, "co"))).toEqual([
      ["Colombia", ["Bogotá", "Cartagena", "Medellín"]],
      ["Perú", ["Cusco"]],
    ]);
    expect(names(filterDestinations(groups, "ll"))).toEqual([
      ["Colombia", ["Medellín"]],
      ["España", ["Sevilla"]],
    ]);
    expect(names(filterDestinations(groups, "ma"))).toEqual([
      ["España", ["Madrid"]],
      ["Perú", ["Lima"]],
    ]);
  });

  it("nothing found: no groups", () => {
    expect(filterDestinations(groups, "atlántida")).toEqual([]);
  });

  it("does not change the full list it filters", () => {
    filterDestinations(groups, "bogota");
    expect(groups[0]?.ciudades).toHaveLength(3);
  });
});

describe("paths", () => {
  it("country and city pages", () => {
    expect(countryPath(2)).toBe("/pais/2");
    expect(cityPath(2, 11)).toBe("/actividades/2/11");
  });
});

describe("findDestinations (/buscar)", () => {
  const groups = groupDestinations(
    [
      { id: 1, nombre: "Colombia" },
      { id: 2, nombre: "Perú" },
    ],
    [
      { id: 10, nombre: "Medellín", pais: 1 },
      { id: 11, nombre: "Bogotá", pais: 1 },
      { id: 20, nombre: "Cusco", pais: 2 },
    ],
  );

  it("adds what the API found one typo away to what the names contain", () => {
    expect(findDestinations(groups, "medelin", [{ tipo: "ciudad", id: 10 }])).toEqual([{ id: 1, nombre: "Colombia", ciudades: [{ id: 10, nombre: "Medellín" }] }]);
    expect(findDestinations(groups, "bog", [])).toEqual([{ id: 1, nombre: "Colombia", ciudades: [{ id: 11, nombre: "Bogotá" }] }]);
  });

  it("a country found keeps all its cities", () => {
    expect(findDestinations(groups, "peru", [{ tipo: "pais", id: 2 }])).toEqual([groups[1]]);
    expect(findDestinations(groups, "colombia", [])).toEqual([groups[0]]);
  });

  it("nothing found is nothing shown", () => {
    expect(findDestinations(groups, "zzzz", [])).toEqual([]);
  });
});
