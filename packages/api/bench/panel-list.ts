/**
 * Part of `npm run bench` (after `npm run build`; alone: `npx tsx bench/panel-list.ts` in packages/api): does the
 * panel's tour list show its first rows as fast with 5,000 tours as with the demo catalogue? The real API in this
 * process (in-memory PGlite) and the built storefront (which serves the panel) as a child process, both on ports the
 * system picks; Debian's chromium (CHROME_PATH, default /usr/bin/chromium) through Playwright, signed in as staff.
 * Each timing is a full load of /panel/destinos until its first row is on screen (the token check, the list call,
 * the render); median of BENCH_PANEL_REPS (default 7) after 2 warm-ups, per catalogue; the list call alone is timed
 * too. Exit 1 when 5,000 tours ÷ demo > 1.2 (issue 10).
 */
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { chromium } from "@playwright/test";
import { count } from "drizzle-orm";
import { ciudadesTable } from "../src/modules/ciudades/ciudades.table.ts";
import { tourTable } from "../src/modules/tour/tour.table.ts";
import { createTestApp, loginAsStaff } from "../test/helpers.ts";
import { freePort, startStorefront } from "./storefront-process.ts";

const REPS = Number(process.env.BENCH_PANEL_REPS ?? 7);
const TARGET = 5_000;
const LIMIT = 1.2;
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

async function main(): Promise<void> {
  const port = await freePort();
  const storefrontUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ seed: true, env: { CORS_ORIGINS: storefrontUrl } });
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  let child: Awaited<ReturnType<typeof startStorefront>>["child"] | undefined;
  try {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const apiUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    child = (await startStorefront(apiUrl, port)).child;
    const token = await loginAsStaff(t.app);
    const page = await browser.newPage();
    await page.goto(`${storefrontUrl}/legal`);
    // the panel's session, as its login form leaves it (admin/src/providers/config.ts)
    await page.evaluate((value) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      storage.setItem("token", value);
      storage.setItem("nombre", "Banco de pruebas");
    }, token);

    // the list call the panel makes, timed on its own too (what of the time is the API's)
    let listCall: string | undefined;
    page.on("request", (request) => {
      if (!listCall && request.url().includes("/api/tour/index?")) listCall = request.url();
    });
    const listCallTimes = async (): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < REPS + 2; i++) {
        const start = performance.now();
        const res = await fetch(listCall!, { headers: { Authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${listCall}: HTTP ${res.status}`);
        if (i >= 2) times.push(performance.now() - start);
      }
      return times;
    };

    const firstRows = async (): Promise<number[]> => {
      const times: number[] = [];
      for (let i = 0; i < REPS + 2; i++) {
        const start = performance.now();
        await page.goto(`${storefrontUrl}/panel/destinos`);
        await page.locator("tbody tr").first().waitFor({ state: "visible", timeout: 30_000 });
        if (i >= 2) times.push(performance.now() - start);
      }
      return times;
    };
    const tours = async () => (await t.db.select({ n: count() }).from(tourTable))[0]!.n;

    const demoTours = await tours();
    const demo = await firstRows();
    const demoCall = await listCallTimes();
    const cities = await t.db.select({ id: ciudadesTable.id, pais: ciudadesTable.pais }).from(ciudadesTable);
    for (let made = demoTours; made < TARGET; made += 500) {
      const n = Math.min(500, TARGET - made);
      await t.db.insert(tourTable).values(
        Array.from({ length: n }, (_, k) => {
          const city = cities[(made + k) % cities.length]!;
          return { nombre: `Tour masivo ${made + k}`, precioCents: 3_000, pais: city.pais, ciudad: city.id };
        }),
      );
    }
    const bigTours = await tours();
    const big = await firstRows();
    const bigCall = await listCallTimes();

    const ratio = median(big) / median(demo);
    console.log(`\n== Panel tour list (/panel/destinos), first row on screen, median of ${REPS} full loads`);
    console.log(`  ${demoTours} tours: ${median(demo).toFixed(0)} ms (${demo.map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`  ${bigTours} tours: ${median(big).toFixed(0)} ms (${big.map((x) => x.toFixed(0)).join(", ")})`);
    console.log(`  ratio ${ratio.toFixed(2)} (acceptance ≤ ${LIMIT})`);
    console.log(
      `  its list call alone (${new URL(listCall!).search}): ${median(demoCall).toFixed(1)} → ${median(bigCall).toFixed(1)} ms ` +
        `(ratio ${(median(bigCall) / median(demoCall)).toFixed(2)})`,
    );
    if (ratio > LIMIT) {
      console.error(`\nOUTSIDE THE ACCEPTANCE: panel list ${ratio.toFixed(2)} > ${LIMIT}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    child?.kill();
    await t.close();
  }
}

await main();
