import { beforeAll, describe, expect, it } from "vitest";
import {
  FotoListAnswer,
  ImagenesAnswer,
  SuccesAnyAnswer,
  TourAnswer,
  TourByCiudadAnswer,
  TourFindAnswer,
  TourListAnswer,
  ValidationErrorBody,
} from "@tours/contract";
import { createTestApp, listFiles, makeImage, multipart, type UploadFile, unavailableFreeTours, listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });
let countryId: number;
let cityId: number;
let otherCiudadId: number;

beforeAll(async () => {
  const cities = await listCities(t.app);
  const cusco = cities.find((c) => c.nombre === "Cusco")!;
  countryId = cusco.pais;
  cityId = cusco.id;
  otherCiudadId = cities.find((c) => c.nombre === "Madrid")!.id;
});

async function photos(n: number): Promise<UploadFile[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({ field: "fotos", filename: `f${i}.png`, data: await makeImage(40 + i, 30) })),
  );
}

function tourFields(extra: Record<string, string> = {}): Record<string, string> {
  return {
    nombre: "Caminata a Humantay",
    precio: "49.90",
    pais: String(countryId),
    ciudad: String(cityId),
    nombre_hotel: "Hotel Cusco",
    habitacion_individual: "1",
    habitacion_doble: "0",
    habitacion_triple: "1",
    intinerario: "Salida 5:00, laguna, regreso",
    incluye: "Transporte, desayuno",
    no_incluye: "Propinas",
    duracion: "12 horas",
    accesibilidad: "No apto para movilidad reducida",
    mascotas: "0",
    salidas: "<p>Todos los días</p>",
    punto_encuentro: "Plaza de Armas",
    reembolsable: "1",
    descripcion: "<p>Una <strong>laguna</strong> turquesa.</p>",
    ...extra,
  };
}

async function createTour(fields = tourFields(), files?: UploadFile[]) {
  const form = multipart(fields, files ?? (await photos(2)));
  return t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
}

