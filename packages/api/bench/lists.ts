/**
 * `npm run bench -w @tours/api`: do big lists stay fast? Builds the real app (buildApp via the test helper) on a
 * fresh in-memory PGlite — and again on a fresh PostgreSQL database when DATABASE_URL is set — fills it with
 * 5,000 tours and 5,000 orders, and times `GET /api/tour/index` and `GET /api/compra/index` through `app.inject`:
 * the whole list (the baseline) against one page, searched pages and deep pages of the contract's list dialect.
 *
 * Figures are ratios to the baseline measured in the same run, never absolute thresholds. The run fails (exit 1)
 * when an answer is wrong: a page without 25 rows, a Content-Range whose total is not the expected one, a whole
 * list that is not whole — or when a page is not clearly cheaper than the whole list (ratio above MAX_PAGE_RATIO).
 *
 * Settings: BENCH_REPS (timed repetitions per case, default 20), BENCH_WARMUP (default 5).
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { parseContentRange } from "@tours/contract";
import type { SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../src/db/client.ts";
import { type ListSpec, listSql } from "../src/http/list.ts";
import { pedidoListSpec } from "../src/modules/compra/compra.repository.ts";
import { pedido } from "../src/modules/compra/compra.table.ts";
import { TOUR_LIST } from "../src/modules/tour/tour.repository.ts";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { bearer, createTestApp, loginAsStaff } from "../test/helpers.ts";
import { onEachDatabase } from "./databases.ts";
import { ORDER_COUNT, TOUR_COUNT, expectedHits, seedBulk } from "./seed.ts";

const REPS = positiveInt(process.env.BENCH_REPS, 20);
const WARMUP = positiveInt(process.env.BENCH_WARMUP, 5);
const PAGE = 25;
/**
 * A page must cost at most this share of the whole list (median). Generous on purpose: it only catches a page
 * that loads everything (ratio ≈ 1), not noise. The measured ratios are far lower (docs/decisions/0006).
 */
const MAX_PAGE_RATIO = 0.5;

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`not a positive integer: ${raw}`);
  return n;
}

interface Case {
  name: string;
  /** Query string (without `?`); empty for the whole list. */
  query: string;
  /** Rows the answer must hold. */
  rows: number;
  /** Content-Range total the answer must carry; undefined for the whole list (no header). */
  total?: number;
  /** First row index the Content-Range must start at. */
  from?: number;
  /** For the EXPLAIN line: the list params this query string means. */
  params?: Parameters<typeof listSql>[1];
}

interface Resource {
  label: string;
  url: string;
  headers: Record<string, string>;
  spec: ListSpec;
  table: typeof tourTable | typeof pedido;
  cases: Case[];
}

interface Result {
  name: string;
  samples: number[];
  bytes: number;
  plan: string;
}

function qs(params: { sort?: [string, "ASC" | "DESC"]; range?: [number, number]; filter?: Record<string, unknown> }): string {
  const q = new URLSearchParams();
  if (params.sort) q.set("sort", JSON.stringify(params.sort));
  if (params.range) q.set("range", JSON.stringify(params.range));
  if (params.filter) q.set("filter", JSON.stringify(params.filter));
  return q.toString();
}

function listCases(total: number, broad: { q: string; hits: number }, narrow: { q: string; hits: number }): Case[] {
  const byName: [string, "ASC"] = ["nombre", "ASC"];
  const first: [number, number] = [0, PAGE - 1];
  const deep: [number, number] = [total - PAGE, total - 1];
  const make = (name: string, params: NonNullable<Case["params"]>, expectTotal: number): Case => ({
    name,
    query: qs(params),
    rows: PAGE,
    total: expectTotal,
    from: params.range?.[0] ?? 0,
    params,
  });
  return [
    { name: "whole list (baseline)", query: "", rows: total },
    make("page 1, sort nombre", { sort: byName, range: first }, total),
    make(`search q="${broad.q}" (all match)`, { sort: byName, range: first, filter: { q: broad.q } }, broad.hits),
    make(`search q="${narrow.q}"`, { sort: byName, range: first, filter: { q: narrow.q } }, narrow.hits),
    make(`deep page ${deep[0]}-${deep[1]}, sort nombre`, { sort: byName, range: deep }, total),
    make(`deep page ${deep[0]}-${deep[1]}, default sort`, { range: deep }, total),
  ];
}

