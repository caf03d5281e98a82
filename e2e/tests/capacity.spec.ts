import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { API_URL, SIM_URL } from "../support/env";
import { staffHeaders } from "../support/staff";
import { addTraveller, fillContactForm, tourPage } from "../support/storefront";
import { toastTexts } from "../support/storefront-toasts";
import { createSchedule, createTestTour, holdPlaces, ordersOf, soonDate } from "../support/tours";

/*
 * Never oversell (capacity per departure): what a visitor sees of it, with JavaScript and without (the @nojs
 * describe runs the same journeys in the "nojs" project). Each test makes its own tour with a daily 10:00 horario of
 * a few places and fills it through the API, so nothing depends on the demo catalogue.
 */

const SOLD_OUT_AT_CHECKOUT = /La salida del .* a las 10:00 hora de Bogotá está agotada; elige otra fecha u horario/;

async function soldOutDayIsNotBookable(page: Page, request: APIRequestContext) {
  const { tourId } = await createTestTour(request, { nombre: `Salida agotada ${Date.now()}`, cupo: 2 });
  const fecha = soonDate(3);
  await holdPlaces(request, tourId, fecha, "10:00", 2, `lleno-${Date.now()}@example.com`);

  await page.goto(tourPage(tourId, fecha));
  const day = page.locator(`.calendar [data-date="${fecha}"]`);
  await expect(day).toHaveAttribute("data-estado", "agotado");
  await expect(day).toHaveAttribute("aria-label", /agotado/);
  // not a link: the day cannot be chosen, and asking for it in the URL shows no departures to book
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(0);
  await expect(page.getByTestId("slots")).toHaveCount(0);
  await page.goto(tourPage(tourId, fecha, "&hora=10:00"));
  await expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toHaveCount(0);
  // the day before is still open
  const before = page.locator(`.calendar a[data-date="${soonDate(2)}"]`);
  if (soonDate(2).slice(0, 7) === fecha.slice(0, 7)) await expect(before).toHaveCount(1);
}

async function fewPlacesAndCountersStop(page: Page, request: APIRequestContext) {
  const { tourId } = await createTestTour(request, { nombre: `Quedan dos ${Date.now()}`, cupo: 3 });
  const fecha = soonDate(3);
  await holdPlaces(request, tourId, fecha, "10:00", 1, `uno-${Date.now()}@example.com`);

  await page.goto(tourPage(tourId, fecha));
  const departure = page.getByTestId("slots").getByTestId("slot");
  await expect(departure).toHaveCount(1);
  await expect(departure).toContainText("10:00 hora de Bogotá");
  await expect(departure.getByTestId("slot-note")).toHaveText("Quedan 2 lugares");
  await departure.click();
  const dialog = page.getByRole("dialog", { name: "Confirma tu reserva" });
  await expect(dialog).toContainText("10:00 hora de Bogotá");
  await expect(dialog).toContainText("Quedan 2 lugares en esta salida.");
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);

  const line = page.getByTestId("cart-line");
  await expect(line.getByTestId("line-when")).toContainText("10:00 hora de Bogotá");
  await expect(line.getByTestId("line-places")).toHaveText("Quedan 2 lugares en esta salida");
  const adults = page.getByTestId("counter-mayores_15");
  const children = page.getByTestId("counter-de_4_15");
  const pets = page.getByTestId("counter-mascotas");
  await adults.locator('button[data-action="inc"]').click();
  await expect(adults.getByTestId("counter-value")).toHaveText("1");
  await children.locator('button[data-action="inc"]').click();
  await expect(children.getByTestId("counter-value")).toHaveText("1");
  // two persons: every person counter stops there; pets take no place
  await expect(adults.locator('button[data-action="inc"]')).toBeDisabled();
  await expect(children.locator('button[data-action="inc"]')).toBeDisabled();
  await expect(page.getByTestId("counter-menores_3").locator('button[data-action="inc"]')).toBeDisabled();
  await expect(pets.locator('button[data-action="inc"]')).toBeEnabled();
  // a page that still shows the old limit (or a hand-made post) cannot go past it: the server brings the counts
  // back to the places left and says why
  const tooMany = await page.request.post("/shop", {
    form: { intent: "counts", tour_id: String(tourId), mayores_15: "2", de_4_15: "1", menores_3: "0", mascotas: "0", js: "0" },
    maxRedirects: 0,
  });
  expect(tooMany.status()).toBe(302);
  await page.reload();
  await expect.poll(() => toastTexts(page)).toContain("Solo quedan 2 lugares para esta salida");
  await expect(adults.getByTestId("counter-value")).toHaveText("1");
  await expect(children.getByTestId("counter-value")).toHaveText("1");
  // clamped, not refused: asking for four adults instead of one adult and one child keeps two adults
  const clamped = await page.request.post("/shop", {
    form: { intent: "counts", tour_id: String(tourId), mayores_15: "4", de_4_15: "0", menores_3: "0", mascotas: "1", js: "0" },
    maxRedirects: 0,
  });
  expect(clamped.status()).toBe(302);
  await page.reload();
  await expect.poll(() => toastTexts(page)).toContain("Solo quedan 2 lugares para esta salida");
  await expect(adults.getByTestId("counter-value")).toHaveText("2");
  await expect(children.getByTestId("counter-value")).toHaveText("0");
  await expect(pets.getByTestId("counter-value")).toHaveText("1");
  await expect(adults.locator('button[data-action="inc"]')).toBeDisabled();
  await expect(line.getByTestId("line-problem")).toHaveCount(0);
}

