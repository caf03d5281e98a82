import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { CompraCreateAnswer, DisponibilidadAnswer } from "@tours/contract";
import { addDays, formatDia, wallClock } from "@tours/domain";
import { COMPRA_MSG } from "../src/modules/compra/compra.messages.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { horarioTable, tourTable } from "../src/modules/tour/tour.table.ts";
import { databaseUrlOf, SELLING_ALONE, startSecondApi, type SecondApi } from "./second-api.ts";
import { ALL_DAYS, NOW, buyer, line, seedCatalogue } from "./compra-fixtures.ts";
import { MIN, MONDAY_10, useCapacityApp } from "./capacity-fixtures.ts";

/** Holds: concurrent checkouts against the capacity, holds that lapse by the clock, and places that survive a restart and a second process. */
const { t, tourWithSchedule, order, orderToken, confirm, departure } = useCapacityApp();

describe("holds: concurrent checkouts never take more than the capacity", () => {
  it("50 concurrent orders for the last place: exactly one holds it, 49 get a Spanish refusal", async () => {
    const { tourId } = await tourWithSchedule(3);
    await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ cupo: 3, quedan: 1, estado: "pocos" });

    const answers = await Promise.all(Array.from({ length: 50 }, () => order(tourId, MONDAY_10)));
    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) {
      const body = r.json() as { errors: Array<{ msg: string; path: string }>; disponibilidad: unknown[] };
      expect(body.errors[0]!.msg).toBe(COMPRA_MSG.soldOut("lunes, 23 de noviembre de 2026 a las 10:00 hora de Bogotá"));
      expect(body.errors[0]!.path).toBe("pedidos[0].dia");
      expect(body.disponibilidad).toEqual([{ index: 0, quedan: 0, estado: "agotada" }]);
    }
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ quedan: 0, estado: "agotada", reservable: false });
    // only the one order was sent to PayPal besides the first
    const [orders] = await t.db.select({ n: count() }).from(pedido);
    expect(orders!.n).toBeGreaterThanOrEqual(2);
  });

  it("asking for more than what is left names the places left; pets take no place, infants do", async () => {
    const { tourId } = await tourWithSchedule(4);
    const res = await order(tourId, MONDAY_10, { mayores_15: 2, de_4_15: 2, menores_3: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].msg).toBe(
      COMPRA_MSG.fewLeft("lunes, 23 de noviembre de 2026 a las 10:00 hora de Bogotá", 4),
    );
    await orderToken(tourId, MONDAY_10, { mayores_15: 2, de_4_15: 1, menores_3: 1, mascotas: 3 });
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ quedan: 0, estado: "agotada" });
  });

  it("a tour without capacity stays unlimited (the upstream's behaviour)", async () => {
    const { tourId } = await tourWithSchedule(null);
    await orderToken(tourId, MONDAY_10, { mayores_15: 50 });
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ cupo: null, quedan: null, estado: "disponible", reservable: true });
  });
});

describe("holds expire by the clock", () => {
  it("an unpaid hold frees its places after 15 minutes without any request from the buyer", async () => {
    const { tourId } = await tourWithSchedule(1);
    const first = await orderToken(tourId, MONDAY_10);
    expect((await order(tourId, MONDAY_10)).statusCode).toBe(409);
    t.clock.set(new Date(NOW.getTime() + 14 * MIN));
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(0);
    t.clock.set(new Date(NOW.getTime() + 15 * MIN + 1));
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(1);

    // someone else takes the place; the first buyer, paying late, is told and not charged
    const second = await orderToken(tourId, MONDAY_10);
    t.sim.control.approve(first);
    const capturesBefore = t.sim.control.captureCount;
    const late = await confirm(first);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].msg).toBe(COMPRA_MSG.holdExpired);
    expect(t.sim.control.captureCount).toBe(capturesBefore);
    expect((await confirm(first)).json().errors[0].msg).toBe(COMPRA_MSG.holdExpired);

    t.sim.control.approve(second);
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await departure(tourId, "2026-11-23")).toMatchObject({ quedan: 0, estado: "agotada" });
  });

  it("a buyer paying after the hold lapsed is paid while places remain", async () => {
    const { tourId } = await tourWithSchedule(5);
    const token = await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    t.clock.set(new Date(NOW.getTime() + 40 * MIN));
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(5);
    t.sim.control.approve(token);
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().succes.status).toBe(true);
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(3);
  });

  it("a cancelled order releases its places at once", async () => {
    const { tourId } = await tourWithSchedule(2);
    const token = await orderToken(tourId, MONDAY_10, { mayores_15: 2 });
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(0);
    const res = await t.app.inject({ method: "POST", url: "/compra/cancel", payload: { token } });
    expect(res.statusCode).toBe(200);
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(2);
  });

  it("a failed PayPal order releases its places", async () => {
    const { tourId } = await tourWithSchedule(1);
    t.sim.control.setMode("fail500");
    expect((await order(tourId, MONDAY_10)).statusCode).toBe(502);
    t.sim.control.reset();
    expect((await departure(tourId, "2026-11-23"))?.quedan).toBe(1);
  });
});