function quantile(sorted: number[], p: number): number {
  // nearest rank
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/**
 * The plan of the page query, outermost node first ("Limit > Sort > Seq Scan on tour"), from EXPLAIN ANALYZE, plus
 * how many times a subquery of the select list ran, if any. The query is built from the module's own ListSpec, as
 * the repositories page it (tour.repository.ts attaches the first photo afterwards, for the page's rows only).
 */
async function planOf(db: Db, resource: Resource, params: Case["params"]): Promise<string> {
  if (!params) return "";
  const q = listSql(resource.spec, params);
  const columns: SelectedFields = resource.table === tourTable ? { id: tourTable.id } : { id: pedido.id };
  const query = db
    .select(columns)
    .from(resource.table)
    .where(q.where)
    .orderBy(...q.orderBy)
    .limit(q.limit ?? 1_000_000)
    .offset(q.offset);
  const result = (await db.execute(sql`explain (analyze, format json) ${query}`)) as unknown as
    | { rows: Array<Record<string, unknown>> }
    | Array<Record<string, unknown>>;
  const rows = Array.isArray(result) ? result : result.rows;
  const raw = Object.values(rows[0] ?? {})[0];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  const names: string[] = [];
  let subplanLoops = 0;
  const visitSubplans = (node: PlanNode): void => {
    for (const child of node.Plans ?? []) {
      if (child["Parent Relationship"] === "SubPlan") subplanLoops += child["Actual Loops"] ?? 0;
      else visitSubplans(child);
    }
  };
  const root = doc[0]?.Plan;
  if (root) visitSubplans(root);
  for (let node = root; node; node = node.Plans?.find((p) => p["Parent Relationship"] !== "SubPlan")) {
    if (node["Node Type"] === "Result") continue;
    names.push(node["Relation Name"] ? `${node["Node Type"]} on ${node["Relation Name"]}${node["Index Name"] ? ` (${node["Index Name"]})` : ""}` : node["Node Type"]);
  }
  return names.join(" > ") + (subplanLoops > 0 ? `; subquery ×${subplanLoops}` : "");
}
interface PlanNode {
  "Node Type": string;
  "Parent Relationship"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

async function measure(
  inject: (url: string) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>,
  resource: Resource,
  failures: string[],
): Promise<Result[]> {
  const urls = resource.cases.map((c) => (c.query ? `${resource.url}?${c.query}` : resource.url));
  const bytes: number[] = [];

  // correctness, once per case
  for (const [i, c] of resource.cases.entries()) {
    const res = await inject(urls[i]!);
    const where = `${resource.label} / ${c.name}`;
    bytes.push(Buffer.byteLength(res.body));
    if (res.statusCode !== 200) {
      failures.push(`${where}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      continue;
    }
    const rows = (JSON.parse(res.body) as { succes: Array<{ id: number }> }).succes;
    if (rows.length !== c.rows) failures.push(`${where}: ${rows.length} rows, expected ${c.rows}`);
    if (new Set(rows.map((r) => r.id)).size !== rows.length) failures.push(`${where}: repeated ids in one answer`);
    const header = res.headers["content-range"];
    if (c.total === undefined) {
      if (header !== undefined) failures.push(`${where}: unexpected Content-Range ${String(header)}`);
      continue;
    }
    const range = parseContentRange(typeof header === "string" ? header : undefined);
    const expected = `${resource.spec.resource} ${c.from}-${(c.from ?? 0) + c.rows - 1}/${c.total}`;
    if (!range || range.total !== c.total || range.from !== c.from || range.to !== (c.from ?? 0) + c.rows - 1) {
      failures.push(`${where}: Content-Range ${String(header)}, expected ${expected}`);
    }
  }

  // warm-up, then timed rounds; the cases take turns so drift (GC, JIT, caches) falls on all of them alike
  const samples: number[][] = resource.cases.map(() => []);
  for (let round = 0; round < WARMUP + REPS; round++) {
    for (const [i, url] of urls.entries()) {
      const start = performance.now();
      const res = await inject(url);
      const elapsed = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode}`);
      if (round >= WARMUP) samples[i]!.push(elapsed);
    }
  }
  return resource.cases.map((c, i) => ({ name: c.name, samples: samples[i]!.sort((a, b) => a - b), bytes: bytes[i]!, plan: "" }));
}

function fmtMs(ms: number): string {
  return ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2);
}
function fmtBytes(n: number): string {
  return n >= 1_048_576 ? `${(n / 1_048_576).toFixed(2)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`;
}

function printTable(title: string, results: Result[], failures: string[]): void {
  const base = results[0]!;
  const baseMedian = quantile(base.samples, 0.5);
  const baseP95 = quantile(base.samples, 0.95);
  const header = ["case", "median ms", "p95 ms", "median ÷ whole", "p95 ÷ whole", "response", "plan of the page query"];
  const body = results.map((r) => {
    const median = quantile(r.samples, 0.5);
    const p95 = quantile(r.samples, 0.95);
    return [r.name, fmtMs(median), fmtMs(p95), (median / baseMedian).toFixed(3), (p95 / baseP95).toFixed(3), fmtBytes(r.bytes), r.plan];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ").trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("-+-"));
  for (const row of body) console.log(line(row));
  for (const r of results.slice(1)) {
    const ratio = quantile(r.samples, 0.5) / baseMedian;
    if (ratio > MAX_PAGE_RATIO) failures.push(`${title} / ${r.name}: median ${ratio.toFixed(3)} × the whole list (max ${MAX_PAGE_RATIO})`);
  }
}

async function runOn(label: string): Promise<string[]> {
  const failures: string[] = [];
  const t0 = performance.now();
  const t = await createTestApp();
  try {
    const seeded = await seedBulk(t.db);
    await t.db.execute(sql`analyze`);
    const seedMs = performance.now() - t0;
    const token = await loginAsStaff(t.app);

    const tourSearch = ["nombre", "nombreHotel", "duracion"] as const;
    const orderSearch = ["nombre", "apellido", "email", "telefono"] as const;
    const hits = <T extends object>(rows: T[], fields: readonly (keyof T)[], q: string) => ({ q, hits: expectedHits(rows, [...fields], q) });
    const resources: Resource[] = [
      {
        label: "tour",
        url: "/api/tour/index",
        headers: {},
        spec: TOUR_LIST,
        table: tourTable,
        cases: listCases(TOUR_COUNT, hits(seeded.tours, tourSearch, "tour"), hits(seeded.tours, tourSearch, "guatape")),
      },
      {
        label: "compra",
        url: "/api/compra/index",
        headers: bearer(token),
        spec: pedidoListSpec(new Date()),
        table: pedido,
        cases: listCases(ORDER_COUNT, hits(seeded.orders, orderSearch, "correo"), hits(seeded.orders, orderSearch, "quintero")),
      },
    ];
    console.log(
      `\n== ${label}: ${seeded.tours.length} tours, ${seeded.orders.length} orders, ${seeded.lines} order lines ` +
        `(built and filled in ${(seedMs / 1000).toFixed(1)} s); ${REPS} timed repetitions after ${WARMUP} warm-up`,
    );
    for (const resource of resources) {
      const inject = async (url: string) => {
        const res = await t.app.inject({ method: "GET", url, headers: resource.headers });
        return { statusCode: res.statusCode, body: res.body, headers: res.headers };
      };
      const results = await measure(inject, resource, failures);
      for (const [i, c] of resource.cases.entries()) results[i]!.plan = await planOf(t.db, resource, c.params);
      printTable(`${label} — GET ${resource.url}`, results, failures);
    }
  } finally {
    await t.close();
  }
  return failures;
}

await onEachDatabase(runOn, "All pages hold 25 rows with the expected Content-Range; every page is well under the whole list.");
