import { beforeAll, describe, expect, it } from "vitest";
import { ManifiestoAnswer, TourAnswer, TourByCiudadAnswer, TourFindAnswer, TourListAnswer, ValidationErrorBody } from "@tours/contract";
import { ALL_DAYS } from "./compra-fixtures.ts";
import { listCities, makeImage, multipart } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });
let countryId: number;
let cityId: number;

beforeAll(async () => {
  const cusco = (await listCities(t.app)).find((c) => c.nombre === "Cusco")!;
  countryId = cusco.pais;
  cityId = cusco.id;
});

const base = () => ({ nombre: "Laguna Humantay", precio: "49.90", pais: String(countryId), ciudad: String(cityId), duracion: "12 horas", punto_encuentro: "Plaza de Armas" });
const FACTS = {
  duracion_minutos: "210",
  idiomas: "es,en",
  accesible_silla_ruedas: "parcial",
  modalidad: "privado",
  edad_minima: "8",
  encuentro_lat: "-13.5167",
  encuentro_lng: "-71.9787",
};

async function create(fields: Record<string, string>) {
  const form = multipart(fields, [{ field: "fotos", filename: "f.png", data: await makeImage(40, 30) }]);
  return t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
}

const update = (payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/tour/update/", headers: t.staff("admin"), payload });

const find = async (id: number) => TourFindAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/find/${id}` })).json()).succes[0]!;

const errorsOf = (res: { json(): unknown }) =>
  Object.fromEntries(ValidationErrorBody.parse(res.json()).errors.map((e) => [e.path, e.msg]));

describe("tour facts", () => {
  it("creates a tour with its facts over multipart (idiomas as 'es,en') and every read answers them", async () => {
    const res = await create({ ...base(), ...FACTS });
    expect(res.statusCode).toBe(200);
    const expected = {
      duracion_minutos: 210,
      idiomas: ["es", "en"],
      accesible_silla_ruedas: "parcial",
      modalidad: "privado",
      edad_minima: 8,
      encuentro_lat: -13.5167,
      encuentro_lng: -71.9787,
      // the spec's free text stays as it was sent
      duracion: "12 horas",
      punto_encuentro: "Plaza de Armas",
    };
    const created = TourAnswer.parse(res.json()).succes;
    expect(created).toMatchObject(expected);
    expect(await find(created.id)).toMatchObject(expected);
    const city = TourByCiudadAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}?pagina=1&por_pagina=100` })).json());
    expect(city.succes.find((x) => x.id === created.id)).toMatchObject(expected);
    const list = await t.app.inject({ method: "GET", url: `/api/tour/index?filter=${encodeURIComponent(JSON.stringify({ id: created.id }))}` });
    expect(TourListAnswer.parse(list.json()).succes[0]).toMatchObject(expected);
  });

  it("creates a tour without facts: all empty", async () => {
    const created = TourAnswer.parse((await create(base())).json()).succes;
    expect(created).toMatchObject({
      duracion_minutos: null,
      idiomas: [],
      accesible_silla_ruedas: null,
      modalidad: null,
      edad_minima: null,
      encuentro_lat: null,
      encuentro_lng: null,
    });
  });

  it("updates (JSON): absent keeps, sent replaces, null / empty / [] clears", async () => {
    const { id } = TourAnswer.parse((await create({ ...base(), ...FACTS })).json()).succes;
    // the original client's update sends none of them: all kept
    expect((await update({ ...base(), id })).statusCode).toBe(200);
    expect(await find(id)).toMatchObject({ duracion_minutos: 210, idiomas: ["es", "en"], encuentro_lat: -13.5167 });

    const changed = await update({ ...base(), id, duracion_minutos: 90, idiomas: ["pt", "ja", "pt"], modalidad: "grupo", edad_minima: 0 });
    expect(TourAnswer.parse(changed.json()).succes).toMatchObject({
      duracion_minutos: 90,
      idiomas: ["pt", "ja"],
      modalidad: "grupo",
      edad_minima: 0,
      accesible_silla_ruedas: "parcial",
    });

    const cleared = await update({
      ...base(),
      id,
      duracion_minutos: null,
      idiomas: [],
      accesible_silla_ruedas: "",
      modalidad: null,
      edad_minima: "",
      encuentro_lat: "",
      encuentro_lng: null,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await find(id)).toMatchObject({
      duracion_minutos: null,
      idiomas: [],
      accesible_silla_ruedas: null,
      modalidad: null,
      edad_minima: null,
      encuentro_lat: null,
      encuentro_lng: null,
    });
  });

  it("refuses bad facts with Spanish messages per field and changes nothing", async () => {
    const bad = await create({
      ...base(),
      duracion_minutos: "0",
      idiomas: "es,klingon",
      accesible_silla_ruedas: "a veces",
      modalidad: "familiar",
      edad_minima: "120",
      encuentro_lat: "91",
      encuentro_lng: "-200",
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toEqual({
      duracion_minutos: "La duración debe ser un número entero de minutos mayor que 0",
      idiomas: "Elige idiomas de la lista",
      accesible_silla_ruedas: "Accesible en silla de ruedas debe ser si, no o parcial",
      modalidad: "La modalidad debe ser grupo o privado",
      edad_minima: "La edad mínima debe ser un número entero entre 0 y 99",
      encuentro_lat: "La latitud debe estar entre -90 y 90",
      encuentro_lng: "La longitud debe estar entre -180 y 180",
    });

    const { id } = TourAnswer.parse((await create({ ...base(), ...FACTS })).json()).succes;
    const oneCoordinate = await update({ ...base(), id, encuentro_lat: 4.6, encuentro_lng: "" });
    expect(oneCoordinate.statusCode).toBe(400);
    expect(errorsOf(oneCoordinate)).toEqual({ encuentro_lng: "Indica latitud y longitud del punto de encuentro, o ninguna" });
    const fraction = await update({ ...base(), id, duracion_minutos: "90.5" });
    expect(errorsOf(fraction)).toEqual({ duracion_minutos: "La duración debe ser un número entero de minutos mayor que 0" });
    const tooLong = await update({ ...base(), id, duracion_minutos: 50_000 });
    expect(errorsOf(tooLong)).toEqual({ duracion_minutos: "La duración no puede pasar de 43200 minutos (30 días)" });
    expect(await find(id)).toMatchObject({ duracion_minutos: 210, encuentro_lat: -13.5167, encuentro_lng: -71.9787 });
  });

  it("the departure's manifest says how long it lasts and when it ends", async () => {
    const { id } = TourAnswer.parse((await create({ ...base(), ...FACTS, duracion_minutos: "900" })).json()).succes;
    const horario = await t.app.inject({
      method: "POST",
      url: "/api/tour/horario/create/",
      headers: t.staff("admin"),
      payload: { hora_inicio: "20:00", ...ALL_DAYS, tour_id: id },
    });
    expect(horario.statusCode, horario.body).toBe(200);
    const manifest = async () => {
      const res = await t.app.inject({ method: "GET", url: `/api/salidas/manifiesto/${id}-20301202-2000`, headers: t.staff("admin") });
      expect(res.statusCode, res.body).toBe(200);
      return ManifiestoAnswer.parse(res.json()).succes;
    };
    // 20:00 + 15 h: the next morning
    expect(await manifest()).toMatchObject({ duracion_minutos: 900, fin: { fecha: "2030-12-03", hora: "11:00" } });
    await update({ ...base(), id, duracion_minutos: "" });
    expect(await manifest()).toMatchObject({ duracion_minutos: null, fin: null });
  });

  it("the demo catalogue has every tour's facts filled", async () => {
    const tours = TourListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/index?range=[0,99]" })).json()).succes;
    const seeded = tours.filter((x) => x.nombre !== "Laguna Humantay");
    expect(seeded.length).toBeGreaterThanOrEqual(40);
    for (const tour of seeded) {
      expect(tour.duracion_minutos, tour.nombre).toBeGreaterThan(0);
      expect(tour.idiomas!.length, tour.nombre).toBeGreaterThan(0);
      expect(["si", "no", "parcial"]).toContain(tour.accesible_silla_ruedas);
      expect(["grupo", "privado"]).toContain(tour.modalidad);
      expect(tour.edad_minima, tour.nombre).toEqual(expect.any(Number));
      expect(tour.encuentro_lat, tour.nombre).toEqual(expect.any(Number));
      expect(tour.encuentro_lng, tour.nombre).toEqual(expect.any(Number));
    }
  });
});
