import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { FotoListAnswer, TourAnswer } from "@tours/contract";
import { listFiles, makeImage, multipart, listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });

const variantsOf = (stored: string) => {
  const stem = stored.slice(0, -".webp".length);
  return { w480: `${stem}-480w.webp`, w960: `${stem}-960w.webp` };
};

async function served(url: string) {
  const res = await t.app.inject({ method: "GET", url });
  return res;
}

async function widthOf(data: Buffer): Promise<number> {
  return (await sharp(data).metadata()).width!;
}

async function createTour(files: Array<{ filename: string; data: Buffer }>) {
  const city = (await listCities(t.app))[0]!;
  const form = multipart(
    { nombre: "Variantes", precio: "10", pais: String(city.pais), ciudad: String(city.id) },
    files.map((f) => ({ field: "fotos", ...f })),
  );
  const res = await t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
  expect(res.statusCode).toBe(200);
  const tour = TourAnswer.parse(res.json()).succes;
  const fotos = FotoListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/fotos/${tour.id}` })).json()).succes;
  return { tour, fotos };
}

describe("width variants of stored images", () => {
  it("an upload writes 480 and 960 px WebPs next to the web WebP, served with the immutable cache header", async () => {
    const big = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    const { fotos } = await createTour([{ filename: "grande.jpg", data: big }]);
    const stored = fotos[0]!.url;
    expect(stored).toMatch(/^uploads\/tours\/[0-9a-f-]+\.webp$/);
    const { w480, w960 } = variantsOf(stored);

    const expected: Array<[string, number, number]> = [
      [stored, 1600, 1200],
      [w480, 480, 360],
      [w960, 960, 720],
    ];
    for (const prefix of ["/uploads/", "/api/uploads/"]) {
      for (const [file, width, height] of expected) {
        const res = await served(prefix + file.slice("uploads/".length));
        expect(res.statusCode, file).toBe(200);
        expect(res.headers["content-type"]).toBe("image/webp");
        expect(String(res.headers["cache-control"])).toMatch(/immutable/);
        expect(String(res.headers["cache-control"])).toMatch(/max-age=31536000/);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe("webp");
        expect([meta.width, meta.height]).toEqual([width, height]);
      }
    }
  });

  it("never upscales: a narrow image still gets every variant name, each a copy of the largest available", async () => {
    const small = await makeImage(300, 200);
    const mid = await makeImage(700, 500);
    const { fotos } = await createTour([
      { filename: "pequena.png", data: small },
      { filename: "mediana.png", data: mid },
    ]);
    const [a, b] = fotos.map((f) => f.url);
    const smallRes = await Promise.all([a!, variantsOf(a!).w480, variantsOf(a!).w960].map((f) => served(`/${f}`)));
    expect(smallRes.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await Promise.all(smallRes.map((r) => widthOf(r.rawPayload)))).toEqual([300, 300, 300]);
    expect(smallRes[1]!.rawPayload.equals(smallRes[0]!.rawPayload)).toBe(true);

    const midRes = await Promise.all([b!, variantsOf(b!).w480, variantsOf(b!).w960].map((f) => served(`/${f}`)));
    expect(midRes.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await Promise.all(midRes.map((r) => widthOf(r.rawPayload)))).toEqual([700, 480, 700]);
    expect(midRes[2]!.rawPayload.equals(midRes[0]!.rawPayload)).toBe(true);
  });

  it("deleting a tour photo removes its variants (and only its files)", async () => {
    const { fotos } = await createTour([
      { filename: "uno.png", data: await makeImage(1000, 750) },
      { filename: "dos.png", data: await makeImage(1000, 750, { r: 200, g: 40, b: 40 }) },
    ]);
    const [gone, kept] = fotos;
    const filesFor = (stored: string) => {
      const v = variantsOf(stored);
      return [stored, v.w480, v.w960].map((f) => f.slice("uploads/".length));
    };
    const before = await listFiles(t.uploadsDir);
    for (const f of [...filesFor(gone!.url), ...filesFor(kept!.url)]) expect(before).toContain(f);
    expect(before.filter((f) => f.startsWith(gone!.url.slice("uploads/".length, -".webp".length)))).toHaveLength(4); // + original

    const res = await t.app.inject({ method: "DELETE", url: `/api/tour/deleteimagen/${gone!.id}`, headers: t.staff("admin") });
    expect(res.statusCode).toBe(200);

    const after = await listFiles(t.uploadsDir);
    const stem = gone!.url.slice("uploads/".length, -".webp".length);
    expect(after.filter((f) => f.startsWith(stem))).toEqual([]);
    for (const f of filesFor(kept!.url)) expect(after).toContain(f);
    expect(after).toHaveLength(before.length - 4);
    for (const f of filesFor(gone!.url)) expect((await served(`/uploads/${f}`)).statusCode).toBe(404);
  });

  it("a rejected upload writes no variant either", async () => {
    const before = await listFiles(t.uploadsDir);
    const city = (await listCities(t.app))[0]!;
    const form = multipart({ nombre: "Mala", precio: "10", pais: String(city.pais), ciudad: String(city.id) }, [
      { field: "fotos", filename: "ok.png", data: await makeImage(1200, 900) },
      { field: "fotos", filename: "texto.jpg", data: Buffer.from("esto no es una imagen\n".repeat(40)) },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toBe("El archivo texto.jpg no es una imagen válida");
    expect(await listFiles(t.uploadsDir)).toEqual(before);
  });
});