// --- persistence and several processes ----------------------------------------------------------------------


describe("a paid order keeps its places after a restart", () => {
  it("reopens the same database and still counts the sale", async () => {
    const { openDatabase } = await import("../src/db/client.ts");
    const { migrateDatabase } = await import("../src/db/migrate.ts");
    const { buildApp } = await import("../src/app.ts");
    const dir = await mkdtemp(path.join(tmpdir(), "tours-restart-"));
    const pgUrl = process.env.DATABASE_URL;
    let dbName: string | null = null;
    const open = async () => {
      if (pgUrl) {
        const url = new URL(pgUrl);
        url.pathname = `/${dbName}`;
        return openDatabase({ databaseUrl: url.toString() });
      }
      return openDatabase({ dataDir: dir });
    };
    if (pgUrl) {
      const pg = (await import("pg")).default;
      dbName = `restart_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
    }
    const boot = async () => {
      const handle = await open();
      await migrateDatabase(handle);
      const app = await buildApp({ ...t.deps, db: handle.db });
      return { app, handle };
    };
    let run = await boot();
    const fresh = await seedCatalogue(run.handle.db);
    await run.handle.db.update(horarioTable).set({ cupo: 2 }).where(eq(horarioTable.tourId, fresh.tourA));
    const res = await run.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(fresh.tourA, "11/23/2026-09:00", { mayores_15: 2 })] } });
    const token = CompraCreateAnswer.parse(res.json()).succes.id;
    t.sim.control.approve(token);
    expect((await run.app.inject({ method: "POST", url: "/api/compra/confirma", payload: { token } })).statusCode).toBe(200);
    await run.app.close();
    await run.handle.close();

    t.clock.set(new Date(NOW.getTime() + 24 * 60 * MIN)); // a day later: any hold would have lapsed long ago
    run = await boot();
    const again = await run.app.inject({ method: "GET", url: `/api/tour/disponibilidad/${fresh.tourA}?mes=2026-11` });
    const day = DisponibilidadAnswer.parse(again.json()).succes.dias.find((d) => d.fecha === "2026-11-23")!;
    expect(day.salidas.find((s) => s.hora === "09:00")).toMatchObject({ quedan: 0, estado: "agotada" });
    const refused = await run.app.inject({ method: "POST", url: "/api/compra/create", payload: { ...buyer(), pedidos: [line(fresh.tourA, "11/23/2026-09:00")] } });
    expect(refused.statusCode).toBe(409);
    await run.app.close();
    await run.handle.close();
    await rm(dir, { recursive: true, force: true });
    if (pgUrl) {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });
});

// PGlite is one process's database; two API processes share PostgreSQL only.
describe.runIf(!!process.env.DATABASE_URL)("two API processes on one PostgreSQL", () => {
  let second: SecondApi | undefined;
  afterAll(async () => {
    await second?.stop();
  });

  it("50 concurrent orders split across both processes for the last place: exactly one succeeds", async () => {
    // the second process is a real API server (server.ts) on the same database
    // both processes must agree on "now": this one follows the real clock like the child does
    t.clock.set(new Date());
    const inAWeek = addDays(wallClock(t.clock.now(), "America/Bogota").date, 7);
    const dia = formatDia(inAWeek, "10:00");
    const [tour] = await t.db.insert(tourTable).values({ nombre: "Dos procesos", precioCents: 2000, pais: t.cat.countryId, ciudad: t.cat.cityId }).returning();
    const tourId = tour!.id;
    await t.db.insert(horarioTable).values({ tourId, horaInicio: "10:00", ...ALL_DAYS, cupo: 1 });
    second = await startSecondApi(databaseUrlOf(t.deps.db), SELLING_ALONE);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const bodies = Array.from({ length: 50 }, () => ({ ...buyer(), pedidos: [line(tourId, dia)] }));
    const answers = await Promise.all(
      bodies.map((body, i) =>
        fetch(`${i % 2 ? address : second!.url}/api/compra/create`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(49);
    expect(await departure(tourId, inAWeek)).toMatchObject({ quedan: 0, estado: "agotada" });
    await second.stop();
  }, 90_000);
});
