import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import { expect, test, type Browser, type Page } from "../support/test";
import { SIM_URL, STORE_URL } from "../support/env";
import { openPanel } from "../support/staff";
import { fillContactForm } from "../support/storefront";
import { createTestTour } from "../support/tours";

/*
 * Interaction latency on a slow phone (issue 27): the booking flow and two panel flows in chromium with the CPU
 * slowed 4× and DevTools' slow-4G profile (both through CDP, as Lighthouse's --throttling-method=devtools applies
 * them), LAB_RUNS times each (default 10), each run in a fresh browser context (cold HTTP cache).
 *
 * Each step's latency is its interaction's as the browser's Event Timing API reports it — from the input to the next
 * paint after its handlers, the longest of the interaction's events (pointerdown, pointerup, click; keydown, keyup)
 * —, the measure web-vitals builds INP from; web-vitals' own INP (reportAllChanges) for each page is kept beside
 * it. The browser reports only events of 16 ms and more: a step with none is written as 16 ("≤ 16").
 * "Toque atendido" is the time from the tour page's navigation to the end of the handlers of the first tap, made as
 * soon as the page is hydrated (root.tsx sets data-hydrated): when a tap first does what the hydrated page does.
 *
 * Goals: p75 of every interaction ≤ 200 ms; p75 of "toque atendido" ≤ 3.5 s on the tour page. The figures go to the
 * console and to test-results/lab/interactions.json, with the host's BenchmarkIndex as Lighthouse measures it: CPU ÷4
 * slows this host, not a given phone, so the same page measures slower on a slower host.
 */

const RUNS = Number(process.env.LAB_RUNS ?? 10);
const INTERACTION_GOAL_MS = 200;
const TAP_GOAL_MS = 3_500;
const CPU_SLOWDOWN = 4;
/** DevTools' slow 4G as Lighthouse applies it: 562.5 ms per request, 1,474.56 kbit/s down, 607.5 kbit/s up. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (607.5 * 1024) / 8 };
const BELOW_THRESHOLD_MS = 16;
const TAP_STEP = "toque atendido (tour, desde la navegación)";

const require = createRequire(import.meta.url);
const WEB_VITALS = readFileSync(path.join(path.dirname(require.resolve("web-vitals")), "web-vitals.iife.js"), "utf8");

interface LabEvent {
  id: number;
  name: string;
  start: number;
  end: number;
  duration: number;
}
interface Lab {
  events: LabEvent[];
  hydratedAt: number | null;
  inp: number | null;
}
interface LabWindow {
  __lab: Lab;
  webVitals: { onINP(report: (metric: { value: number }) => void, options: { reportAllChanges: boolean }): void };
}

/** In every document, before its own scripts: the interactions' event entries, when hydration ended, INP so far. */
function observe() {
  const w = window as unknown as LabWindow;
  const lab: Lab = { events: [], hydratedAt: null, inp: null };
  w.__lab = lab;
  new PerformanceObserver((list) => {
    // interactionId is in every chromium since 96, not yet in TypeScript's DOM types
    for (const e of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      if (e.interactionId) lab.events.push({ id: e.interactionId, name: e.name, start: e.startTime, end: e.processingEnd, duration: e.duration });
    }
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new MutationObserver(() => {
    if (lab.hydratedAt === null && document.documentElement?.dataset.hydrated === "true") lab.hydratedAt = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
  w.webVitals.onINP((metric) => (lab.inp = metric.value), { reportAllChanges: true });
}

const samples = new Map<string, number[]>();
const benchmarkIndexes: number[] = [];
const inps = new Map<string, number[]>();
const record = (map: Map<string, number[]>, key: string, value: number) => map.set(key, [...(map.get(key) ?? []), value]);

async function throttledPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: STORE_URL, viewport, locale: "es-CO", timezoneId: "America/Bogota" });
  // one script: Playwright runs each init script in a scope of its own, where web-vitals' `var webVitals` stays
  await context.addInitScript({ content: `${WEB_VITALS}\nwindow.webVitals = webVitals;\n(${observe.toString()})();` });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  return page;
}

const lab = (page: Page) => page.evaluate(() => (window as unknown as LabWindow).__lab);

/**
 * One step: `act`, then `settled` (what the person sees happen), then the latency of the first interaction that began
 * after `act` started (its entries arrive after the next paint, so they are waited for a little).
 */
async function step(page: Page, name: string, act: () => Promise<void>, settled: () => Promise<void>): Promise<LabEvent[]> {
  const from = await page.evaluate(() => performance.now());
  await act();
  await settled();
  const after = async () => (await lab(page)).events.filter((e) => e.start >= from - 1);
  let events = await after();
  for (let waited = 0; events.length === 0 && waited < 2_000; waited += 100) {
    await page.waitForTimeout(100);
    events = await after();
  }
  await page.waitForTimeout(150);
  events = await after();
  const first = events.reduce<LabEvent | undefined>((a, e) => (!a || e.start < a.start ? e : a), undefined);
  const own = first ? events.filter((e) => e.id === first.id) : [];
  record(samples, name, own.length > 0 ? Math.max(...own.map((e) => e.duration)) : BELOW_THRESHOLD_MS);
  return own;
}

async function keepInp(page: Page, what: string) {
  const { inp } = await lab(page);
  if (inp !== null) record(inps, what, inp);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const p75 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.75 * xs.length) - 1)]!;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (let i = 0; i < 3; i++) benchmarkIndexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  await context.close();
});

