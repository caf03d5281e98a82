import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { byName, ciudades, colombia } from "../support/api";
import { addTraveller, tourPage } from "../support/storefront";
import { expectToast, toastTexts } from "../support/storefront-toasts";
import { SIM_URL } from "../support/env";
import { createSchedule, createTestTour, holdPlaces, paidBooking, soonDate } from "../support/tours";

/*
 * The rough edges of booking on a phone (issue 23): the cart after "Agregar al carrito", the checkout's field
 * errors, counters that agree, free-tour pictures in every size. With JavaScript, and the checkout without it.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A fresh tour's departure in the cart (the tour page scrolled down to its departures first, as a visitor would). */
async function inTheCart(page: Page, request: APIRequestContext, cupo = 6) {
  const { tourId } = await createTestTour(request, { nombre: `Bordes ${Date.now()}`, cupo });
  await page.goto(tourPage(tourId, soonDate(3), "&hora=10:00"));
  // the visitor had scrolled down the tour page to its calendar and departures
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  return tourId;
}

/** Whether the sticky top bar covers any of the element. */
async function underTheBar(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const bar = document.querySelector(".topbar")!.getBoundingClientRect();
    const el = document.querySelector(sel)!.getBoundingClientRect();
    return el.top < bar.bottom && el.bottom > bar.top;
  }, selector);
}

test("el carrito se abre arriba, con el tour agregado a la vista, y el aviso no tapa el total", async ({ page, request }) => {
  await page.goto("/");
  await inTheCart(page, request);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId("cart-line").getByRole("heading", { level: 2 })).toBeInViewport();
  // whatever the toast says, it does not sit on the total
  const total = await page.getByTestId("cart-total").boundingBox();
  for (const toast of await page.locator('[data-testid="toast"]').all()) {
    const box = await toast.boundingBox();
    if (!box || !total) continue;
    const overlaps = box.y < total.y + total.height && box.y + box.height > total.y && box.x < total.x + total.width && box.x + box.width > total.x;
    expect(overlaps, "toast over the total").toBe(false);
  }
});

test("los errores del formulario se dicen junto a cada campo, el primero recibe el foco y no se habla de un error del pedido", async ({ page, request }) => {
  await inTheCart(page, request);
  await addTraveller(page, "mayores_15", 1);
  await page.getByTestId("go-pay").click();
  const form = page.getByTestId("checkout-form");
  await form.locator('[name="apellido"]').fill("Ríos");
  await form.getByRole("button", { name: /^Pagar / }).click();
  const nombre = form.locator('[name="nombre"]');
  await expect(nombre).toBeFocused();
  await expect(nombre).toHaveAccessibleDescription("El nombre es obligatorio");
  await expect(nombre).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("checkout-errors").getByRole("link", { name: "Nombre: El nombre es obligatorio" })).toHaveAttribute("href", "#checkout-nombre");
  await expectToast(page, "Faltan datos o hay datos por corregir: revisa los campos marcados");
  expect(await toastTexts(page)).not.toContain("Se genero un error al crear el pedido");
});

test("con el cupo lleno, el «+» de personas se detiene y la nota explica por qué el de mascotas sigue", async ({ page, request }) => {
  await inTheCart(page, request, 1);
  await addTraveller(page, "mayores_15", 1);
  const note = page.getByTestId("counters-full");
  await expect(note).toHaveText("No quedan más lugares para personas en esta salida; las mascotas no ocupan lugar.");
  const adultsPlus = page.getByTestId("counter-mayores_15").locator('button[data-action="inc"]');
  await expect(adultsPlus).toBeDisabled();
  await expect(adultsPlus).toHaveAccessibleDescription(/No quedan más lugares para personas/);
  await expect(page.getByTestId("counter-mascotas").locator('button[data-action="inc"]')).toHaveAccessibleDescription(/las mascotas no ocupan lugar/);
});

