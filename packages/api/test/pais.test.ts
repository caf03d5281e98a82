import { describe, expect, it } from "vitest";
import { PaisAnswer, PaisListAnswer, SuccesAnyAnswer, ValidationErrorBody } from "@tours/contract";
import { listFiles, makeImage, multipart } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ staff: ["admin"] });

async function createPais(fields: Record<string, string> = {}) {
  const form = multipart(
    { nombre: "Chile", prefijo: "56", destacado: "1", ...fields },
    [{ field: "foto", filename: "chile.png", data: await makeImage(80, 60) }],
  );
  return t.app.inject({ method: "POST", url: "/api/pais/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
}

describe("pais", () => {
  it("starts empty", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/pais/index" });
    expect(res.statusCode).toBe(200);
    expect(PaisListAnswer.parse(res.json()).succes).toEqual([]);
  });

  it("creates a country with its photo (multipart) and serves the image", async () => {
    const res = await createPais({ freetour_id: "8c0a1714-7f99-5c9c-aeb0-59cf61bb0fad" });
    expect(res.statusCode).toBe(200);
    const pais = PaisAnswer.parse(res.json()).succes;
    expect(pais).toMatchObject({ nombre: "Chile", prefijo: 56, destacado: 1, freetour_id: "8c0a1714-7f99-5c9c-aeb0-59cf61bb0fad" });
    expect(pais.imagen).toMatch(/^uploads\/paises\/[0-9a-f-]{36}\.webp$/);
    expect(new Date(pais.createdAt).toISOString()).toBe(pais.createdAt);

    for (const prefix of ["/", "/api/"]) {
      const img = await t.app.inject({ method: "GET", url: `${prefix}${pais.imagen}` });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/webp");
      expect(img.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }

    const list = PaisListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/pais/index" })).json());
    expect(list.succes.map((p) => p.nombre)).toEqual(["Chile"]);
    const found = PaisAnswer.parse((await t.app.inject({ method: "GET", url: `/api/pais/find/${pais.id}` })).json());
    expect(found.succes.id).toBe(pais.id);
  });

  it("requires the photo and valid fields, answering Spanish messages", async () => {
    const form = multipart({ nombre: "", prefijo: "abc", destacado: "1" });
    const res = await t.app.inject({ method: "POST", url: "/api/pais/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    const msgs = ValidationErrorBody.parse(res.json()).errors.map((e) => e.msg);
    expect(msgs).toContain("El nombre es obligatorio");
    expect(msgs).toContain("El prefijo debe ser un número entre 1 y 99999");

    const noPhoto = multipart({ nombre: "Uruguay", prefijo: "598", destacado: "0" });
    const res2 = await t.app.inject({ method: "POST", url: "/api/pais/create", headers: { ...t.staff("admin"), ...noPhoto.headers }, payload: noPhoto.payload });
    expect(res2.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(res2.json()).errors[0]!.msg).toBe("La foto del país es obligatoria");
  });

  it("updates fields (JSON) and keeps freetour_id unless sent", async () => {
    const pais = PaisAnswer.parse((await createPais({ freetour_id: "abc" })).json()).succes;
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/pais/update/${pais.id}`,
      headers: t.staff("admin"),
      payload: { nombre: "Chile continental", prefijo: 56, destacado: "0" },
    });
    expect(res.statusCode).toBe(200);
    expect(PaisAnswer.parse(res.json()).succes).toMatchObject({ nombre: "Chile continental", destacado: 0, freetour_id: "abc" });

    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/pais/update/${pais.id}`,
      headers: t.staff("admin"),
      payload: { nombre: "Chile", prefijo: 56, destacado: "1", freetour_id: "" },
    });
    expect(PaisAnswer.parse(cleared.json()).succes.freetour_id).toBeNull();

    const bad = await t.app.inject({ method: "PUT", url: `/api/pais/update/${pais.id}`, headers: t.staff("admin"), payload: { prefijo: 56 } });
    expect(bad.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(bad.json()).errors.map((e) => e.path)).toContain("nombre");

    const missing = await t.app.inject({ method: "PUT", url: "/api/pais/update/99999", headers: t.staff("admin"), payload: { nombre: "X", prefijo: 1, destacado: "0" } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ msg: "El país no existe" }] });
  });

  it("replaces the image and removes the old file", async () => {
    const pais = PaisAnswer.parse((await createPais()).json()).succes;
    const form = multipart({}, [{ field: "foto", filename: "nueva.png", data: await makeImage(50, 50, { r: 200, g: 10, b: 10 }) }]);
    const res = await t.app.inject({ method: "PUT", url: `/api/pais/updateImage/${pais.id}`, headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const updated = PaisAnswer.parse(res.json()).succes;
    expect(updated.imagen).not.toBe(pais.imagen);
    expect((await t.app.inject({ method: "GET", url: `/${pais.imagen}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/${updated.imagen}` })).statusCode).toBe(200);
  });

  it("deletes a country and its image; unknown and malformed ids give 404 and 400", async () => {
    const pais = PaisAnswer.parse((await createPais()).json()).succes;
    const before = await listFiles(t.uploadsDir);
    const res = await t.app.inject({ method: "DELETE", url: `/api/pais/delete/${pais.id}`, headers: t.staff("admin") });
    expect(res.statusCode).toBe(200);
    SuccesAnyAnswer.parse(res.json());
    expect((await listFiles(t.uploadsDir)).length).toBe(before.length - 4); // original, web WebP, 480w, 960w
    expect((await t.app.inject({ method: "GET", url: `/api/pais/find/${pais.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: `/api/pais/delete/${pais.id}`, headers: t.staff("admin") })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: "GET", url: "/api/pais/find/abc" });
    expect(bad.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(bad.json()).errors[0]).toMatchObject({ location: "params", path: "id" });
  });

  it("refuses to delete a country that still has cities (409)", async () => {
    const pais = PaisAnswer.parse((await createPais()).json()).succes;
    const form = multipart({ nombre: "Santiago", pais: String(pais.id), destacado: "1" }, [
      { field: "foto", filename: "s.png", data: await makeImage() },
    ]);
    const city = await t.app.inject({ method: "POST", url: "/api/ciudades/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(city.statusCode).toBe(200);
    const res = await t.app.inject({ method: "DELETE", url: `/api/pais/delete/${pais.id}`, headers: t.staff("admin") });
    expect(res.statusCode).toBe(409);
    expect((await t.app.inject({ method: "GET", url: `/api/pais/find/${pais.id}` })).statusCode).toBe(200);
  });
});
