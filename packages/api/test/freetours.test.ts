import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { FreeToursTourAnswer, FreeToursToursAnswer, TourByCiudadAnswer } from "@tours/contract";
import {
  BUNDLED_PLACES,
  createBundledFreeTourProvider,
  createFreeTourProvider,
} from "../src/adapters/freetours/index.ts";
import { FREETOURS_MSG } from "../src/modules/freetours/freetours.messages.ts";
import { unavailableFreeTours } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const colombia = BUNDLED_PLACES[0]!;
const bogota = colombia.cities[0]!;
const bundled = createBundledFreeTourProvider({ publicApiUrl: "http://localhost:4000" });

describe("free tours from the bundled catalogue", () => {
  const t = useTestApp({ freeTours: bundled, catalogue: { cityFreetourId: bogota.cityId } });

  it("lists a country's free tours in the contract's shape", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/freetours/tours/${colombia.countryId}` });
    expect(res.statusCode).toBe(200);
    const body = FreeToursToursAnswer.parse(res.json());
    expect(body.data.tours.length).toBeGreaterThan(0);
    expect(body.data.totalObjects).toBe(body.data.tours.length);
    expect(body.data.tours.every((tour) => tour.countryId === colombia.countryId)).toBe(true);
    expect(body.data.tours[0]!.title.es).toBeTruthy();
  });

  it("answers an unknown country with an empty list", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/freetours/tours/00000000-0000-0000-0000-000000000000" });
    expect(res.statusCode).toBe(200);
    expect(FreeToursToursAnswer.parse(res.json()).data).toMatchObject({ tours: [], totalObjects: 0 });
  });

  it("answers one free tour with its availability and reviews", async () => {
    const [first] = (await bundled.toursByCountry(colombia.countryId)).tours;
    const res = await t.app.inject({ method: "GET", url: `/api/freetours/tour/${first!.id}` });
    expect(res.statusCode).toBe(200);
    const body = FreeToursTourAnswer.parse(res.json());
    expect(body.data.id).toBe(first!.id);
    expect(body.disponibilidad.data.length).toBeGreaterThan(0);
    expect(body.comentarios.data.length).toBe(Number(body.data.reviewsNumber));
  });

  it("answers 404 for an unknown tour and 400 for an id that cannot be one", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/freetours/tour/00000000-0000-0000-0000-000000000000" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ errors: [{ msg: FREETOURS_MSG.notFound }] });
    const bad = await t.app.inject({ method: "GET", url: "/api/freetours/tour/%3Cscript%3E" });
    expect(bad.statusCode).toBe(400);
  });

  it("fills the freetour block of a mapped city next to its local tours", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${t.cat.cityId}` });
    expect(res.statusCode).toBe(200);
    const body = TourByCiudadAnswer.parse(res.json());
    expect(body.succes.map((tour) => tour.id).sort()).toEqual([t.cat.tourA, t.cat.tourB].sort());
    expect(body.freetour.tours.length).toBeGreaterThan(0);
    expect(body.freetour.tours.every((tour) => tour.cityId === bogota.cityId)).toBe(true);
  });
});

describe("free tours when the provider is down or hangs", () => {
  const hanging = unavailableFreeTours();
  const down = unavailableFreeTours(new Error("ECONNREFUSED"));
  const hangApp = useTestApp({ freeTours: hanging, catalogue: { cityFreetourId: bogota.cityId } });
  const downApp = useTestApp({ freeTours: down });

  it("still answers the city with its local tours and an empty block within the 1.5 s budget", async () => {
    const started = Date.now();
    const res = await hangApp.app.inject({ method: "GET", url: `/api/tour/index/ciudad/${hangApp.cat.cityId}` });
    const elapsed = Date.now() - started;
    expect(res.statusCode).toBe(200);
    const body = TourByCiudadAnswer.parse(res.json());
    expect(body.succes).toHaveLength(2);
    expect(body.freetour).toEqual({ tours: [], currentPage: 1, totalPages: 0, totalObjects: 0 });
    expect(elapsed).toBeLessThan(1_500);
  });

  it("answers the free-tour calls with a clear Spanish error", async () => {
    const list = await downApp.app.inject({ method: "GET", url: `/api/freetours/tours/${colombia.countryId}` });
    expect(list.statusCode).toBe(502);
    expect(list.json()).toMatchObject({ errors: [{ msg: FREETOURS_MSG.unavailable }] });
    const one = await downApp.app.inject({ method: "GET", url: "/api/freetours/tour/abc" });
    expect(one.statusCode).toBe(502);
  });
});

describe("provider selection", () => {
  it("uses the bundled catalogue (pictures generated) without FREETOUR_API_URL and the HTTP provider with it", async () => {
    const log = pino({ level: "silent" });
    const uploadsDir = await mkdtemp(path.join(tmpdir(), "freetours-select-"));
    const base = { publicApiUrl: "http://localhost:4000", uploadsDir };
    const offline = createFreeTourProvider({ ...base, freeTour: { timeoutMs: 200, cacheTtlMs: 0 } }, log);
    expect((await offline.toursByCountry(colombia.countryId)).totalObjects).toBeGreaterThan(0);
    await offline.imagesReady;
    const [first] = (await offline.toursByCountry(colombia.countryId)).tours;
    expect(await readdir(path.join(uploadsDir, "freetours"))).toContain(`${first!.id}.webp`);
    await rm(uploadsDir, { recursive: true, force: true });
    const remote = createFreeTourProvider(
      { ...base, freeTour: { apiUrl: "http://127.0.0.1:9", timeoutMs: 200, cacheTtlMs: 1000 } },
      log,
    );
    await expect(remote.toursByCountry(colombia.countryId)).rejects.toThrow(/free-tour provider/);
  }, 60_000);
});