describe("tour reads", () => {
  it("lists the catalogue with imagen = path of the first photo or null", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/tour/index" });
    const tours = TourListAnswer.parse(res.json()).succes;
    expect(tours.length).toBeGreaterThanOrEqual(40);
    // the seed in tests runs without images
    expect(tours.every((tour) => tour.imagen === null)).toBe(true);
  });

  it("finds one tour as an array of one; unknown is 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/tour/find/1" });
    const body = TourFindAnswer.parse(res.json());
    expect(body.succes).toHaveLength(1);
    expect(body.succes[0]!.id).toBe(1);
    const missing = await t.app.inject({ method: "GET", url: "/api/tour/find/424242" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ msg: "El tour no existe" }] });
  });

  it("answers a city's tours with the free-tour block", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}` });
    expect(res.statusCode).toBe(200);
    const body = TourByCiudadAnswer.parse(res.json());
    expect(body.succes.length).toBeGreaterThan(0);
    expect(body.succes.every((tour) => tour.ciudad === cityId)).toBe(true);
    expect(body.freetour.tours.length).toBeGreaterThan(0);
    expect((await t.app.inject({ method: "GET", url: "/api/tour/index/ciudad/9999" })).statusCode).toBe(404);
  });

  it("still answers the local tours when the free-tour provider fails", async () => {
    const failing = unavailableFreeTours(new Error("down"));
    const other = await createTestApp({ seed: true, freeTours: failing });
    try {
      const res = await other.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${cityId}` });
      const body = TourByCiudadAnswer.parse(res.json());
      expect(body.succes.length).toBeGreaterThan(0);
      expect(body.freetour).toEqual({ tours: [], currentPage: 1, totalPages: 0, totalObjects: 0 });
    } finally {
      await other.close();
    }
  });

  it("pages tours in the list dialect, sorted by price", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/tour/index?sort=${encodeURIComponent('["precio","ASC"]')}&range=${encodeURIComponent("[0,4]")}`,
    });
    const page = TourListAnswer.parse(res.json()).succes;
    expect(page).toHaveLength(5);
    const prices = page.map((p) => p.precio);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(res.headers["content-range"]).toMatch(/^tour 0-4\/\d+$/);
    const total = Number(String(res.headers["content-range"]).split("/")[1]);
    const last = await t.app.inject({ method: "GET", url: `/api/tour/index?range=${encodeURIComponent(`[${total - 2},${total + 10}]`)}` });
    expect(TourListAnswer.parse(last.json()).succes).toHaveLength(2);
    expect(last.headers["content-range"]).toBe(`tour ${total - 2}-${total - 1}/${total}`);
  });
});

describe("tour writes", () => {
  it("creates a tour with photos; price in USD, flags 0/1, imagen = first photo", async () => {
    const res = await createTour();
    expect(res.statusCode).toBe(200);
    const tour = TourAnswer.parse(res.json()).succes;
    expect(tour).toMatchObject({
      nombre: "Caminata a Humantay",
      precio: 49.9,
      habitacion_individual: 1,
      habitacion_doble: 0,
      habitacion_triple: 1,
      mascotas: 0,
      reembolsable: 1,
      pais: countryId,
      ciudad: cityId,
    });
    const fotos = FotoListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/fotos/${tour.id}` })).json()).succes;
    expect(fotos).toHaveLength(2);
    expect(tour.imagen).toBe(fotos[0]!.url);
    expect(fotos.every((f) => f.tourId === tour.id && /^uploads\/tours\/.+\.webp$/.test(f.url))).toBe(true);
  });

  it("sanitises descripcion and salidas: no <script>, onerror= or javascript:", async () => {
    const evil =
      '<p onclick="x()">Hola <script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">clic</a>' +
      '<a href="https://ejemplo.com" target="_blank">ok</a></p><iframe src="https://mal.com"></iframe>';
    const res = await createTour(tourFields({ descripcion: evil, salidas: evil }));
    const tour = TourAnswer.parse(res.json()).succes;
    for (const html of [tour.descripcion!, tour.salidas!]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img/i);
      expect(html).toContain("Hola");
      expect(html).toContain('href="https://ejemplo.com"');
      expect(html).toContain('rel="noopener noreferrer"');
    }
    const updated = await t.app.inject({
      method: "POST",
      url: "/api/tour/update/",
      headers: t.staff("admin"),
      payload: { ...tourFields(), id: tour.id, descripcion: '<h2>Ruta</h2><svg onload="x()"></svg><p>fin</p>' },
    });
    expect(TourAnswer.parse(updated.json()).succes.descripcion).toBe("<h2>Ruta</h2><p>fin</p>");
  });

  it("validates fields with Spanish messages and stores nothing on failure", async () => {
    const before = await listFiles(t.uploadsDir);
    const count = TourListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/index" })).json()).succes.length;
    const res = await createTour(tourFields({ nombre: "", precio: "-3" }));
    expect(res.statusCode).toBe(400);
    const msgs = ValidationErrorBody.parse(res.json()).errors.map((e) => e.msg);
    expect(msgs).toEqual(expect.arrayContaining(["El nombre es obligatorio", "El precio debe ser mayor que 0"]));

    const wrongCity = await createTour(tourFields({ ciudad: String(otherCiudadId) }));
    expect(wrongCity.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(wrongCity.json()).errors[0]!.msg).toBe("La ciudad no pertenece al país seleccionado");

    const noPhotos = await createTour(tourFields(), []);
    expect(noPhotos.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(noPhotos.json()).errors[0]!.msg).toBe("Debe seleccionar al menos una foto");

    expect(await listFiles(t.uploadsDir)).toEqual(before);
    expect(TourListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/index" })).json()).succes).toHaveLength(count);
  });

  it("accepts 20 photos and refuses 21", async () => {
    const ok = await createTour(tourFields(), await photos(20));
    expect(ok.statusCode).toBe(200);
    const before = await listFiles(t.uploadsDir);
    const tooMany = await createTour(tourFields(), await photos(21));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().errors[0].msg).toBe("Máximo 20 fotos seleccionadas");
    expect(await listFiles(t.uploadsDir)).toEqual(before);
  });

  it("updates a tour (JSON with id); unknown id 404", async () => {
    const tour = TourAnswer.parse((await createTour()).json()).succes;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tour/update/",
      headers: t.staff("admin"),
      payload: { ...tourFields({ nombre: "Humantay en grupo", precio: "55" }), id: tour.id, mascotas: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(TourAnswer.parse(res.json()).succes).toMatchObject({ nombre: "Humantay en grupo", precio: 55, mascotas: 1, imagen: tour.imagen });
    const missing = await t.app.inject({ method: "POST", url: "/api/tour/update/", headers: t.staff("admin"), payload: { ...tourFields(), id: 987654 } });
    expect(missing.statusCode).toBe(404);
    const noId = await t.app.inject({ method: "POST", url: "/api/tour/update/", headers: t.staff("admin"), payload: tourFields() });
    expect(noId.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(noId.json()).errors[0]!.msg).toBe("El id del tour es obligatorio");
  });

  it("manages photos: imagenes, saveimagen, deleteimagen", async () => {
    const tour = TourAnswer.parse((await createTour()).json()).succes;
    const form = multipart({ id: String(tour.id) }, await photos(3));
    const saved = await t.app.inject({ method: "POST", url: "/api/tour/saveimagen", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(saved.statusCode).toBe(200);
    expect(FotoListAnswer.parse(saved.json()).succes).toHaveLength(3);

    const imagenes = ImagenesAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/imagenes/${tour.id}`, headers: t.staff("admin") })).json()).imagenes;
    expect(imagenes).toHaveLength(5);

    const first = imagenes[0]!;
    const del = await t.app.inject({ method: "DELETE", url: `/api/tour/deleteimagen/${first.id}`, headers: t.staff("admin") });
    expect(del.statusCode).toBe(200);
    SuccesAnyAnswer.parse(del.json());
    expect((await t.app.inject({ method: "GET", url: `/${first.url}` })).statusCode).toBe(404);
    const after = TourFindAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/find/${tour.id}` })).json()).succes[0]!;
    expect(after.imagen).toBe(imagenes[1]!.url);
    expect((await t.app.inject({ method: "DELETE", url: `/api/tour/deleteimagen/${first.id}`, headers: t.staff("admin") })).statusCode).toBe(404);

    const none = multipart({ id: String(tour.id) });
    const empty = await t.app.inject({ method: "POST", url: "/api/tour/saveimagen", headers: { ...t.staff("admin"), ...none.headers }, payload: none.payload });
    expect(empty.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(empty.json()).errors[0]!.msg).toBe("No se ha seleccionado fotos para guardar...");

    const unknown = multipart({ id: "999999" }, await photos(1));
    const res = await t.app.inject({ method: "POST", url: "/api/tour/saveimagen", headers: { ...t.staff("admin"), ...unknown.headers }, payload: unknown.payload });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/tour/imagenes/999999", headers: t.staff("admin") })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/tour/index/fotos/999999" })).statusCode).toBe(404);
  });

  it("deletes a tour with its photos' files", async () => {
    const tour = TourAnswer.parse((await createTour()).json()).succes;
    const before = await listFiles(t.uploadsDir);
    const res = await t.app.inject({ method: "DELETE", url: `/api/tour/delete/${tour.id}`, headers: t.staff("admin") });
    expect(res.statusCode).toBe(200);
    expect((await listFiles(t.uploadsDir)).length).toBe(before.length - 8); // 2 photos × (original, web WebP, 480w, 960w)
    expect((await t.app.inject({ method: "GET", url: `/api/tour/find/${tour.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/tour/delete/${tour.id}`, headers: t.staff("admin") })).statusCode).toBe(404);
  });
});
