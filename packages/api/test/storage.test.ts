import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FotoListAnswer, TourAnswer } from "@tours/contract";
import { createTestApp, makeImage, multipart, listCities } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

/*
 * The same behaviour on both image stores: the local disk (the default) and an S3-compatible bucket, here a local
 * S3 server (s3rver, in this process, on a free port) that the adapter reaches through @aws-sdk/client-s3.
 */

const BUCKET = "tours-test";
const KEYS = { S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" };

let s3: S3rver | undefined;
let s3Dir = "";
let s3Endpoint = "";

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), "tours-s3rver-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const backends: Array<{ name: string; env: () => Record<string, string> }> = [
  { name: "local disk", env: () => ({}) },
  {
    name: "S3-compatible server",
    env: () => ({ STORAGE: "s3", S3_ENDPOINT: s3Endpoint, S3_BUCKET: BUCKET, S3_REGION: "us-east-1", ...KEYS }),
  },
];

describe.each(backends)("images on the $name", ({ name, env }) => {
  const t = useTestApp(() => ({ env: env(), seed: true, staff: ["admin"] }));

  async function createTour(files: Array<{ filename: string; data: Buffer }>) {
    const city = (await listCities(t.app))[0]!;
    const form = multipart(
      { nombre: `Fotos en ${name}`, precio: "10", pais: String(city.pais), ciudad: String(city.id) },
      files.map((f) => ({ field: "fotos", ...f })),
    );
    const res = await t.app.inject({ method: "POST", url: "/api/tour/create", headers: { ...t.staff("admin"), ...form.headers }, payload: form.payload });
    return res;
  }

  async function fotosOf(tourId: number) {
    return FotoListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/fotos/${tourId}` })).json()).succes;
  }

  it("stores an upload with its WebP variants and original, and serves them at both image bases", async () => {
    const big = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#336699" } }).jpeg().toBuffer();
    const res = await createTour([{ filename: "grande.jpg", data: big }]);
    expect(res.statusCode).toBe(200);
    const tour = TourAnswer.parse(res.json()).succes;
    const [foto] = await fotosOf(tour.id);
    expect(foto!.url).toMatch(/^uploads\/tours\/[0-9a-f-]+\.webp$/);
    const key = foto!.url.slice("uploads/".length);
    const stem = key.slice(0, -".webp".length);
    expect(t.storage.objects.kind).toBe(name === "local disk" ? "disk" : "s3");
    expect(await t.storage.objects.exists(`${stem}.original.jpg`)).toBe(true);

    for (const [file, width] of [[key, 1600], [`${stem}-480w.webp`, 480], [`${stem}-960w.webp`, 960]] as const) {
      for (const prefix of ["/uploads/", "/api/uploads/"]) {
        const served = await t.app.inject({ method: "GET", url: prefix + file });
        expect(served.statusCode, prefix + file).toBe(200);
        expect(served.headers["content-type"]).toBe("image/webp");
        expect(String(served.headers["cache-control"])).toMatch(/immutable/);
        // the storefront's origin shows them
        expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");
        expect((await sharp(served.rawPayload).metadata()).width).toBe(width);
      }
    }
  });

  it("deleting a photo removes the WebP, its variants and the original; its URLs answer 404", async () => {
    const res = await createTour([{ filename: "foto.png", data: await makeImage(800, 600) }]);
    const tour = TourAnswer.parse(res.json()).succes;
    const [foto] = await fotosOf(tour.id);
    const key = foto!.url.slice("uploads/".length);
    const stem = key.slice(0, -".webp".length);
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/tour/deleteimagen/${foto!.id}`, headers: t.staff("admin") });
    expect(deleted.statusCode).toBeLessThan(300);
    for (const file of [key, `${stem}-480w.webp`, `${stem}-960w.webp`, `${stem}.original.png`]) {
      expect(await t.storage.objects.exists(file), file).toBe(false);
    }
    expect((await t.app.inject({ method: "GET", url: `/uploads/${key}` })).statusCode).toBe(404);
  });

  it("a rejected upload is refused naming the file, and paths outside the store are never served", async () => {
    const res = await createTour([
      { filename: "bien.png", data: await makeImage() },
      { filename: "mal.png", data: Buffer.from("no es una imagen") },
    ]);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain("mal.png");
    for (const url of ["/uploads/../package.json", "/uploads/tours/..%2F..%2Fpackage.json", "/api/uploads/%2e%2e/x.webp"]) {
      // the disk answers 403 (@fastify/static), the bucket 404: neither serves the file
      expect([403, 404], url).toContain((await t.app.inject({ method: "GET", url })).statusCode);
    }
  });
});

describe("several API processes on one bucket", () => {
  it("an image uploaded through one is served by another", async () => {
    const settings = { STORAGE: "s3", S3_ENDPOINT: s3Endpoint, S3_BUCKET: BUCKET, ...KEYS };
    const first = await createTestApp({ env: settings });
    const second = await createTestApp({ env: settings });
    try {
      const stored = await first.storage.saveImage(await makeImage(300, 200), "banner", "banner.png");
      const served = await second.app.inject({ method: "GET", url: `/${stored}` });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(300);
      await second.storage.remove([stored]);
      expect((await first.app.inject({ method: "GET", url: `/${stored}` })).statusCode).toBe(404);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