test("the booking flow on a slow phone: every tap answered within 200 ms", async ({ browser, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Laboratorio ${Date.now()}`, cupo: null, hora: "10:00", precio: "40" });
  const next = new Date();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const mes = next.toISOString().slice(0, 7);
  for (let run = 0; run < RUNS; run++) {
    const page = await throttledPage(browser, { width: 390, height: 844 });
    await page.goto(`/actividades/detalle/local/${tourId}?mes=${mes}`, { waitUntil: "commit" });
    await page.waitForFunction(() => (window as unknown as LabWindow).__lab?.hydratedAt != null, null, { timeout: 60_000, polling: 50 });
    const day = page.locator(".calendar a.day--available").first();
    const tap = await step(
      page,
      "elegir fecha",
      () => day.click(),
      () => expect(page).toHaveURL(/fecha=/, { timeout: 30_000 }),
    );
    record(samples, TAP_STEP, tap.length > 0 ? Math.max(...tap.map((e) => e.end)) : (await lab(page)).hydratedAt!);
    const departure = page.getByTestId("slots").locator("button:enabled").first();
    await expect(departure).toBeVisible({ timeout: 30_000 });
    await step(
      page,
      "elegir horario",
      () => departure.click(),
      () => expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toBeVisible({ timeout: 30_000 }),
    );
    await step(
      page,
      "agregar al carrito",
      () => page.getByRole("button", { name: "Agregar al carrito" }).click(),
      () => expect(page).toHaveURL(/\/shop$/, { timeout: 30_000 }),
    );
    await keepInp(page, "tour y carrito");
    const counter = (field: string) => page.getByTestId(`counter-${field}`);
    for (const [name, field] of [
      ["+ un viajero", "mayores_15"],
      ["cambiar otro contador", "de_4_15"],
    ] as const) {
      await step(
        page,
        name,
        () => counter(field).locator('button[data-action="inc"]').click(),
        () => expect(counter(field).getByTestId("counter-value")).toHaveText("1", { timeout: 30_000 }),
      );
    }
    await step(
      page,
      "ir a pagar",
      () => page.getByTestId("go-pay").click(),
      () => expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 30_000 }),
    );
    const form = await fillContactForm(page, { email: `laboratorio-${run}@example.com` });
    // the payment page is not this flow's: held until the submission's interaction has been read
    await page.route(`${SIM_URL}/**`, (route) => route.abort());
    await step(
      page,
      "enviar el pedido",
      () => form.getByRole("button", { name: /^Pagar/ }).click(),
      () => expect(page.getByText("Creando el pedido espere porfavor...")).toBeVisible({ timeout: 30_000 }),
    );
    await keepInp(page, "tour y carrito");
    await page.context().close();
  }
});

test("two panel flows on a slow phone: filtering orders and saving a tour", async ({ browser, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Laboratorio panel ${Date.now()}`, cupo: 20, hora: "11:00", precio: "30" });
  for (let run = 0; run < RUNS; run++) {
    const page = await throttledPage(browser, { width: 390, height: 844 });
    await openPanel(page, "/panel/pedidos");
    const search = page.getByPlaceholder("Buscar pedido o referencia");
    await expect(search).toBeVisible({ timeout: 60_000 });
    await search.click();
    for (const letter of "ana") {
      await step(
        page,
        "filtrar pedidos (una tecla)",
        () => search.press(letter),
        () => expect(search).toHaveValue(new RegExp(`${letter}$`)),
      );
    }
    await expect(page).toHaveURL((url) => (JSON.parse(url.searchParams.get("filter") ?? "{}") as { q?: string }).q === "ana", { timeout: 30_000 });
    await keepInp(page, "panel");
    await page.goto(`${STORE_URL}/panel/destinos/${tourId}`);
    const title = page.getByLabel("Titulo del Tour");
    await expect(title).toHaveValue(/Laboratorio panel/, { timeout: 60_000 });
    await title.fill(`Laboratorio panel ${run}`);
    await step(
      page,
      "guardar un tour",
      () => page.getByRole("button", { name: "Guardar cambios" }).click(),
      // saved, back on the list ("Guardando informacion" can come and go before it is looked for)
      () => expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/, { timeout: 60_000 }),
    );
    await keepInp(page, "panel");
    await page.context().close();
  }
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern
test.afterAll(({}, testInfo) => {
  const rows = [...samples].map(([name, xs]) => ({ name, p75: p75(xs), max: Math.max(...xs), runs: xs.length }));
  const inpRows = [...inps].map(([name, xs]) => ({ name, p75: p75(xs), runs: xs.length }));
  const benchmarkIndex = Math.round(median(benchmarkIndexes));
  console.log(`\nHost BenchmarkIndex (Lighthouse's, unthrottled): median ${benchmarkIndex} (${benchmarkIndexes.map(Math.round).join(", ")})`);
  console.log(`Interaction latency, CPU ÷${CPU_SLOWDOWN} and slow 4G, ${RUNS} runs (p75 / max, ms; goal p75 ≤ ${INTERACTION_GOAL_MS}):`);
  for (const r of rows) console.log(`  ${r.name.padEnd(44)} ${String(Math.round(r.p75)).padStart(6)} / ${String(Math.round(r.max)).padStart(6)}  (${r.runs} runs)`);
  console.log("web-vitals INP (reportAllChanges) per page, p75:");
  for (const r of inpRows) console.log(`  ${r.name.padEnd(44)} ${String(Math.round(r.p75)).padStart(6)}  (${r.runs} pages)`);
  const out = path.join(testInfo.project.outputDir, "interactions.json");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ benchmarkIndex, cpuSlowdown: CPU_SLOWDOWN, network: SLOW_4G, runs: RUNS, steps: Object.fromEntries(samples), inp: Object.fromEntries(inps) }, null, 2));
  const outside = rows.filter((r) => r.p75 > (r.name === TAP_STEP ? TAP_GOAL_MS : INTERACTION_GOAL_MS));
  expect(outside.map((r) => `${r.name}: p75 ${Math.round(r.p75)} ms`), "outside the goals").toEqual([]);
});
