/**
 * `npm run bench:lighthouse -w @tours/api` (after `npm run build`): Lighthouse 12's mobile performance score
 * (its default: an emulated mid-range phone on a throttled 4G link, simulated) of the home, a country, a city, a tour,
 * the shop and Mi reserva, and its accessibility score of those (issue 23), the median of 3 runs each, on the
 * production build: the real API in this process (in-memory PGlite, the demo catalogue with its photos) and
 * storefront/server.mjs as a child process, both on ports the system picks.
 * Chrome is CHROME_PATH (default /usr/bin/chromium, Debian's), headless. Prints each run's score, LCP and TBT, each
 * page's median, and what the medians' report lists as costing time or failing accessibility; exit 1 when a median is
 * under BENCH_LIGHTHOUSE_MIN (default 95, issue 27's acceptance both ways; issue 10 asked 100 of the simulated score,
 * which paint-first with live preloads gives up: decision 0011 §11), a median LCP over 2.5 s or TBT over 200 ms (issue
 * 27; the home, a city, a tour, the shop and Mi reserva), or an accessibility score under
 * BENCH_LIGHTHOUSE_A11Y_MIN (default 100, issue 23's). Also the SEO score (issue 26) of the home, a country, a city and a tour,
 * with the audits it fails; exit 1 when one is under BENCH_LIGHTHOUSE_SEO_MIN (default 100).
 * Last, "home sin banner": the home again once the promo banner is deleted (as staff can), so no popup opens. By
 * the spec the popup shows the banner full screen 3 s after the page loads, and is then the page's largest paint
 * (its LCP); this run shows the home's own figures beside it. Printed, not held to a goal.
 * Settings: BENCH_LIGHTHOUSE_RUNS (default 3), BENCH_LIGHTHOUSE_MIN, BENCH_LIGHTHOUSE_KEEP (keep the JSON
 * reports), BENCH_LIGHTHOUSE_PAGES (e.g. "home,city"; "home-sin-banner" for the last one).
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc } from "drizzle-orm";
import { bannerTable } from "../src/modules/banner/banner.table.ts";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { createTestApp } from "../test/helpers.ts";
import { root, startStorefront } from "./storefront-process.ts";

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const MIN_SCORE = Number(process.env.BENCH_LIGHTHOUSE_MIN ?? 95);
/** Issue 27's goals beside the score: Core Web Vitals' "good" LCP, and Lighthouse's TBT for a score of ~0.9. */
const MAX_LCP_MS = 2_500;
const MAX_TBT_MS = 200;
const MIN_A11Y = Number(process.env.BENCH_LIGHTHOUSE_A11Y_MIN ?? 100);
const MIN_SEO = Number(process.env.BENCH_LIGHTHOUSE_SEO_MIN ?? 100);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Lighthouse's throttling: "simulate" (its default: observed times scaled by a model) or "devtools" (applied: a real slow 4G link and CPU ÷4). */
const THROTTLING = process.env.BENCH_LIGHTHOUSE_THROTTLING ?? "simulate";
if (THROTTLING !== "simulate" && THROTTLING !== "devtools") throw new Error(`BENCH_LIGHTHOUSE_THROTTLING: simulate or devtools, not ${THROTTLING}`);
const LIGHTHOUSE_CLI = path.join(root, "node_modules/lighthouse/cli/index.js");

interface Audit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number };
}
interface Report {
  categories: {
    performance: { score: number };
    accessibility: { score: number; auditRefs: Array<{ id: string; weight: number }> };
    seo: { score: number; auditRefs: Array<{ id: string; weight: number }> };
  };
  audits: Record<string, Audit>;
  runWarnings: string[];
  /** Lighthouse's measure of the host's CPU (a string and an array loop in the page, unthrottled): ~1,000+ a desktop. */
  environment: { benchmarkIndex: number };
}

/** One Lighthouse run; tried up to 3 times, as Lighthouse asks when Chrome's trace misses the navigation (NO_NAVSTART). */
async function lighthouse(url: string, dir: string, run: number, attempt = 1): Promise<Report> {
  try {
    return await lighthouseOnce(url, dir, run);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`      (run ${run + 1} failed, again: ${String((error as { stderr?: string }).stderr ?? error).trim().split("\n")[0]})`);
    return lighthouse(url, dir, run, attempt + 1);
  }
}

