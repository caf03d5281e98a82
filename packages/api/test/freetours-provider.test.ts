import { createDiskObjectStore } from "../src/adapters/storage/object-store.ts";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { FreeTourAvailabilitySchema, FreeTourReviewSchema, FreeTourSchema } from "@tours/contract";
import {
  BUNDLED_PLACES,
  createBundledFreeTourProvider,
  createHttpFreeTourProvider,
  ensureBundledImages,
  withCache,
  type FreeTourProvider,
} from "../src/adapters/freetours/index.ts";
import { freeTourBlockForCity } from "../src/modules/freetours/city-block.ts";

const log = pino({ level: "silent" });
const NOW = new Date("2026-11-21T15:00:00Z"); // 10:00 in Bogotá
const bundled = createBundledFreeTourProvider({ publicApiUrl: "http://api.test", now: () => NOW });

describe("bundled catalogue", () => {
  it("has at least 30 tours over every demo city, in Spanish, free or tips-based, in the contract's shape", async () => {
    let total = 0;
    const ids = new Set<string>();
    for (const place of BUNDLED_PLACES) {
      const page = await bundled.toursByCountry(place.countryId);
      expect(page.totalObjects).toBeGreaterThanOrEqual(3);
      total += page.totalObjects;
      for (const city of place.cities) {
        const cityPage = await bundled.toursByCity(city.cityId);
        expect(cityPage.tours.length, city.name).toBeGreaterThan(0);
      }
      for (const tour of page.tours) {
        FreeTourSchema.parse(tour);
        ids.add(tour.id);
        expect(tour.countryId).toBe(place.countryId);
        expect(tour.title.es).toMatch(/\S/);
        expect(tour.description?.es).toContain("<p>");
        expect(tour.price.currency).toBe("USD");
        expect(tour.titleImageURL).toBe(`http://api.test/uploads/freetours/${tour.id}.webp`);
        expect(tour.images.length).toBeGreaterThan(0);
      }
    }
    expect(total).toBeGreaterThanOrEqual(30);
    expect(ids.size).toBe(total);
    expect(bundled.size).toBe(total);
  });

  it("keeps the same ids from one start to the next", async () => {
    const again = createBundledFreeTourProvider({ publicApiUrl: "http://otro.test" });
    const a = await bundled.toursByCountry(BUNDLED_PLACES[0]!.countryId);
    const b = await again.toursByCountry(BUNDLED_PLACES[0]!.countryId);
    expect(b.tours.map((t) => t.id)).toEqual(a.tours.map((t) => t.id));
  });

  it("answers one tour, its availability from today on and its rated reviews", async () => {
    const [first] = (await bundled.toursByCity(BUNDLED_PLACES[0]!.cities[0]!.cityId)).tours;
    const tour = await bundled.tour(first!.id);
    expect(tour?.id).toBe(first!.id);
    expect(await bundled.tour("no-existe")).toBeNull();

    const availability = await bundled.availability(first!.id);
    expect(availability.status).toBe("success");
    expect(availability.data.length).toBeGreaterThan(0);
    for (const departure of availability.data) {
      FreeTourAvailabilitySchema.parse(departure);
      expect(new Date(departure.date).getTime()).toBeGreaterThan(NOW.getTime());
      expect(departure.date.slice(0, 10) >= "2026-11-21").toBe(true);
      expect(departure.date.slice(0, 10) <= "2026-12-21").toBe(true);
    }

    const reviews = await bundled.reviews(first!.id);
    expect(reviews.data.length).toBe(tour!.reviewsNumber);
    for (const review of reviews.data) {
      FreeTourReviewSchema.parse(review);
      expect(Number(review.rate)).toBeGreaterThanOrEqual(1);
      expect(Number(review.rate)).toBeLessThanOrEqual(5);
    }
  });

  it("writes WebP pictures for every tour once", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "freetours-img-"));
    try {
      const written = await ensureBundledImages(createDiskObjectStore(dir));
      expect(written).toBeGreaterThanOrEqual(30);
      const files = await readdir(path.join(dir, "freetours"));
      expect(files.filter((f) => f.endsWith(".webp"))).toHaveLength(written);
      const [first] = (await bundled.toursByCountry(BUNDLED_PLACES[0]!.countryId)).tours;
      const meta = await sharp(path.join(dir, "freetours", `${first!.id}.webp`)).metadata();
      expect(meta.format).toBe("webp");
      // with the width variants the storefront's srcset asks for (a missing one left free-tour cards blank)
      for (const width of [480, 960]) {
        const variant = await sharp(path.join(dir, "freetours", `${first!.id}-${width}w.webp`)).metadata();
        expect(variant.format).toBe("webp");
        expect(variant.width).toBeLessThanOrEqual(width);
      }
      expect(files).toContain(`${first!.id}-480w.webp`);
      expect(await ensureBundledImages(createDiskObjectStore(dir))).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("HTTP provider", () => {
  let server: Server;
  let base: string;
  let mode: "ok" | "fail" | "hang" = "ok";
  const seen: Array<{ url: string; key: string | undefined }> = [];
  const tour = {
    id: "ext-1",
    title: { es: "Tour externo", en: "External tour" },
    includes: ["Guía"],
    price: { value: 0, currency: "EUR" },
    titleImageURL: "https://img.test/1.jpg",
    images: [{ id: 1, URL: "https://img.test/1.jpg" }],
    countryId: "pais-1",
    cityId: "ciudad-1",
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? "", key: req.headers["x-api-key"] as string | undefined });
      if (mode === "hang") return;
      if (mode === "fail") {
        res.writeHead(503).end();
        return;
      }
      const url = new URL(req.url ?? "/", "http://x");
      const json = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      if (url.pathname === "/tours") {
        return json(200, { data: { tours: [tour, { id: "roto" }], currentPage: 1, totalPages: 1, totalObjects: 1 }, status: "success" });
      }
      if (url.pathname === "/tours/ext-1") return json(200, { data: tour, status: "success" });
      if (url.pathname === "/tours/ext-1/availability") return json(200, { data: [{ id: 1, tourId: "ext-1", date: "2026-12-01T10:00:00Z" }], status: "success" });
      if (url.pathname === "/tours/ext-1/reviews") return json(200, { data: [{ id: 1, reviewerName: "Ana", content: "Bien", rate: 5 }], status: "success" });
      return json(404, { status: "not_found" });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = (timeoutMs = 5_000) => createHttpFreeTourProvider({ baseUrl: base, apiKey: "clave", timeoutMs, log });

  it("speaks the partner paths with the API key, dropping records that do not parse", async () => {
    mode = "ok";
    const page = await provider().toursByCountry("pais-1");
    expect(page.tours.map((t) => t.id)).toEqual(["ext-1"]);
    expect(seen.at(-1)).toEqual({ url: "/tours?countryId=pais-1&page=1&lang=es", key: "clave" });
    expect((await provider().tour("ext-1"))?.title.es).toBe("Tour externo");
    expect(await provider().tour("otro")).toBeNull();
    expect((await provider().availability("ext-1")).data).toHaveLength(1);
    expect((await provider().reviews("ext-1")).data[0]?.rate).toBe(5);
  });

  it("fails with a clear error when the provider is down or slow", async () => {
    mode = "fail";
    await expect(provider().toursByCity("ciudad-1")).rejects.toThrow(/HTTP 503/);
    mode = "hang";
    await expect(provider(300).toursByCity("ciudad-1")).rejects.toThrow(/no answer within 300 ms/);
    mode = "ok";
  });

  it("serves from the cache while fresh, then the last answer at once while it refreshes, even when that fails", async () => {
    let clock = 0;
    const cached = withCache(provider(1_000), { ttlMs: 1_000, maxStaleMs: 10_000, log, now: () => clock });
    mode = "ok";
    const before = seen.length;
    await cached.toursByCity("ciudad-1");
    await cached.toursByCity("ciudad-1");
    expect(seen.length).toBe(before + 1);

    clock = 5_000; // no longer fresh
    mode = "fail";
    const stale = await cached.toursByCity("ciudad-1");
    expect(stale.tours.map((t) => t.id)).toEqual(["ext-1"]);
    await vi.waitFor(() => expect(seen.length).toBe(before + 2));

    mode = "hang"; // a provider that stopped answering does not hold the answer back either
    const quick = await cached.toursByCity("ciudad-1");
    expect(quick.tours.map((t) => t.id)).toEqual(["ext-1"]);

    clock = 60_000; // too old to serve first: the provider is asked, and its failure falls back to the old answer
    mode = "fail";
    expect((await cached.toursByCity("ciudad-1")).tours.map((t) => t.id)).toEqual(["ext-1"]);
    await expect(cached.toursByCountry("sin-cache")).rejects.toThrow();
    mode = "ok";
  });
});

describe("free-tour block of a city", () => {
  const cityId = BUNDLED_PLACES[0]!.cities[0]!.cityId;
  const never: FreeTourProvider = {
    ...bundled,
    toursByCity: () => new Promise(() => {}),
  };
  const broken: FreeTourProvider = {
    ...bundled,
    toursByCity: () => Promise.reject(new Error("caído")),
  };

  it("is the provider's page for a mapped city and empty for an unmapped one", async () => {
    const block = await freeTourBlockForCity(bundled, { freetour_id: cityId }, log);
    expect(block.tours.length).toBeGreaterThan(0);
    expect(await freeTourBlockForCity(bundled, { freetour_id: null }, log)).toEqual({
      tours: [],
      currentPage: 1,
      totalPages: 0,
      totalObjects: 0,
    });
  });

  it("is empty, never an error, when the provider fails or never answers", async () => {
    expect((await freeTourBlockForCity(broken, { freetour_id: cityId }, log)).tours).toEqual([]);
    expect((await freeTourBlockForCity(never, { freetour_id: cityId }, log)).tours).toEqual([]);
  });
});
