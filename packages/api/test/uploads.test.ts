import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { paisTable } from "../src/modules/pais/pais.table.ts";
import { fotosTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { listFiles, makeImage, multipart, type UploadFile, listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, staff: ["admin"] });

async function snapshot() {
  const [paises] = await t.db.select({ n: count() }).from(paisTable);
  const [tours] = await t.db.select({ n: count() }).from(tourTable);
  const [fotos] = await t.db.select({ n: count() }).from(fotosTable);
  return { paises: paises!.n, tours: tours!.n, fotos: fotos!.n, files: await listFiles(t.uploadsDir) };
}

/** A real JPEG bigger than 30 MB (random pixels do not compress). */
async function hugeJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 4) pixels.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
  // pad to 30 MB with a trailing comment-like tail that decoders ignore
  return jpeg.length >= 30 * 1024 * 1024 ? jpeg : Buffer.concat([jpeg, Buffer.alloc(30 * 1024 * 1024 - jpeg.length)]);
}

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
);

async function tourForm(files: UploadFile[]) {
  const city = (await listCities(t.app))[0]!;
  return multipart({ nombre: "Prueba", precio: "10", pais: String(city.pais), ciudad: String(city.id) }, files);
}

describe("uploads refused by content, leaving nothing behind", () => {
  const cases: Array<[string, () => Promise<UploadFile>, number, RegExp]> = [
    ["a 30 MB image", async () => ({ field: "fotos", filename: "grande.jpg", data: await hugeJpeg(), contentType: "image/jpeg" }), 413, /^La imagen supera el tamaño máximo de 10 MB$/],
    ["a text file renamed .jpg", async () => ({ field: "fotos", filename: "foto.jpg", data: Buffer.from("esto no es una imagen\n".repeat(50)), contentType: "image/jpeg" }), 400, /^El archivo foto\.jpg no es una imagen válida$/],
    ["an SVG with a script", async () => ({ field: "fotos", filename: "logo.svg", data: SVG_WITH_SCRIPT, contentType: "image/svg+xml" }), 400, /^El archivo logo\.svg no es una imagen válida$/],
    ["an SVG renamed .png", async () => ({ field: "fotos", filename: "logo.png", data: SVG_WITH_SCRIPT, contentType: "image/png" }), 400, /no es una imagen válida$/],
  ];

  it.each(cases)("tour create refuses %s", async (_label, file, status, message) => {
    const before = await snapshot();
    const bad = await file();
    // a good image goes first: it must not be written either
    const form = await tourForm([{ field: "fotos", filename: "ok.png", data: await makeImage() }, bad]);
    const res = await t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().errors[0].msg).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each(cases)("pais create refuses %s", async (_label, file, status, message) => {
    const before = await snapshot();
    const bad = await file();
    const form = multipart({ nombre: "Bolivia", prefijo: "591", destacado: "1" }, [{ ...bad, field: "foto" }]);
    const res = await t.app.inject({ method: "POST", url: "/api/pais/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().errors[0].msg).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it("accepts JPEG, WebP and GIF by content whatever the name, storing a web-sized WebP", async () => {
    const big = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    const webp = await sharp({ create: { width: 30, height: 30, channels: 4, background: "#00000080" } }).webp().toBuffer();
    const gif = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#ff0000" } }).gif().toBuffer();
    const form = await tourForm([
      { field: "fotos", filename: "sin-extension", data: big },
      { field: "fotos[]", filename: "x.txt", data: webp },
      { field: "fotos", filename: "anim.gif", data: gif },
    ]);
    const res = await t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const tour = res.json().succes as { id: number; imagen: string };
    const img = await t.app.inject({ method: "GET", url: `/${tour.imagen}` });
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(1600);
  });

  it("does not serve files outside UPLOADS_DIR", async () => {
    const res = await t.app.inject({ method: "GET", url: "/uploads/../../etc/passwd" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("root:");
  });
});
