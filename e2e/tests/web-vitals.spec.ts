import { expect, test, type Browser, type Page } from "../support/test";
import { apiJson } from "../support/api";
import { expectAccessible } from "../support/axe";
import { STORE_URL } from "../support/env";
import { staffToken } from "../support/staff";
import { bannerAlreadyClosed } from "../support/storefront";

const VITAL_METRICS = ["LCP", "INP", "CLS", "TTFB"];

/*
 * Issue 27, field data (decision 0022): a page view reports its LCP, INP, CLS and TTFB with a beacon to the
 * storefront's own /vitals when the page is left (so the page's CSP allows it: the suite fails on any violation);
 * the storefront keeps the page's kind, not its address; the panel's Rendimiento screen shows p75 per kind of page
 * and device class with the count of visits. Other specs' visits report too: counts are compared before and after.
 */

type Row = { route: string; device: string; metric: string; last7: { p75: number | null; samples: number }; last28: { samples: number } };

async function vitals(): Promise<Row[]> {
  return (await apiJson<{ succes: { filas: Row[] } }>("/api/vitals", { token: await staffToken("admin") })).succes.filas;
}
const samples = (rows: Row[], route: string, device: string, metric: string) =>
  rows.find((r) => r.route === route && r.device === device && r.metric === metric)?.last7.samples ?? 0;

/**
 * Visits `path`, clicks (an interaction, for INP), then leaves for `next`: the page sends its beacon on leaving.
 * (Playwright does not see a beacon sent by a page being unloaded: what arrived is read from the API.)
 */
async function visitAndLeave(page: Page, path: string, next: string): Promise<void> {
  await page.goto(path);
  // the reporter's chunk loads after hydration: wait for it before interacting
  await expect(page.locator("html")).toHaveAttribute("data-field-vitals", "on");
  await page.getByRole("heading", { level: 1 }).first().click();
  // the click's event timing reaches the reporter after the next paint: on a loaded machine, leaving at once could
  // unload the page before it did, and the view's INP was never sent
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
  await page.goto(next);
}

async function visitor(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: STORE_URL });
  const page = await context.newPage();
  await bannerAlreadyClosed(page);
  return { context, page };
}

test("visits report their vitals, and the panel's Rendimiento shows p75 per kind of page and device", async ({ browser, page, signIn }) => {
  test.slow();
  const before = await vitals();
  const [tour] = (await apiJson<{ succes: Array<{ id: number }> }>("/api/tour/index")).succes;

  const phone = await visitor(browser, { width: 390, height: 844 });
  await visitAndLeave(phone.page, "/", `/actividades/detalle/local/${tour!.id}`);
  await visitAndLeave(phone.page, `/actividades/detalle/local/${tour!.id}`, "/legal");
  const desktop = await visitor(browser, { width: 1366, height: 900 });
  // the search's words stay in the browser: the storefront keeps "buscar"
  await visitAndLeave(desktop.page, "/buscar?q=bogota", "/legal");

  // the storefront forwards each as its kind of page; the API keeps one sample per metric and view
  await expect
    .poll(async () => {
      const now = await vitals();
      const seen = (route: string, device: string) =>
        VITAL_METRICS.map((metric) => `${route} ${device} ${metric} ${samples(now, route, device, metric) > samples(before, route, device, metric)}`);
      return [...seen("home", "mobile"), ...seen("tour", "mobile"), ...seen("buscar", "desktop")];
    }, { timeout: 30_000 })
    .toEqual(["home mobile", "tour mobile", "buscar desktop"].flatMap((what) => VITAL_METRICS.map((metric) => `${what} ${metric} true`)));
  // closed only now: a beacon sent as a page was left could be cut by closing its browser context at once
  await phone.context.close();
  await desktop.context.close();

  await signIn("/panel/rendimiento", "ventas");
  await expect(page.getByRole("heading", { name: "Rendimiento", level: 1 })).toBeVisible();
  const seen: Array<[string, string, string]> = [["home", "mobile", "Inicio"], ["tour", "mobile", "Tour"], ["buscar", "desktop", "Búsqueda"]];
  for (const [route, device, label] of seen) {
    const lcp = page.locator(`[data-testid="rendimiento-fila"][data-route="${route}"][data-device="${device}"][data-metric="LCP"]`);
    await expect(lcp).toContainText(label);
    await expect(lcp).toContainText("2,5 s");
    const count = Number(await lcp.getByTestId("rendimiento-muestras-7").textContent());
    expect(count).toBeGreaterThanOrEqual(1);
    await expect(lcp.getByTestId("rendimiento-p75-7-calificacion")).toHaveText(/^(Bueno|Mejorable|Malo)$/);
  }
  await expectAccessible(page, "the panel's Rendimiento screen");
});

test("the beacon endpoint refuses what is not a page view's vitals, in Spanish", async ({ request }) => {
  const bad = await request.post(`${STORE_URL}/vitals`, {
    data: { path: "/", device: "mobile", navigation: "navigate", metrics: [{ name: "FID", value: 3, rating: "good" }] },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors[0].msg).toBe("La métrica debe ser LCP, INP, CLS o TTFB");
  const notJson = await request.post(`${STORE_URL}/vitals`, { data: "hola", headers: { "Content-Type": "application/json" } });
  expect(notJson.status()).toBe(400);
});
