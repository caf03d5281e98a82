import { beforeAll, describe, expect, it } from "vitest";
import { BusquedaAnswer, ValidationErrorBody } from "@tours/contract";
import { BUSQUEDA_POR_PAGINA } from "@tours/domain";
import { eq, sql } from "drizzle-orm";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { fechaCerrada, salida } from "../src/modules/salidas/salidas.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { buyer, line } from "./compra-fixtures.ts";
import { listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

// Wednesday 2 December 2026, 12:00 UTC
const t = useTestApp({ seed: true, clock: new Date("2026-12-02T12:00:00Z"), paypal: {} });

const buscar = async (query: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/busqueda?${query}` });
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return BusquedaAnswer.parse(res.json()).succes;
};
const nombres = (r: { tours: { nombre: string }[] }) => r.tours.map((tour) => tour.nombre);

let limaId: number;
let peruId: number;
beforeAll(async () => {
  const lima = (await listCities(t.app)).find((c) => c.nombre === "Lima")!;
  limaId = lima.id;
  peruId = lima.pais;
});

describe("GET /api/busqueda: the catalogue search", () => {
  it("finds tours by name and description, whatever the accents and case, and ranks the name's match first", async () => {
    const r = await buscar("q=CANDELARÍA");
    expect(nombres(r)[0]).toBe("La Candelaria y el Museo del Oro");
    expect(nombres(await buscar("q=candelaria"))).toEqual(nombres(r));
    expect(nombres(await buscar("q=zipaquira"))).toContain("Catedral de Sal de Zipaquirá");
  });

  it("forgives one typo per word", async () => {
    expect(nombres(await buscar("q=candelaría"))).toContain("La Candelaria y el Museo del Oro");
    expect(nombres(await buscar("q=comuna%20grafitti"))).toContain("Comuna 13: grafiti y transformación");
    expect(nombres(await buscar("q=machu%20pichu"))).toContain("Machu Picchu en tren");
    expect(nombres(await buscar("q=cuzco"))).toEqual(expect.arrayContaining(["Machu Picchu en tren", "Valle Sagrado de los Incas"]));
    // a word's beginning finds it too
    expect(nombres(await buscar("q=monserr"))).toContain("Monserrate al atardecer");
  });

  it("finds a city's tours and the city and country themselves by their names", async () => {
    const r = await buscar("q=medelin");
    expect(nombres(r)).toEqual(expect.arrayContaining(["Comuna 13: grafiti y transformación", "Guatapé y la Piedra del Peñol"]));
    expect(r.destinos[0]).toMatchObject({ tipo: "ciudad", nombre: "Medellín", pais_nombre: "Colombia" });
    const pais = await buscar("q=peru");
    expect(pais.destinos[0]).toMatchObject({ tipo: "pais", nombre: "Perú", id: peruId });
    expect(nombres(pais)).toEqual(expect.arrayContaining(["Machu Picchu en tren", "Lima colonial y catacumbas"]));
  });

  it("requires every word, and says nothing found for nonsense", async () => {
    expect(nombres(await buscar("q=lima%20catacumbas"))).toEqual(["Lima colonial y catacumbas"]);
    const none = await buscar("q=xqzwv");
    expect(none.tours).toEqual([]);
    expect(none.destinos).toEqual([]);
    expect(none.paginacion.total).toBe(0);
  });

  it("a city renamed is found by its new name (kept by the database)", async () => {
    const [ciudad] = await t.db.select().from(ciudadesTable).where(eq(ciudadesTable.id, limaId));
    await t.db.update(ciudadesTable).set({ nombre: "Ciudad de los Reyes" }).where(eq(ciudadesTable.id, limaId));
    try {
      expect(nombres(await buscar("q=reyes"))).toEqual(expect.arrayContaining(["Lima colonial y catacumbas", "Ruta gastronómica por Barranco"]));
    } finally {
      await t.db.update(ciudadesTable).set({ nombre: ciudad!.nombre }).where(eq(ciudadesTable.id, limaId));
    }
  });

  it("pages 24 at a time, every tour once, and counts them", async () => {
    await t.db.insert(tourTable).values(
      Array.from({ length: 30 }, (_, i) => ({ nombre: `Paseo nocturno ${i}`, precioCents: 2_000 + i, pais: peruId, ciudad: limaId, descripcion: "<p>Faroles</p>" })),
    );
    const first = await buscar("q=faroles");
    expect(first.paginacion).toEqual({ pagina: 1, por_pagina: BUSQUEDA_POR_PAGINA, orden: "relevancia", total: 30, paginas: 2 });
    expect(first.tours).toHaveLength(24);
    const second = await buscar("q=faroles&pagina=2");
    expect(second.tours).toHaveLength(6);
    expect(new Set([...nombres(first), ...nombres(second)]).size).toBe(30);
    expect(second.destinos).toEqual([]);
    const cheapest = await buscar("q=faroles&orden=precio");
    expect(cheapest.tours[0]!.nombre).toBe("Paseo nocturno 0");
    await t.db.delete(tourTable).where(sql`${tourTable.nombre} LIKE 'Paseo nocturno %'`);
  });
});

describe("GET /api/busqueda: filters and their counts", () => {
  beforeAll(async () => {
    const tours = await t.db.select({ id: tourTable.id, nombre: tourTable.nombre }).from(tourTable).where(eq(tourTable.ciudad, limaId));
    const colonial = tours.find((x) => x.nombre === "Lima colonial y catacumbas")!;
    const barranco = tours.find((x) => x.nombre === "Ruta gastronómica por Barranco")!;
    await t.db.update(tourTable).set({ duracionMinutos: 180, idiomas: ["es", "en"], accesibleSillaRuedas: "si", modalidad: "grupo" }).where(eq(tourTable.id, colonial.id));
    await t.db.update(tourTable).set({ duracionMinutos: 240, idiomas: ["es"], accesibleSillaRuedas: "parcial", modalidad: "privado" }).where(eq(tourTable.id, barranco.id));
  });

  it("filters a city's tours by duration, language, access, kind and price, and counts each value with the other filters", async () => {
    const city = await buscar(`ciudad=${limaId}`);
    expect(city.paginacion.total).toBe(2);
    expect(city.destinos).toEqual([]);
    const count = (f: { valor: string; cantidad: number }[], valor: string) => f.find((x) => x.valor === valor)!.cantidad;
    expect(count(city.facetas.idioma, "es")).toBe(2);
    expect(count(city.facetas.idioma, "en")).toBe(1);
    expect(count(city.facetas.duracion, "2-4h")).toBe(2);
    expect(count(city.facetas.accesible, "si")).toBe(1);
    expect(count(city.facetas.accesible, "parcial")).toBe(2);
    expect(count(city.facetas.modalidad, "privado")).toBe(1);
    expect(city.facetas.precio).toEqual({ min: 32, max: 78 });

    const english = await buscar(`ciudad=${limaId}&idioma=en`);
    expect(nombres(english)).toEqual(["Lima colonial y catacumbas"]);
    // a filter's own counts ignore itself: choosing English still shows how many speak Spanish
    expect(count(english.facetas.idioma, "es")).toBe(2);
    expect(count(english.facetas.modalidad, "privado")).toBe(0);

    expect(nombres(await buscar(`ciudad=${limaId}&modalidad=privado`))).toEqual(["Ruta gastronómica por Barranco"]);
    expect(nombres(await buscar(`ciudad=${limaId}&accesible=si`))).toEqual(["Lima colonial y catacumbas"]);
    expect(nombres(await buscar(`ciudad=${limaId}&precio_min=50`))).toEqual(["Ruta gastronómica por Barranco"]);
    expect(nombres(await buscar(`ciudad=${limaId}&precio_max=40&duracion=2-4h&orden=-precio`))).toEqual(["Lima colonial y catacumbas"]);
    const peruEnglish = await t.db.execute(sql`SELECT count(*)::int AS n FROM tour WHERE pais = ${peruId} AND 'en' = ANY(idiomas)`);
    const inPeru = await buscar(`pais=${peruId}&idioma=en`);
    expect(inPeru.paginacion.total).toBe((peruEnglish as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(inPeru.tours.every((tour) => tour.pais === peruId)).toBe(true);
  });

  it("con lugares el …: only tours with a departure that day that can still be booked", async () => {
    const tours = await t.db.select({ id: tourTable.id, nombre: tourTable.nombre }).from(tourTable).where(eq(tourTable.ciudad, limaId));
    const colonial = tours.find((x) => x.nombre === "Lima colonial y catacumbas")!;
    const barranco = tours.find((x) => x.nombre === "Ruta gastronómica por Barranco")!;
    for (const tour of [colonial, barranco]) await t.db.delete(horarioTable).where(eq(horarioTable.tourId, tour.id));
    // colonial: Thursdays 10:00, 4 places; barranco: every day 19:00, unlimited
    await t.db.insert(horarioTable).values([
      { tourId: colonial.id, horaInicio: "10:00", jueves: true, cupo: 4 },
      { tourId: barranco.id, horaInicio: "19:00", lunes: true, martes: true, miercoles: true, jueves: true, viernes: true, sabado: true, domingo: true },
    ]);
    const on = async (fecha: string) => nombres(await buscar(`ciudad=${limaId}&fecha=${fecha}`)).sort();
    expect(await on("2026-12-03")).toEqual(["Lima colonial y catacumbas", "Ruta gastronómica por Barranco"]);
    expect(await on("2026-12-04")).toEqual(["Ruta gastronómica por Barranco"]);
    // a closed departure, and a date in the past, have no places
    await t.db.insert(salida).values({ tourId: colonial.id, fecha: "2026-12-10", hora: "10:00", cerrada: true });
    expect(await on("2026-12-10")).toEqual(["Ruta gastronómica por Barranco"]);
    // a departure whose 4 places are held by an order has none left; 3 of them leave one
    const hold = async (mayores_15: number) =>
      t.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(colonial.id, "12/17/2026-10:00", { mayores_15 })] } });
    expect((await hold(3)).statusCode).toBe(200);
    expect(await on("2026-12-17")).toEqual(["Lima colonial y catacumbas", "Ruta gastronómica por Barranco"]);
    expect((await hold(1)).statusCode).toBe(200);
    expect(await on("2026-12-17")).toEqual(["Ruta gastronómica por Barranco"]);
    expect(await on("2026-12-01")).toEqual([]);
    // today 19:00 in Lima (UTC−5) is 00:00 UTC tomorrow: still before the 2-hour cutoff at 12:00 UTC
    expect(await on("2026-12-02")).toEqual(["Ruta gastronómica por Barranco"]);
    // a closed date, far enough from now that only the closing can decide
    await t.db.insert(fechaCerrada).values({ tourId: colonial.id, fecha: "2026-12-24" });
    expect(await on("2026-12-24")).toEqual(["Ruta gastronómica por Barranco"]);
    expect(await on("2026-12-31")).toEqual(["Lima colonial y catacumbas", "Ruta gastronómica por Barranco"]);
    // the weekdays a tour runs follow its horarios as they are changed, moved to another tour and deleted
    await t.db.update(horarioTable).set({ jueves: false, viernes: true }).where(eq(horarioTable.tourId, colonial.id));
    expect(await on("2026-12-31")).toEqual(["Ruta gastronómica por Barranco"]);
    expect(await on("2027-01-01")).toEqual(["Lima colonial y catacumbas", "Ruta gastronómica por Barranco"]);
    await t.db.update(horarioTable).set({ tourId: barranco.id }).where(eq(horarioTable.tourId, colonial.id));
    expect(await on("2027-01-01")).toEqual(["Ruta gastronómica por Barranco"]);
    await t.db.delete(horarioTable).where(eq(horarioTable.tourId, barranco.id));
    expect(await on("2027-01-01")).toEqual([]);
  });

  it("refuses bad filters with a Spanish message per parameter", async () => {
    for (const [query, path, msg] of [
      ["idioma=klingon", "idioma", "El idioma debe ser uno de"],
      ["duracion=larga", "duracion", "La duración debe ser una de"],
      ["fecha=2026-02-30", "fecha", "La fecha debe tener la forma AAAA-MM-DD"],
      ["precio_min=abc", "precio_min", "El precio debe ser un número"],
      ["precio_min=90&precio_max=10", "precio_min", "El precio mínimo no puede ser mayor que el máximo"],
      ["pagina=0", "pagina", "La página debe ser"],
      [`q=${"a".repeat(81)}`, "q", "La búsqueda admite hasta 80 caracteres"],
      ["ciudad=x", "ciudad", "La ciudad debe ser"],
    ] as const) {
      const res = await t.app.inject({ method: "GET", url: `/api/busqueda?${query}` });
      expect(res.statusCode, query).toBe(400);
      const body = ValidationErrorBody.parse(res.json());
      expect(body.errors.find((e) => e.path === path)?.msg, query).toContain(msg);
    }
  });
});