async function closedDepartureIsShownClosed(page: Page, request: APIRequestContext) {
  const { tourId } = await createTestTour(request, { nombre: `Salida cerrada ${Date.now()}`, cupo: 8 });
  await createSchedule(request, tourId, "15:00", 8);
  const headers = await staffHeaders();
  const fecha = soonDate(3);
  // staff close the morning departure only (weather): the day stays bookable for the afternoon
  const closed = await request.put(`${API_URL}/api/salidas/cierre`, { headers, data: { tour_id: tourId, fecha, hora: "10:00", cerrada: true } });
  expect(closed.ok(), await closed.text()).toBe(true);

  await page.goto(tourPage(tourId, fecha));
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(1);
  const departures = page.getByTestId("slots").getByTestId("slot");
  await expect(departures).toHaveCount(2);
  await expect(departures.nth(0)).toContainText("10:00 hora de Bogotá");
  await expect(departures.nth(0).getByTestId("slot-note")).toHaveText("Cerrado");
  await expect(departures.nth(0)).toBeDisabled();
  await expect(departures.nth(1)).toContainText("15:00 hora de Bogotá");
  await expect(departures.nth(1)).toBeEnabled();
  // asking for the closed one in the URL does not open the confirmation
  await page.goto(tourPage(tourId, fecha, "&hora=10:00"));
  await expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toHaveCount(0);

  // the whole date closed: marked "Cerrado" on the calendar, not a link
  const allDay = await request.put(`${API_URL}/api/salidas/cierre`, { headers, data: { tour_id: tourId, fecha, cerrada: true } });
  expect(allDay.ok(), await allDay.text()).toBe(true);
  await page.goto(tourPage(tourId, fecha));
  await expect(page.locator(`.calendar [data-date="${fecha}"]`)).toHaveAttribute("data-estado", "cerrado");
  await expect(page.locator(`.calendar [data-date="${fecha}"]`)).toHaveAttribute("aria-label", /cerrado/);
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(0);
  await expect(page.locator(".calendar__legend")).toContainText("Cerrado");
}