async function lighthouseOnce(url: string, dir: string, run: number): Promise<Report> {
  const out = path.join(dir, `${new URL(url).pathname.replace(/\W+/g, "_")}-${THROTTLING}-run-${run}.json`);
  await promisify(execFile)(
    process.execPath,
    [
      LIGHTHOUSE_CLI,
      url,
      "--only-categories=performance,accessibility,seo",
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
      `--throttling-method=${THROTTLING}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(await readFile(out, "utf8")) as Report;
}

const median = <T>(xs: T[], key: (x: T) => number) => [...xs].sort((a, b) => key(a) - key(b))[Math.floor((xs.length - 1) / 2)]!;

/** What a report counts against the page: metrics under full marks, and opportunities with their savings. */
function holdingBack(report: Report): string[] {
  const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
  const out = metrics
    .map((id) => report.audits[id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.title} ${a.displayValue ?? ""} (score ${a.score})`);
  for (const audit of Object.values(report.audits)) {
    const savings = audit.details?.overallSavingsMs ?? 0;
    if (audit.score !== null && audit.score < 1 && savings > 0) out.push(`${audit.title}: ~${Math.round(savings)} ms`);
  }
  const lcpElement = report.audits["largest-contentful-paint-element"] as unknown as { details?: { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } };
  const snippet = lcpElement?.details?.items?.[0]?.items?.[0]?.node?.snippet;
  if (snippet) out.push(`LCP element: ${snippet.slice(0, 160)}`);
  return out;
}

/** The accessibility or SEO audits a report fails (those that count towards the score). */
function categoryFailures(report: Report, category: "accessibility" | "seo"): string[] {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
    .map((ref) => `${category}: ${report.audits[ref.id]!.title}`);
}

async function main(): Promise<void> {
  const t = await createTestApp({ seed: { images: true } });
  const dir = await mkdtemp(path.join(tmpdir(), "tours-lighthouse-"));
  let child: Awaited<ReturnType<typeof startStorefront>>["child"] | undefined;
  const failures: string[] = [];
  const benchmarkIndexes: number[] = [];
  try {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const sf = await startStorefront(apiUrl);
    child = sf.child;
    const [tour] = await t.db.select({ id: tourTable.id, pais: tourTable.pais, ciudad: tourTable.ciudad }).from(tourTable).orderBy(asc(tourTable.id)).limit(1);
    const [ciudad] = await t.db.select({ id: ciudadesTable.id, pais: ciudadesTable.pais }).from(ciudadesTable).orderBy(asc(ciudadesTable.id)).limit(1);
    const pages = {
      home: "/",
      country: `/pais/${ciudad!.pais}`,
      city: `/actividades/${ciudad!.pais}/${ciudad!.id}`,
      tour: `/actividades/detalle/local/${tour!.id}`,
      shop: "/shop",
      "mi-reserva": "/mi-reserva",
      // after the others: the banner is deleted just before it (see the top of this file)
      "home-sin-banner": "/",
    };
    // issue 27: these pages' score, LCP and TBT are held to its goals (the country page is printed beside them)
    const performanceGoal = new Set(["home", "city", "tour", "shop", "mi-reserva"]);
    // the public pages a search engine shows (issue 26); the cart and Mi reserva are kept out (robots.txt, noindex)
    const seoGoal = new Set(["home", "country", "city", "tour"]);
    console.log(`\n== Lighthouse ${RUNS}× per page, mobile, throttling ${THROTTLING}, performance, accessibility and SEO scores`);
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",");
    for (const [name, pathname] of Object.entries(pages)) {
      if (only && !only.includes(name)) continue;
      if (name === "home-sin-banner") await t.db.delete(bannerTable);
      const url = sf.url + pathname;
      const ok = await fetch(url);
      if (ok.status !== 200) throw new Error(`${url}: HTTP ${ok.status}`);
      const reports: Report[] = [];
      for (let run = 0; run < RUNS; run++) reports.push(await lighthouse(url, dir, run));
      benchmarkIndexes.push(...reports.map((r) => r.environment.benchmarkIndex));
      const score = (r: Report) => Math.round(r.categories.performance.score * 100);
      const a11y = (r: Report) => Math.round(r.categories.accessibility.score * 100);
      const mid = median(reports, score);
      const a11yMid = median(reports, a11y);
      const seo = (r: Report) => Math.round(r.categories.seo.score * 100);
      const seoMid = median(reports, seo);
      console.log(
        `  ${name.padEnd(10)} ${pathname.padEnd(34)} median ${score(mid)} · runs ${reports.map(score).join(", ")} · ` +
          `LCP ${reports.map((r) => r.audits["largest-contentful-paint"]!.displayValue).join(", ")} · ` +
          `TBT ${reports.map((r) => r.audits["total-blocking-time"]!.displayValue).join(", ")} · ` +
          `accessibility ${a11y(a11yMid)} (runs ${reports.map(a11y).join(", ")}) · ` +
          `SEO ${seo(seoMid)} (runs ${reports.map(seo).join(", ")})`,
      );
      const seoLines = seoGoal.has(name) ? categoryFailures(seoMid, "seo") : [];
      for (const line of [...holdingBack(mid), ...categoryFailures(a11yMid, "accessibility"), ...seoLines]) console.log(`      ${line}`);
      for (const warning of mid.runWarnings) console.log(`      warning: ${warning}`);
      if (performanceGoal.has(name)) {
        if (score(mid) < MIN_SCORE) failures.push(`${name}: median ${score(mid)} < ${MIN_SCORE}`);
        const lcp = median(reports, (r) => r.audits["largest-contentful-paint"]!.numericValue ?? 0).audits["largest-contentful-paint"]!.numericValue!;
        const tbt = median(reports, (r) => r.audits["total-blocking-time"]!.numericValue ?? 0).audits["total-blocking-time"]!.numericValue!;
        if (lcp > MAX_LCP_MS) failures.push(`${name}: median LCP ${Math.round(lcp)} ms > ${MAX_LCP_MS}`);
        if (tbt > MAX_TBT_MS) failures.push(`${name}: median TBT ${Math.round(tbt)} ms > ${MAX_TBT_MS}`);
      }
      if (a11y(a11yMid) < MIN_A11Y) failures.push(`${name}: accessibility ${a11y(a11yMid)} < ${MIN_A11Y}`);
      if (seoGoal.has(name) && seo(seoMid) < MIN_SEO) failures.push(`${name}: SEO ${seo(seoMid)} < ${MIN_SEO}`);
    }
    // CPU ÷4 (applied, or simulated from observed times) slows this host, not a phone: a slower host scores lower
    if (benchmarkIndexes.length > 0) {
      const index = Math.round(median(benchmarkIndexes, (x) => x));
      console.log(`  host BenchmarkIndex (Lighthouse's): median ${index}, ${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))} over ${benchmarkIndexes.length} runs`);
    }
  } finally {
    child?.kill();
    if (process.env.BENCH_LIGHTHOUSE_KEEP) console.log(`reports kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
    await t.close();
  }
  if (failures.length > 0) {
    console.error(`\nUNDER THE SCORE (${failures.length}):\n${failures.map((f) => `- ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
}

await main();
