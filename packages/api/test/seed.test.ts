import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BannerGetAnswer, ComentarioListAnswer, FotoListAnswer, HorarioListAnswer, PaisListAnswer, TourListAnswer } from "@tours/contract";
import { BUNDLED_PLACES } from "../src/adapters/freetours/bundled-places.ts";
import { seedDemo } from "../src/seed/index.ts";
import { fotosTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { listFiles } from "./helpers.ts";
import { useTestApp } from "./test-app.ts";

// small images keep this fast; the real start renders 1280×800
const t = useTestApp({ seed: { images: { width: 160, height: 100 } } });

describe("demo seed", () => {
  it("creates the 6 countries and 18 cities of the bundled places with their free-tour ids", async () => {
    const paises = PaisListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/pais/index" })).json()).succes;
    expect(paises.map((p) => p.nombre)).toEqual(BUNDLED_PLACES.map((p) => p.country));
    expect(paises.map((p) => p.freetour_id)).toEqual(BUNDLED_PLACES.map((p) => p.countryId));
    expect(paises.every((p) => p.imagen && p.prefijo > 0)).toBe(true);
  });

  it("creates at least 40 tours, each with 2 to 6 served photos, schedules and rated comments", async () => {
    const tours = TourListAnswer.parse((await t.app.inject({ method: "GET", url: "/api/tour/index" })).json()).succes;
    expect(tours.length).toBeGreaterThanOrEqual(40);
    expect(new Set(tours.map((x) => x.ciudad)).size).toBe(18);
    for (const tour of tours) {
      expect(tour.precio).toBeGreaterThanOrEqual(25);
      expect(tour.precio).toBeLessThanOrEqual(180);
      expect(tour.descripcion).toMatch(/^<p>/);
    }
    const sample = tours.slice(0, 5);
    for (const tour of sample) {
      const fotos = FotoListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/index/fotos/${tour.id}` })).json()).succes;
      expect(fotos.length).toBeGreaterThanOrEqual(2);
      expect(fotos.length).toBeLessThanOrEqual(6);
      const img = await t.app.inject({ method: "GET", url: `/api/${fotos[0]!.url}` });
      expect(img.statusCode).toBe(200);
      expect(img.headers["content-type"]).toBe("image/webp");
      const schedules = HorarioListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/horario/find/${tour.id}` })).json()).succes;
      expect(schedules.length).toBeGreaterThan(0);
      const comments = ComentarioListAnswer.parse((await t.app.inject({ method: "GET", url: `/api/tour/comentario/index/${tour.id}` })).json()).succes;
      expect(comments.length).toBeGreaterThanOrEqual(2);
    }
    const banner = BannerGetAnswer.parse((await t.app.inject({ method: "GET", url: "/api/banner" })).json());
    expect(banner).toHaveLength(1);
  });

  it("is idempotent: a second run adds nothing", async () => {
    const [before] = await t.db.select({ n: count() }).from(tourTable);
    const [fotosBefore] = await t.db.select({ n: count() }).from(fotosTable);
    const files = await listFiles(t.uploadsDir);
    const again = await seedDemo({ db: t.db, storage: t.storage }, { images: { width: 160, height: 100 } });
    expect(again.seeded).toBe(false);
    const [after] = await t.db.select({ n: count() }).from(tourTable);
    const [fotosAfter] = await t.db.select({ n: count() }).from(fotosTable);
    expect(after!.n).toBe(before!.n);
    expect(fotosAfter!.n).toBe(fotosBefore!.n);
    expect(await listFiles(t.uploadsDir)).toEqual(files);
  });
});