async function soldOutWhileTheCartWaits(page: Page, request: APIRequestContext, withJs: boolean) {
  const { tourId } = await createTestTour(request, { nombre: `Se agota esperando ${Date.now()}`, cupo: 2 });
  const fecha = soonDate(3);
  const email = `espera-${withJs ? "js" : "nojs"}-${Date.now()}@example.com`;

  await page.goto(tourPage(tourId, fecha, "&hora=10:00"));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await addTraveller(page, "mayores_15", 1);
  await page.getByTestId("go-pay").click();
  const form = page.getByTestId("checkout-form");
  await expect(form).toBeVisible();
  await fillContactForm(page, { nombre: "Camila", apellido: "Rojas", email, direccion: "Calle 80 # 10-20" });

  // meanwhile somebody else takes the last places
  await holdPlaces(request, tourId, fecha, "10:00", 2, `otro-${Date.now()}@example.com`);

  await form.getByRole("button", { name: /^Pagar / }).click();
  const refusal = page.getByTestId("checkout-form").getByRole("alert").filter({ hasText: SOLD_OUT_AT_CHECKOUT });
  await expect(refusal).toHaveCount(1);
  // the spec's own failure message too: a toast with JavaScript, a notice on the page without
  if (withJs) await expect.poll(() => toastTexts(page)).toContain("Se genero un error al crear el pedido");
  else await expect(page.getByTestId("checkout-form")).toContainText("Se genero un error al crear el pedido");
  expect(page.url().startsWith(SIM_URL)).toBe(false);
  // nothing stored for this buyer, so nothing to charge; the cart is kept and says why
  expect(await ordersOf(request, email)).toHaveLength(0);
  await page.goto("/shop");
  await expect(page.getByTestId("line-problem")).toHaveText(
    "Esta salida se agotó mientras esperabas: elige otra fecha en la página del tour",
  );
}

test("un día agotado no se puede elegir", async ({ page, request }) => {
  await soldOutDayIsNotBookable(page, request);
});

test("«Ir a pagar» tocado mientras el carrito aún se guarda espera al guardado y abre el formulario", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Pago rápido ${Date.now()}`, cupo: 5 });
  const fecha = soonDate(3);
  await page.goto(tourPage(tourId, fecha, "&hora=10:00"));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // a slow connection: the counts' post takes a second to be answered
  let saved = false;
  await page.route(
    (url) => url.pathname === "/shop" && url.searchParams.has("_data"),
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
      saved = true;
    },
  );
  await addTraveller(page, "mayores_15", 1);
  await page.getByTestId("go-pay").click();
  await expect(page.getByTestId("checkout-form")).toBeVisible();
  expect(saved).toBe(true);
  expect(await toastTexts(page)).not.toContain("Agrega al menos un viajero a cada tour del carrito antes de pagar");
});

test("en una conexión lenta, la salida tocada se ve elegida al instante, antes de que llegue la confirmación", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Salida tocada ${Date.now()}`, cupo: 5 });
  await page.goto(tourPage(tourId, soonDate(3)));
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  // the departure's page (its data) takes two seconds to come
  let answered = false;
  await page.route(
    (url) => url.searchParams.get("hora") === "10:00" && url.searchParams.has("_data"),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
      answered = true;
    },
  );
  const departure = page.getByTestId("slots").getByRole("button", { name: /10:00/ });
  await expect(departure).toHaveAttribute("aria-pressed", "false");
  await departure.click();
  await expect(departure).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
  expect(answered).toBe(false);
  await expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toBeVisible();
  expect(answered).toBe(true);
});

test("«Quedan 2 lugares» y los contadores se detienen en 2", async ({ page, request }) => {
  await fewPlacesAndCountersStop(page, request);
});

test("una salida que se agota mientras el carrito espera se rechaza al pagar, sin cobro", async ({ page, request }) => {
  await soldOutWhileTheCartWaits(page, request, true);
});

test("una salida cerrada se muestra «Cerrado» y no se puede elegir", async ({ page, request }) => {
  await closedDepartureIsShownClosed(page, request);
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("un día agotado no se puede elegir", async ({ page, request }) => {
    await soldOutDayIsNotBookable(page, request);
  });

  test("«Quedan 2 lugares» y los contadores se detienen en 2", async ({ page, request }) => {
    await fewPlacesAndCountersStop(page, request);
  });

  test("una salida que se agota mientras el carrito espera se rechaza al pagar, sin cobro", async ({ page, request }) => {
    await soldOutWhileTheCartWaits(page, request, false);
  });

  test("una salida cerrada se muestra «Cerrado» y no se puede elegir", async ({ page, request }) => {
    await closedDepartureIsShownClosed(page, request);
  });
});