test("una salida agotada mientras el carrito espera: «Ir a pagar» desactivado con el motivo al lado", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Motivo ${Date.now()}`, cupo: 1 });
  const fecha = soonDate(3);
  await page.goto(tourPage(tourId, fecha, "&hora=10:00"));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await addTraveller(page, "mayores_15", 1);
  await holdPlaces(request, tourId, fecha, "10:00", 1, `motivo-${Date.now()}@example.com`);
  await page.reload();
  const pay = page.getByTestId("go-pay");
  await expect(pay).toBeDisabled();
  await expect(pay).toHaveAccessibleDescription(/: Esta salida se agotó mientras esperabas: elige otra fecha en la página del tour$/);
  await expect(page.getByTestId("pay-reason")).toBeVisible();
});

test("una salida con sus últimos lugares retenidos dice «Reservado por otro viajero», no «Agotado»", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Retenida ${Date.now()}`, cupo: 2 });
  await createSchedule(request, tourId, "15:30", 6);
  const fecha = soonDate(3);
  await holdPlaces(request, tourId, fecha, "10:00", 2, `retiene-${Date.now()}@example.com`);
  await page.goto(tourPage(tourId, fecha));
  const departure = page.getByTestId("slots").getByTestId("slot").first();
  await expect(departure).toContainText("10:00");
  await expect(departure.getByTestId("slot-note")).toHaveText(/^Reservado por otro viajero \(puede liberarse en 1[45] min\)$/);
  await expect(departure).toBeDisabled();
});

test("una salida agotada deja elegir los otros horarios del día y ofrece las próximas salidas con lugares", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Alternativas ${Date.now()}`, cupo: 1 });
  await createSchedule(request, tourId, "15:30", 6);
  // the 5th of next month: the alternatives are the later days of the month shown
  const next = soonDate(35);
  const fecha = `${next.slice(0, 8)}05`;
  await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 1, email: `agota-${Date.now()}@example.com` });
  await page.goto(tourPage(tourId, fecha));
  const departures = page.getByTestId("slots").getByTestId("slot");
  await expect(departures.filter({ hasText: "10:00" })).toBeDisabled();
  await expect(departures.filter({ hasText: "15:30" })).toBeEnabled();
  const alternatives = page.getByTestId("alternativas");
  await expect(alternatives.getByRole("heading", { name: "Próximas salidas con lugares" })).toBeVisible();
  const links = alternatives.getByRole("link");
  await expect(links).toHaveCount(3);
  await expect(links.first()).toHaveAttribute("href", new RegExp(`fecha=${fecha.slice(0, 8)}06&hora=10(%3A|:)00`));
  await links.first().click();
  await expect(page).toHaveURL(new RegExp(`fecha=${fecha.slice(0, 8)}06`));
  await expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toBeVisible();
});

test("las fotos de los free tours cargan en todos sus tamaños", async ({ page, request }) => {
  const pais = await colombia();
  const bogota = byName((await ciudades()).filter((c) => c.pais === pais.id), "Bogotá");
  await page.goto(`/actividades/${pais.id}/${bogota.id}`);
  const images = page.getByTestId("free-tour-card").locator("img");
  expect(await images.count()).toBeGreaterThan(0);
  const srcset = (await images.first().getAttribute("srcset")) ?? "";
  const urls = srcset.split(",").map((part) => part.trim().split(" ")[0]!).filter(Boolean);
  expect(urls.some((u) => u.endsWith("-480w.webp"))).toBe(true);
  for (const url of urls) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
  }
  await images.first().scrollIntoViewIfNeeded();
  await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("los errores del formulario se enlazan arriba, junto a cada campo, sin quedar bajo la barra", async ({ page, request }) => {
    await inTheCart(page, request);
    await addTraveller(page, "mayores_15", 1);
    await page.getByTestId("go-pay").click();
    const form = page.getByTestId("checkout-form");
    await form.getByRole("button", { name: /^Pagar / }).click();
    const summary = page.getByTestId("checkout-errors");
    await expect(summary.getByRole("link", { name: "Nombre: El nombre es obligatorio" })).toHaveAttribute("href", "#checkout-nombre");
    await expect(summary.getByRole("link", { name: /^Email: / })).toHaveAttribute("href", "#checkout-email");
    await expect(form.locator('[name="nombre"]')).toHaveAccessibleDescription("El nombre es obligatorio");
    await expect(form).toContainText("Faltan datos o hay datos por corregir: revisa los campos marcados");
    await expect(page.locator("body")).not.toContainText("Se genero un error al crear el pedido");
    // the page opens at the form (#datos): its heading is not under the sticky bar
    await expect(page.locator("#checkout-title")).toBeInViewport();
    expect(await underTheBar(page, "#checkout-title")).toBe(false);
    // following a link of the summary brings its field into view, clear of the bar
    await summary.getByRole("link", { name: /^Dirección: / }).click();
    await expect(page).toHaveURL(/#checkout-direccion$/);
    expect(await underTheBar(page, "#checkout-direccion")).toBe(false);
  });
});
