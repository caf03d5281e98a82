import { describe, expect, it } from "vitest";
import { BannerAnswer, BannerGetAnswer, SuccesAnyAnswer, ValidationErrorBody } from "@tours/contract";
import { listFiles, makeImage, multipart } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ staff: ["admin"] });

async function save() {
  const form = multipart({ descripcion: "Promo" }, [{ field: "fotos", filename: "b.png", data: await makeImage(120, 40) }]);
  return t.app.inject({ method: "POST", url: "/api/savebanner", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
}

describe("banner", () => {
  it("is an empty bare array when there is none", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/banner" });
    expect(BannerGetAnswer.parse(res.json())).toEqual([]);
  });

  it("saves one banner, replacing the previous one and its file", async () => {
    const first = BannerAnswer.parse((await save()).json()).succes;
    const second = BannerAnswer.parse((await save()).json()).succes;
    const list = BannerGetAnswer.parse((await t.app.inject({ method: "GET", url: "/api/banner" })).json());
    expect(list.map((b) => b.id)).toEqual([second.id]);
    expect((await t.app.inject({ method: "GET", url: `/api/${first.url}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/${second.url}` })).statusCode).toBe(200);
  });

  it("requires an image", async () => {
    const form = multipart({ descripcion: "x" });
    const res = await t.app.inject({ method: "POST", url: "/api/savebanner", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(ValidationErrorBody.parse(res.json()).errors[0]!.msg).toBe("Se requiere una imagen");
  });

  it("deletes it with a GET (bearer required)", async () => {
    await save();
    expect((await t.app.inject({ method: "GET", url: "/api/deletebanner" })).statusCode).toBe(401);
    const res = await t.app.inject({ method: "GET", url: "/api/deletebanner", headers: t.staff("admin") });
    expect(res.statusCode).toBe(200);
    SuccesAnyAnswer.parse(res.json());
    expect(BannerGetAnswer.parse((await t.app.inject({ method: "GET", url: "/api/banner" })).json())).toEqual([]);
    expect(await listFiles(t.uploadsDir)).toEqual([]);
  });
});
