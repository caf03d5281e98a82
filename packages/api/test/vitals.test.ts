import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rowsOf } from "../src/db/rows.ts";
import { useTestApp } from "./test-app.ts";

/*
 * Field vitals (issue 27, decision 0022): the storefront's reports are checked, limited per visitor and kept; the
 * panel reads p75 per route type, device class and metric for the last 7 and 28 days, computed by the database.
 */

const NOW = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
const t = useTestApp({ clock: NOW, staff: ["admin", "ventas"], env: { RATE_LIMIT_VITALS_PER_MINUTE: "3" } });

type Metric = { name: string; value: number; rating: string };
const report = (metrics: Metric[], extra: Record<string, unknown> = {}) => ({
  route: "tour",
  device: "mobile",
  navigation: "navigate",
  metrics,
  ...extra,
});
let visitor = 0;
/** Each report from its own visitor (the storefront forwards their address), so the limit does not interfere. */
const send = (body: unknown, address = `203.0.113.${++visitor % 250}`) =>
  t.app.inject({ method: "POST", url: "/api/vitals", payload: body as object, headers: { "x-forwarded-for": address } });
const lcp = (value: number): Metric => ({ name: "LCP", value, rating: value <= 2500 ? "good" : "poor" });

async function summary() {
  const res = await t.app.inject({ method: "GET", url: "/api/vitals", headers: t.staff("ventas") });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().succes.filas as Array<{ route: string; device: string; metric: string; last7: { p75: number | null; samples: number }; last28: { p75: number | null; samples: number } }>;
}

describe("POST /api/vitals", () => {
  it("refuses what is not a page view's vitals, in Spanish", async () => {
    const cases: Array<[unknown, string]> = [
      [report([{ name: "FID", value: 10, rating: "good" }]), "La métrica debe ser LCP, INP, CLS o TTFB"],
      [report([lcp(-1)]), "El valor debe ser un número entre 0 y 600000"],
      [report([lcp(1000), lcp(2000)]), "Envía entre 1 y 4 métricas, cada una una sola vez"],
      [report([]), "Envía entre 1 y 4 métricas, cada una una sola vez"],
      [report([lcp(1000)], { route: "/actividades/detalle/local/3?q=x" }), "El tipo de página no es uno de los conocidos"],
      [report([lcp(1000)], { device: "tablet" }), "El dispositivo debe ser mobile o desktop"],
    ];
    for (const [body, msg] of cases) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { msg: string }) => e.msg)).toContain(msg);
    }
    expect(await summary()).toEqual([]);
  });

  it("keeps a good report, one row per metric, and nothing about the visitor", async () => {
    const res = await send(report([lcp(1200), { name: "CLS", value: 0.02, rating: "good" }], { route: "home", device: "desktop" }));
    expect(res.statusCode, res.body).toBe(200);
    const rows = (await summary()).filter((r) => r.route === "home");
    expect(rows.map((r) => [r.device, r.metric, r.last7.samples])).toEqual([
      ["desktop", "CLS", 1],
      ["desktop", "LCP", 1],
    ]);
    const columns = rowsOf<{ column_name: string }>(
      await t.db.execute(sql`select column_name from information_schema.columns where table_name = 'field_vital' order by column_name`),
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      "device", "id", "metric", "navigation", "rating", "recorded_at", "route_type", "value",
    ]);
  });

  it("limits each visitor's reports per minute (RATE_LIMIT_VITALS_PER_MINUTE), counted in the database", async () => {
    t.clock.set(new Date(NOW.getTime() + 5 * 60_000));
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(report([lcp(900)], { route: "buscar" }), "198.51.100.20")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send(report([lcp(900)], { route: "buscar" }), "198.51.100.21")).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect((await send(report([lcp(900)], { route: "buscar" }), "198.51.100.20")).statusCode).toBe(200);
  });
});

describe("GET /api/vitals", () => {
  it("answers p75 (PostgreSQL's percentile_cont) per route type, device and metric for 7 and 28 days", async () => {
    const at = (daysAgo: number) => t.clock.set(new Date(NOW.getTime() - daysAgo * DAY));
    // within 7 days: 1, 2, 3, 4 s → p75 3.25 s (interpolated); 20 days ago: 10 s → 28 days: 1…4, 10 s → p75 4 s
    for (const [daysAgo, value] of [[1, 1000], [2, 2000], [3, 3000], [6, 4000], [20, 10000], [40, 99000]] as const) {
      at(daysAgo);
      expect((await send(report([lcp(value)], { route: "ciudad" }))).statusCode).toBe(200);
    }
    at(0);
    await send(report([{ name: "INP", value: 120, rating: "good" }], { route: "ciudad", device: "desktop" }));
    t.clock.set(NOW);
    const rows = (await summary()).filter((r) => r.route === "ciudad");
    expect(rows).toEqual([
      { route: "ciudad", device: "desktop", metric: "INP", last7: { p75: 120, samples: 1 }, last28: { p75: 120, samples: 1 } },
      { route: "ciudad", device: "mobile", metric: "LCP", last7: { p75: 3250, samples: 4 }, last28: { p75: 4000, samples: 5 } },
    ]);
  });

  it("a route type seen only more than 7 days ago has no 7-day p75", async () => {
    t.clock.set(new Date(NOW.getTime() - 10 * DAY));
    await send(report([{ name: "TTFB", value: 700, rating: "good" }], { route: "mi-reserva" }));
    t.clock.set(NOW);
    const row = (await summary()).find((r) => r.route === "mi-reserva");
    expect(row).toMatchObject({ metric: "TTFB", last7: { p75: null, samples: 0 }, last28: { p75: 700, samples: 1 } });
  });
});
