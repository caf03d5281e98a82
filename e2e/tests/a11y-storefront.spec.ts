import { expect, test, type Page } from "../support/test";
import { expectAccessible } from "../support/axe";
import { colombia, demoPlace, freeToursOf, tours } from "../support/api";
import { SIM_URL } from "../support/env";
import { waitForMail } from "../support/mail";
import { addTraveller, bannerAlreadyClosed, tourPage } from "../support/storefront";
import { createTestTour, paidBooking, soonDate } from "../support/tours";

/*
 * Issue 23: no critical or serious axe violation (WCAG 2.2 AA tags) on any storefront route, on a phone (390 px)
 * and a desktop (1366 px), with JavaScript on and (the @nojs describe) off. Each route is one test, scanned at both
 * widths; routes with a state worth scanning (the departure dialog, a cart with a line, the checkout form, a voucher)
 * are scanned in that state.
 */

const WIDTHS = [390, 1366];

interface Route {
  name: string;
  /** The path, or a function that opens the page in its state. */
  open: string | ((page: Page) => string | Promise<void>);
}

let made: { tourId: number; fecha: string; referencia: string; pin: string; token: string } | undefined;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const { tourId } = await createTestTour(request, { nombre: `Accesible ${Date.now().toString(36)}`, cupo: 8 });
  const fecha = soonDate(3);
  const email = `a11y-${Date.now().toString(36)}@e2e.test`;
  const { referencia, token } = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 1, email });
  const mail = await waitForMail(email, new RegExp(`^Tu reserva ${referencia} está confirmada$`));
  made = { tourId, fecha, referencia, token, pin: /PIN: (\S+)/.exec(mail.text)![1]! };
});

async function withLine(page: Page): Promise<void> {
  await page.goto(tourPage(made!.tourId, made!.fecha, "&hora=10:00"));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
}

async function routes(): Promise<Route[]> {
  const co = await colombia();
  const { ciudad } = await demoPlace();
  const [demoTour] = await tours();
  const [freeTour] = await freeToursOf(co.freetour_id!);
  const statics = ["/legal", "/ayuda", "/contactar", "/rewards", "/afiliados", "/agencia-de-viaje", "/alojamientos", "/blog", "/habla-con-viajero", "/proveedores", "/quienes-somos", "/transporte", "/login", "/pay/not", "/ruta-que-no-existe"];
  return [
    { name: "home", open: "/" },
    { name: "search results", open: "/buscar?q=bog" },
    { name: "country", open: `/pais/${co.id}` },
    { name: "city", open: `/actividades/${co.id}/${ciudad.id}` },
    { name: "free tours of a country", open: `/country/${co.freetour_id}` },
    { name: "free tour", open: `/activity/${freeTour!.id}` },
    { name: "demo tour", open: `/actividades/detalle/local/${demoTour!.id}` },
    { name: "tour with a day picked", open: () => tourPage(made!.tourId, made!.fecha) },
    { name: "tour with the departure dialog", open: () => tourPage(made!.tourId, made!.fecha, "&hora=10:00") },
    { name: "empty cart", open: "/shop" },
    { name: "cart with a line", open: withLine },
    {
      name: "checkout form",
      open: async (page) => {
        await withLine(page);
        await addTraveller(page, "mayores_15", 1);
        await page.getByTestId("go-pay").click();
        await expect(page.getByTestId("checkout-form")).toBeVisible();
      },
    },
    { name: "Mi reserva (form)", open: "/mi-reserva" },
    { name: "Mi reserva (voucher)", open: () => `/mi-reserva?ref=${made!.referencia}&pin=${made!.pin}` },
    { name: "payment accepted", open: () => `/pay/ok?token=${made!.token}` },
    {
      name: "legal document",
      open: async (page) => {
        await page.goto("/legal");
        await page.locator('main a[href^="/legal/"]').first().click();
        await expect(page).toHaveURL(/\/legal\/.+/);
      },
    },
    ...statics.map((path) => ({ name: path, open: path })),
  ];
}

async function scan(page: Page, route: Route): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    if (width === WIDTHS[0]) {
      const target = typeof route.open === "string" ? route.open : await route.open(page);
      if (typeof target === "string") await page.goto(target);
    }
    await expectAccessible(page, route.name);
  }
}

// The route list needs the API; it is read once per file, when the tests are declared it is not known yet.
const NAMES = ["home", "search results", "country", "city", "free tours of a country", "free tour", "demo tour", "tour with a day picked", "tour with the departure dialog", "empty cart", "cart with a line", "checkout form", "Mi reserva (form)", "Mi reserva (voucher)", "payment accepted", "legal document", "/legal", "/ayuda", "/contactar", "/rewards", "/afiliados", "/agencia-de-viaje", "/alojamientos", "/blog", "/habla-con-viajero", "/proveedores", "/quienes-somos", "/transporte", "/login", "/pay/not", "/ruta-que-no-existe"];

async function route(name: string): Promise<Route> {
  const found = (await routes()).find((r) => r.name === name);
  expect(found, `route ${name}`).toBeDefined();
  return found!;
}

const PLANTED = '<img src="/favicon.ico" width="32" height="32"><input type="text" name="plantado">';

/** /legal with an image without a text alternative and a field without a label in its main. */
async function plantViolations(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.route("**/legal", async (route) => {
      const served = await route.fetch();
      await route.fulfill({ response: served, body: (await served.text()).replace("</main>", `${PLANTED}</main>`) });
    });
    await page.goto("/legal");
  } else {
    // after hydration: React would drop nodes it did not render while hydrating
    await page.goto("/legal");
    await page.locator("main").evaluate((main, planted) => main.insertAdjacentHTML("beforeend", planted), PLANTED);
  }
}

/** The scan itself fails on a page that breaks the rules (with JavaScript on, and off in its copy). */
async function scanFailsOnPlantedViolations(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await plantViolations(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const failure = await expectAccessible(page, "/legal with planted violations").then(
      () => "",
      (error: Error) => error.message,
    );
    expect(failure).toContain("critical image-alt");
    expect(failure).toContain("critical label");
  }
}

test.describe("JavaScript on", () => {
  test("axe: the scan fails on planted violations", async ({ page }) => {
    await bannerAlreadyClosed(page);
    await scanFailsOnPlantedViolations(page);
  });

  for (const name of NAMES) {
    test(`axe: ${name}`, async ({ page }) => {
      await bannerAlreadyClosed(page);
      await scan(page, await route(name));
    });
  }

  test("axe: the home's banner popup", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const popup = page.getByTestId("banner-popup");
    await expect(popup).toBeVisible({ timeout: 8_000 });
    await expectAccessible(page, "the banner popup");
  });
});

test.describe("JavaScript off", { tag: "@nojs" }, () => {
  test("axe: the scan fails on planted violations", async ({ page }) => {
    await scanFailsOnPlantedViolations(page);
  });

  for (const name of NAMES) {
    test(`axe: ${name}`, async ({ page }) => {
      await scan(page, await route(name));
    });
  }
});
