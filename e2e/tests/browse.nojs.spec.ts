import { expect, test } from "../support/test";
import { ciudades, colombia, freeTour, freeToursOf, paises } from "../support/api";

/*
 * The browsing journeys with JavaScript off (project "nojs"): everything is server-rendered HTML, links and
 * GET/POST forms. The search is a form to /buscar, the free-tour filters are a GET form whose URL carries the
 * filter, calendar days are links and the favourites button is a POST form.
 */

test("the home is complete without JavaScript: first slide, countries, promo, no popup", async ({ page }) => {
  const countries = await paises();
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  const slides = page.getByTestId("slide");
  await expect(slides).toHaveCount(5);
  await expect(page.locator('[data-testid="slide"][data-active="true"]')).toHaveCount(1);
  await expect(slides.nth(0)).toHaveAttribute("data-active", "true");
  await expect(page.getByTestId("country-card")).toHaveCount(countries.length);
  await expect(page.getByTestId("japan-promo")).toBeVisible();
  await page.waitForTimeout(3_500);
  await expect(page.getByTestId("banner-popup")).toHaveCount(0);
});

test("searching a destination lists the matching countries and cities as links", async ({ page }) => {
  const co = await colombia();
  const bogota = (await ciudades()).find((c) => c.nombre === "Bogotá")!;
  await page.goto("/");
  await page.locator("#hero-q").fill("bog");
  await page.locator("#hero-q").press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=bog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “bog”");
  const results = page.getByTestId("search-results");
  await expect(results.getByRole("link")).toHaveText(["Colombia", "Bogotá"]);
  await expect(results.getByRole("link", { name: "Colombia" })).toHaveAttribute("href", `/pais/${co.id}`);
  await results.getByRole("link", { name: "Bogotá" }).click();
  await expect(page).toHaveURL(`/actividades/${co.id}/${bogota.id}`);

  // The top bar's search box works the same way.
  await page.locator("#topbar-q").fill("japon");
  await page.locator("#topbar-q").press("Enter");
  await expect(page.getByTestId("search-results").getByRole("link", { name: "Japón" })).toBeVisible();

  // A search link to the home ("/?q=…") lands on the same results.
  await page.goto("/?q=cart");
  await expect(page).toHaveURL(/\/buscar\?q=cart$/);
  await expect(page.getByTestId("search-results").getByRole("link", { name: "Cartagena" })).toBeVisible();

  await page.goto("/buscar?q=zzzz");
  await expect(page.getByRole("status").filter({ hasText: "destinos" })).toHaveText("No encontramos destinos con “zzzz”.");
  await expect(page.getByTestId("tours-range")).toHaveText("0 tours");
  await expect(page.getByText("No encontramos tours con “zzzz”.")).toBeVisible();
});

test("free-tour filters apply with the button and are kept in the URL", async ({ page }) => {
  const co = await colombia();
  const cities = await ciudades();
  const list = await freeToursOf(co.freetour_id!);
  const details = await Promise.all(list.map((t) => freeTour(t.id)));
  await page.goto(`/country/${co.freetour_id}`);
  const items = page.getByTestId("free-tour-item");
  await expect(items).toHaveCount(list.length);

  const cartagena = cities.find((c) => c.nombre === "Cartagena")!;
  await page.getByRole("checkbox", { name: "Cartagena" }).check();
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(new RegExp(`ciudad=${cartagena.freetour_id}`));
  await expect(items).toHaveCount(list.filter((t) => t.cityId === cartagena.freetour_id).length);
  await expect(page.getByRole("checkbox", { name: "Cartagena" })).toBeChecked();

  // Start hour up to 9:00, moved with the keyboard (native range input, no script involved).
  await page.getByRole("link", { name: "Limpiar" }).click();
  const slider = page.getByRole("slider", { name: /Hasta las/ });
  await slider.focus();
  for (let i = 0; i < 15; i++) await page.keyboard.press("ArrowLeft");
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/hmax=9/);
  const early = details.filter((d) => d.disponibilidad.data.some((s) => s.date.slice(11, 16) <= "09:00"));
  await expect(items).toHaveCount(early.length);
  await expect(page.getByText("Hasta las 9:00")).toBeVisible();

  // Dates typed without choosing "Fechas" still filter by those dates.
  const todayThere = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
  const inTwoDays = new Date(Date.parse(`${todayThere}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.goto(`/country/${co.freetour_id}`);
  await page.getByLabel("Desde", { exact: true }).fill(inTwoDays);
  await page.getByLabel("Hasta", { exact: true }).fill(inTwoDays);
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  const onThatDay = details.filter((d) => d.disponibilidad.data.some((s) => s.date.slice(0, 10) === inTwoDays));
  await expect(items).toHaveCount(onThatDay.length);
});

test("on the activity page a calendar day is a link that lists its departures; favourites is a form", async ({ page }) => {
  const co = await colombia();
  const [first] = await freeToursOf(co.freetour_id!);
  const detail = await freeTour(first!.id);
  const day = detail.disponibilidad.data[0]!.date.slice(0, 10);

  await page.goto(`/activity/${first!.id}`);
  await page.getByTestId("calendar").locator(`a[data-date="${day}"]`).click();
  await expect(page).toHaveURL(new RegExp(`dia=${day}`));
  const hours = detail.disponibilidad.data.filter((s) => s.date.startsWith(day)).map((s) => s.date.slice(11, 16));
  await expect(page.getByTestId("day-slots").locator(".badge")).toHaveCount(hours.length);

  await page.getByTestId("favorite").click();
  await expect(page).toHaveURL(`/activity/${first!.id}`);
  await expect(page.getByTestId("favorite")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "Actividad guardada en tus favoritos" })).toBeVisible();

  // The visit is remembered in a cookie: the home's still-interested strip shows it without JavaScript.
  await page.goto("/");
  await expect(page.getByTestId("visited-strip").getByRole("link", { name: first!.title.es })).toHaveAttribute(
    "href",
    `/activity/${first!.id}`,
  );
});

test("on a phone the free-tour filters fold behind a Filtrar toggle", async ({ page }) => {
  const co = await colombia();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/country/${co.freetour_id}`);
  const form = page.getByRole("form", { name: "Filtros" });
  await expect(form).toBeHidden();
  await expect(page.getByTestId("free-tour-item").first()).toBeVisible();
  await page.getByText("Filtrar", { exact: true }).first().click();
  await expect(form).toBeVisible();
  // With a filter applied the page opens with the filters shown.
  await page.goto(`/country/${co.freetour_id}?duracion=corta`);
  await expect(form).toBeVisible();
  await expect(page.getByText("Filtros (activos)")).toBeVisible();
});

test("unknown pages answer the Spanish 404 page", async ({ page }) => {
  const response = await page.goto("/no-existe/para-nada");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
});
