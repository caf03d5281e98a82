import { expect, test, type Page, type Route } from "../support/test";
import { colombia, tourIdByName } from "../support/api";
import { SIM_URL } from "../support/env";
import { addFirstDepartureNextMonth, addTraveller, fillContactForm, hydrated } from "../support/storefront";
import { expectToast, toastTexts } from "../support/storefront-toasts";
import { ordersOf } from "../support/tours";
import { startStorefrontWithoutApi, type StorefrontWithoutApi } from "../support/storefront-without-api";

/*
 * Spec §8 messages that only show in unusual moments:
 * - the loading texts while a client navigation waits for its data ('Cargando la informacion de la api' towards a
 *   free-tour page, 'Cargando informacion...' elsewhere), made slow here by delaying Remix's `?_data=` requests;
 * - 'No fue posible redireccionar…' when PayPal answers the order without an approval link (simulator "nolinks");
 * - 'Se genero un error al solicitar la informacion' when /rewards and /ayuda cannot reach the API (a second
 *   storefront of the same build pointed at a closed port, as in resilience.spec.ts), with and without JavaScript.
 * Texts are written out here, not imported from the app, so a changed message fails the test.
 */

const MSG = {
  cargandoInformacion: "Cargando informacion...",
  cargandoApi: "Cargando la informacion de la api",
  sinEnlaceDePago: "No fue posible redireccionar para el pago,verifique que tenga habilitadas las ventanas emergentes",
  errorSolicitud: "Se genero un error al solicitar la informacion",
  informacionRegistrada: "Informacion registrada con exito",
};
const SEED_TOUR = "Monserrate al atardecer";
/** How long a delayed loader request is held back (well above the indicator's ~300 ms delay). */
const DATA_DELAY_MS = 2_000;

/** Holds back every loader data request of client navigations (Remix v2: `?_data=<route id>`). */
async function delayLoaderData(page: Page): Promise<string[]> {
  const delayed: string[] = [];
  await page.route(
    (url) => url.searchParams.has("_data"),
    async (route: Route) => {
      delayed.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, DATA_DELAY_MS));
      await route.continue().catch(() => undefined);
    },
  );
  return delayed;
}

// ---------------------------------------------------------------------------------------------------------
// 1. loading texts during client navigations

test.describe("indicador de carga al navegar", () => {
  test("hacia los free tours: 'Cargando la informacion de la api', luego desaparece", async ({ page }) => {
    const pais = await colombia();
    await page.goto(`/pais/${pais.id}`);
    await hydrated(page);
    const status = page.getByTestId("navigation-status");
    await expect(status).toHaveAttribute("role", "status");
    await expect(status).toHaveAttribute("aria-live", "polite");
    await expect(status).toHaveText("");

    const delayed = await delayLoaderData(page);
    await page.getByTestId("free-tours-link").click();
    // not at once: fast navigations must not flash it
    expect(await status.textContent()).toBe("");
    await expect(status).toHaveText(MSG.cargandoApi);
    await expect(status).toBeVisible();
    expect(delayed.some((url) => url.includes(`/country/`))).toBe(true);

    await expect(page).toHaveURL(new RegExp(`/country/${pais.freetour_id}$`), { timeout: DATA_DELAY_MS + 10_000 });
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Free tours");
    await expect(status).toHaveText("");
  });

  test("hacia una página propia: 'Cargando informacion...'", async ({ page }) => {
    const pais = await colombia();
    await page.goto(`/pais/${pais.id}`);
    await hydrated(page);
    const status = page.getByTestId("navigation-status");

    await delayLoaderData(page);
    const cityLink = page.locator('[data-testid="city-card"] a[href^="/actividades/"]').first();
    const href = (await cityLink.getAttribute("href"))!;
    expect(href).toMatch(/^\/actividades\/\d+\/\d+$/);
    await cityLink.click();
    await expect(status).toHaveText(MSG.cargandoInformacion);
    await expect(status).not.toHaveText(MSG.cargandoApi);

    await expect(page).toHaveURL(new RegExp(`${href}$`), { timeout: DATA_DELAY_MS + 10_000 });
    await expect(status).toHaveText("");
  });

  test("una navegación rápida no muestra el indicador", async ({ page }) => {
    const pais = await colombia();
    await page.goto(`/pais/${pais.id}`);
    await hydrated(page);
    // record every text the status region ever shows
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="navigation-status"]')!;
      const seen: string[] = [];
      (window as unknown as { statusSeen: string[] }).statusSeen = seen;
      new MutationObserver(() => seen.push(el.textContent ?? "")).observe(el, { childList: true, subtree: true, characterData: true });
    });
    const started = Date.now();
    await page.getByTestId("free-tours-link").click();
    await expect(page).toHaveURL(new RegExp(`/country/${pais.freetour_id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Free tours");
    const took = Date.now() - started;
    const seen = await page.evaluate(() => (window as unknown as { statusSeen: string[] }).statusSeen);
    for (const text of seen) expect([MSG.cargandoApi, ""]).toContain(text);
    // the local API answers well under the delay; only a navigation that was really fast proves "no flash"
    if (took < 250) expect(seen.filter(Boolean)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// 2. PayPal answers the order without a link the buyer can approve

async function simMode(mode: string) {
  const response = await fetch(`${SIM_URL}/__control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ mode }),
  });
  expect(response.ok).toBe(true);
  expect(((await response.json()) as { mode: string }).mode).toBe(mode);
}

