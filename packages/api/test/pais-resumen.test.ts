import { describe, expect, it } from "vitest";
import { ComentarioListAnswer, FreeToursToursAnswer, PaisListAnswer, PaisResumenAnswer, TourListAnswer } from "@tours/contract";
import { comentariosTable } from "../src/modules/tour/tour.table.ts";
import type { FreeTourProvider } from "../src/adapters/freetours/types.ts";
import { createBundledFreeTourProvider } from "../src/adapters/freetours/index.ts";
import { RESUMEN_TTL_MS } from "../src/modules/pais/resumen.ts";
import { createTestApp } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

const t = useTestApp({ seed: true, clock: new Date("2026-11-23T12:00:00Z") });

const get = async (url: string) => (await t.app.inject({ method: "GET", url })).json();

describe("GET /api/pais/resumen", () => {
  it("gives every country the counters the per-tour calls add up to", async () => {
    const paises = PaisListAnswer.parse(await get("/api/pais/index")).succes;
    const tours = TourListAnswer.parse(await get("/api/tour/index")).succes;
    const resumen = PaisResumenAnswer.parse(await get("/api/pais/resumen")).succes;
    expect(resumen.map((r) => r.pais)).toEqual(paises.map((p) => p.id));

    for (const pais of paises) {
      const local = tours.filter((tour) => tour.pais === pais.id);
      const comments = (await Promise.all(local.map(async (tour) => ComentarioListAnswer.parse(await get(`/api/tour/comentario/index/${tour.id}`)).succes))).flat();
      const free = pais.freetour_id ? FreeToursToursAnswer.parse(await get(`/api/freetours/tours/${pais.freetour_id}`)).data.tours : [];
      const freeReviews = free.reduce((sum, f) => sum + (Number(f.reviewsNumber) || 0), 0);
      const entry = resumen.find((r) => r.pais === pais.id)!;
      expect(entry.actividades, pais.nombre).toBe(local.length + free.length);
      expect(entry.opiniones, pais.nombre).toBe(comments.length + freeReviews);
    }
    expect(resumen.some((r) => r.actividades > 0 && r.viajeros > 0)).toBe(true);
  });

  it("counts a traveller once per country, whatever the case of the e-mail or the number of comments", async () => {
    const tours = TourListAnswer.parse(await get("/api/tour/index")).succes;
    const [first, second] = tours;
    const other = tours.find((tour) => tour.pais !== first!.pais)!;
    const before = PaisResumenAnswer.parse(await get("/api/pais/resumen")).succes;
    await t.db.insert(comentariosTable).values([
      { idTour: first!.id, email: "viajera.nueva@example.com", comentario: "Muy bien", start: 5 },
      { idTour: first!.id, email: "Viajera.Nueva@Example.com", comentario: "Repetiría", start: 4 },
      ...(second!.pais === first!.pais ? [{ idTour: second!.id, email: "viajera.nueva@example.com", comentario: "Otra vez", start: 5 }] : []),
      { idTour: other.id, email: "viajera.nueva@example.com", comentario: "También aquí", start: 3 },
    ]);
    // one answer is reused for RESUMEN_TTL_MS: the new comments show once it has passed
    const cached = PaisResumenAnswer.parse(await get("/api/pais/resumen")).succes;
    expect(cached).toEqual(before);
    t.clock.advance(RESUMEN_TTL_MS);
    const after = PaisResumenAnswer.parse(await get("/api/pais/resumen")).succes;
    const delta = (pais: number, key: "viajeros" | "opiniones") =>
      after.find((r) => r.pais === pais)![key] - before.find((r) => r.pais === pais)![key];
    expect(delta(first!.pais, "viajeros")).toBe(1);
    expect(delta(first!.pais, "opiniones")).toBe(second!.pais === first!.pais ? 3 : 2);
    expect(delta(other.pais, "viajeros")).toBe(1);
    expect(delta(other.pais, "opiniones")).toBe(1);
  });

  it("keeps the local counters when the free-tour provider fails", async () => {
    const bundled = createBundledFreeTourProvider({ publicApiUrl: "http://localhost" });
    const failing: FreeTourProvider = { ...bundled, toursByCountry: () => Promise.reject(new Error("caído")) };
    const broken = await createTestApp({ seed: true, freeTours: failing });
    try {
      const res = await broken.app.inject({ method: "GET", url: "/api/pais/resumen" });
      expect(res.statusCode).toBe(200);
      const resumen = PaisResumenAnswer.parse(res.json()).succes;
      const tours = TourListAnswer.parse((await broken.app.inject({ method: "GET", url: "/api/tour/index" })).json()).succes;
      for (const entry of resumen) expect(entry.actividades).toBe(tours.filter((tour) => tour.pais === entry.pais).length);
    } finally {
      await broken.close();
    }
  });
});
