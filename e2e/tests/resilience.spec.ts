import { expect, test } from "../support/test";
import { startStorefrontWithoutApi, type StorefrontWithoutApi } from "../support/storefront-without-api";

/*
 * "No page of the storefront answers 500 when the API is down": a second storefront (storefront/server.mjs with the same
 * build) is started with API_URL pointing at a closed port, and every route is loaded. Unknown ids may answer
 * 404; nothing may answer 5xx, and each page still renders the site's layout in Spanish.
 */

let storefront: StorefrontWithoutApi | undefined;
let baseURL = "";

test.beforeAll(async () => {
  storefront = await startStorefrontWithoutApi();
  baseURL = storefront.url;
});

test.afterAll(async () => {
  await storefront?.stop();
});

const UUID = "8c0a1714-7f99-5c9c-aeb0-59cf61bb0fad";
const ROUTES = [
  "/",
  "/?q=bog",
  "/buscar",
  "/buscar?q=bog",
  "/pais/1",
  "/actividades/1/1",
  `/country/${UUID}`,
  `/country/${UUID}?disp=hoy&hmin=8&hmax=20&ciudad=x&duracion=corta`,
  `/activity/${UUID}`,
  `/activity/${UUID}?mes=2026-12&dia=2026-12-01`,
  "/actividades/detalle/local/1",
  "/legal",
  "/legal/contrato",
  "/legal/privacidad",
  "/legal/terminos",
  "/quienes-somos",
  "/habla-con-viajero",
  "/blog",
  "/proveedores",
  "/afiliados",
  "/agencia-de-viaje",
  "/alojamientos",
  "/transporte",
  "/contactar",
  "/login",
  "/rewards",
  "/Rewards",
  "/ayuda",
  "/shop",
  "/pay/ok?token=ABC123&PayerID=XYZ",
  "/pay/not?token=ABC123",
  "/panel",
  "/ruta-que-no-existe",
];

test("every route answers without a 5xx when the API is down", async ({ request }) => {
  const failures: string[] = [];
  for (const route of ROUTES) {
    const response = await request.get(`${baseURL}${route}`, { maxRedirects: 0 });
    const status = response.status();
    if (status >= 500) failures.push(`${route} → ${status}`);
    if (status === 200 && (response.headers()["content-type"] ?? "").includes("text/html")) {
      const html = await response.text();
      if (!html.includes('lang="es"')) failures.push(`${route} → 200 without the Spanish layout`);
      if (/Unexpected Server Error|Application Error/i.test(html)) failures.push(`${route} → error text in the page`);
    }
  }
  expect(failures, `server output:\n${storefront?.output().slice(-3000) ?? ""}`).toEqual([]);
});

test("the pages render in a browser with sections degraded to empty, never raw errors", async ({ browser }) => {
  const page = await browser.newPage({ baseURL });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  for (const route of ["/", "/pais/1", "/actividades/1/1", `/country/${UUID}`, `/activity/${UUID}`, "/buscar?q=bog"]) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 }), route).toBeVisible();
    await expect(page.locator("body"), route).not.toContainText(/ECONNREFUSED|ApiError|fetch failed|stack/i);
  }
  await page.goto("/");
  await expect(page.getByText("Pronto tendremos nuevos destinos para ti.")).toBeVisible();
  await expect(page.getByTestId("slide")).toHaveCount(5);
  expect(pageErrors).toEqual([]);
  await page.close();
});
