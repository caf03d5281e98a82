import { describe, expect, it } from "vitest";
import { CiudadAnswer, CiudadListAnswer, ValidationErrorBody } from "@tours/contract";
import { makeImage, multipart } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });

async function countryId(nombre: string): Promise<number> {
  const list = (await t.app.inject({ method: "GET", url: "/api/pais/index" })).json() as { succes: Array<{ id: number; nombre: string }> };
  return list.succes.find((p) => p.nombre === nombre)!.id;
}

describe("ciudades", () => {
  it("lists every city, and the cities of one country", async () => {
    const all = CiudadListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/ciudades/index" })).json()).succes;
    expect(all).toHaveLength(18);
    const peru = await countryId("Perú");
    const res = await t.app.inject({ method: "GET", url: `/api/ciudades/find/${peru}` });
    const cities = CiudadListAnswer.parse(res.json()).succes;
    expect(cities.map((c) => c.nombre).sort()).toEqual(["Arequipa", "Cusco", "Lima"]);
    expect(cities.every((c) => c.pais === peru && typeof c.freetour_id === "string")).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/ciudades/find/9999" })).statusCode).toBe(404);
  });

  it("finds one city; unknown is 404", async () => {
    const all = CiudadListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/ciudades/index" })).json()).succes;
    const res = await t.app.inject({ method: "GET", url: `/api/ciudades/findciudad/${all[0]!.id}` });
    expect(CiudadAnswer.parse(res.json()).succes.nombre).toBe(all[0]!.nombre);
    const missing = await t.app.inject({ method: "GET", url: "/api/ciudades/findciudad/9999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ msg: "La ciudad no existe" }] });
  });

  it("creates, updates (1/0 flags), replaces the image and deletes", async () => {
    const chile = await countryId("Argentina");
    const form = multipart({ nombre: "Salta", pais: String(chile), destacado: "0", freetour_id: "x-1" }, [
      { field: "foto", filename: "salta.png", data: await makeImage() },
    ]);
    const created = await t.app.inject({ method: "POST", url: "/api/ciudades/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(created.statusCode).toBe(200);
    const city = CiudadAnswer.parse(created.json()).succes;
    expect(city).toMatchObject({ nombre: "Salta", pais: chile, destacado: 0, freetour_id: "x-1" });

    const updated = await t.app.inject({ method: "PUT", url: `/api/ciudades/update/${city.id}`, headers: t.staff("admin"), payload: { nombre: "Salta la Linda", pais: chile, destacado: 1 } });
    expect(CiudadAnswer.parse(updated.json()).succes).toMatchObject({ nombre: "Salta la Linda", destacado: 1, freetour_id: "x-1" });

    const img = multipart({}, [{ field: "foto", filename: "n.png", data: await makeImage(30, 30) }]);
    const replaced = await t.app.inject({ method: "PUT", url: `/api/ciudades/updateImage/${city.id}`, headers: { ...t.staff("admin"), ...img.headers }, payload: img.payload });
    expect(CiudadAnswer.parse(replaced.json()).succes.imagen).not.toBe(city.imagen);

    const del = await t.app.inject({ method: "DELETE", url: `/api/ciudades/delete/${city.id}`, headers: t.staff("admin") });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/ciudades/findciudad/${city.id}` })).statusCode).toBe(404);
  });

  it("refuses an unknown country and bad fields with Spanish messages", async () => {
    const res = await t.app.inject({ method: "PUT", url: "/api/ciudades/update/1", headers: t.staff("admin"), payload: { nombre: "X", pais: 9999, destacado: 1 } });
    expect(res.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(res.json()).errors[0]).toMatchObject({ msg: "El país no existe", path: "pais" });
    const bad = await t.app.inject({ method: "PUT", url: "/api/ciudades/update/1", headers: t.staff("admin"), payload: { nombre: " ", destacado: 7 } });
    expect(bad.statusCode).toBe(400);
    const msgs = ValidationErrorBody.parse(bad.json()).errors.map((e) => e.msg);
    expect(msgs).toEqual(expect.arrayContaining(["El nombre es obligatorio", "El país es obligatorio", "Destacado debe ser 1 o 0"]));
    const missing = await t.app.inject({ method: "PUT", url: "/api/ciudades/update/9999", headers: t.staff("admin"), payload: { nombre: "X", pais: 1, destacado: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it("pages, sorts and filters in the list dialect with Content-Range", async () => {
    const peru = await countryId("Perú");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/ciudades/index?sort=${encodeURIComponent('["nombre","DESC"]')}&range=${encodeURIComponent("[0,1]")}&filter=${encodeURIComponent(JSON.stringify({ pais: peru }))}`,
    });
    expect(res.statusCode).toBe(200);
    expect(CiudadListAnswer.parse(res.json()).succes.map((c) => c.nombre)).toEqual(["Lima", "Cusco"]);
    expect(res.headers["content-range"]).toBe("ciudades 0-1/3");

    const q = await t.app.inject({ method: "GET", url: `/api/ciudades/index?filter=${encodeURIComponent('{"q":"bog"}')}` });
    expect(CiudadListAnswer.parse(q.json()).succes.map((c) => c.nombre)).toEqual(["Bogotá"]);

    const bad = await t.app.inject({ method: "GET", url: `/api/ciudades/index?sort=${encodeURIComponent('["secreto","ASC"]')}` });
    expect(bad.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(bad.json()).errors[0]!.msg).toBe("No se puede ordenar por secreto");
  });
});