test.describe("pago sin enlace de aprobación", () => {
  test.afterEach(async () => {
    await simMode("ok");
  });

  test("'No fue posible redireccionar para el pago…' y el pedido no queda pagable", async ({ page, request }) => {
    await simMode("nolinks");
    const email = `sin-enlace-${Date.now()}@example.com`;

    await page.goto(`/actividades/detalle/local/${await tourIdByName(SEED_TOUR)}`);
    await hydrated(page);
    await addFirstDepartureNextMonth(page);
    await expect(page).toHaveURL(/\/shop$/);
    await addTraveller(page, "mayores_15", 1);

    await page.getByTestId("go-pay").click();
    await expect(page.getByRole("dialog", { name: "Datos de contacto" })).toBeVisible();
    const form = await fillContactForm(page, { email });
    await form.getByRole("button", { name: /^Pagar / }).click();

    await expectToast(page, MSG.sinEnlaceDePago);
    // the buyer stays on the cart, nothing was opened at PayPal
    await page.waitForTimeout(1_500);
    expect(page.url()).toMatch(/\/shop/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);

    const mine = await ordersOf(request, email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.status).toBe(false);
    expect(mine[0]!.estado).toBe("fallido");
  });
});

// ---------------------------------------------------------------------------------------------------------
// 3. rewards and help with the API down

test.describe("rewards y ayuda con la API caída", () => {
  let storefront: StorefrontWithoutApi | undefined;
  let downURL = "";

  test.beforeAll(async () => {
    storefront = await startStorefrontWithoutApi();
    downURL = storefront.url;
  });

  test.afterAll(async () => {
    await storefront?.stop();
  });

  const SCREENS = [
    { path: "/rewards", form: "rewards-form", withComment: false },
    { path: "/ayuda", form: "ayuda-form", withComment: true },
  ] as const;

  async function fillAndSend(page: Page, screen: (typeof SCREENS)[number], withJs: boolean) {
    await page.goto(`${downURL}${screen.path}`);
    if (withJs) await hydrated(page);
    const form = page.getByTestId(screen.form);
    await form.locator('[name="nombre"]').fill("Camilo");
    await form.locator('[name="apellido"]').fill("Suárez");
    await form.locator('[name="telefono"]').fill("3109876543");
    await form.locator('[name="email"]').fill("camilo@example.com");
    if (screen.withComment) await form.locator('[name="comentario"]').fill("No encuentro mi reserva");
    await form.getByRole("button").click();
    return form;
  }

  for (const screen of SCREENS) {
    test(`${screen.path} con JavaScript: 'Se genero un error al solicitar la informacion'`, async ({ page }) => {
      const form = await fillAndSend(page, screen, true);
      await expectToast(page, MSG.errorSolicitud);
      expect(await toastTexts(page)).not.toContain(MSG.informacionRegistrada);
      // what the visitor typed is kept for another try
      await expect(form.locator('[name="nombre"]')).toHaveValue("Camilo");
    });

    test(`${screen.path} sin JavaScript: el mismo mensaje en la página`, { tag: "@nojs" }, async ({ page }) => {
      await fillAndSend(page, screen, false);
      await expect(page.getByTestId("form-notice")).toHaveText(MSG.errorSolicitud);
      expect(await page.getByTestId("form-notice").textContent()).toBe(MSG.errorSolicitud);
      await expect(page.getByTestId(screen.form).locator('[name="nombre"]')).toHaveValue("Camilo");
    });
  }
});
