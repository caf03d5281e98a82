import { expect, test } from "../support/test";
import { apiJson, byName, ciudades, freeTour, freeToursOf, paises, tours } from "../support/api";
import { hydrated } from "../support/storefront";

/*
 * Browsing the catalogue with JavaScript: country → city → tour links, the free-tour list and its filters, and
 * the external activity detail. What a page shows is compared with what the API answers; the same journeys
 * without JavaScript are in browse.nojs.spec.ts.
 */

test.describe("country, city and tour links", () => {
  test("country page → its cities → the city's local tours and free tours", async ({ page }) => {
    const [countries, cities, localTours] = await Promise.all([paises(), ciudades(), tours()]);
    const colombia = byName(countries, "Colombia");
    const colombianCities = cities.filter((c) => c.pais === colombia.id);

    const response = await page.goto(`/pais/${colombia.id}`);
    expect(response?.headers()["cache-control"]).toContain("max-age=60");
    await expect(page).toHaveTitle(/Colombia/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Colombia");
    await expect(page.locator(".page-hero img")).toHaveAttribute("src", new RegExp(colombia.imagen!.replace(/[.]/g, "\\.")));
    const cityCards = page.getByTestId("city-card");
    await expect(cityCards).toHaveCount(colombianCities.length);
    for (const city of colombianCities) {
      await expect(page.getByRole("link", { name: city.nombre, exact: true })).toHaveAttribute(
        "href",
        `/actividades/${colombia.id}/${city.id}`,
      );
    }
    await expect(page.getByTestId("free-tours-link")).toHaveAttribute("href", `/country/${colombia.freetour_id}`);

    const bogota = colombianCities.find((c) => c.nombre === "Bogotá")!;
    await page.getByRole("link", { name: "Bogotá", exact: true }).click();
    await expect(page).toHaveURL(`/actividades/${colombia.id}/${bogota.id}`);
    const cityLocal = localTours.filter((t) => t.ciudad === bogota.id);
    const byCity = await apiJson<{ freetour: { tours: Array<{ id: string; title: { es: string } }> } }>(
      `/api/tour/index/ciudad/${bogota.id}`,
    );
    await expect(page.getByTestId("local-tour-card")).toHaveCount(cityLocal.length);
    await expect(page.getByTestId("free-tour-card")).toHaveCount(byCity.freetour.tours.length);
    expect(cityLocal.length).toBeGreaterThan(0);
    for (const tour of cityLocal) {
      const card = page.getByTestId("local-tour-card").filter({ hasText: tour.nombre });
      await expect(card.getByRole("link", { name: tour.nombre })).toHaveAttribute("href", `/actividades/detalle/local/${tour.id}`);
      await expect(card).toContainText(`USD ${Number(tour.precio).toFixed(2)}`);
    }
    for (const tour of byCity.freetour.tours) {
      await expect(page.getByRole("link", { name: tour.title.es })).toHaveAttribute("href", `/activity/${tour.id}`);
    }
    await page.getByRole("link", { name: cityLocal[0]!.nombre }).click();
    await expect(page).toHaveURL(`/actividades/detalle/local/${cityLocal[0]!.id}`);
  });

  test("a city address under the wrong country is redirected to the right one", async ({ page }) => {
    const [countries, cities] = await Promise.all([paises(), ciudades()]);
    const mexico = byName(countries, "México");
    const bogota = cities.find((c) => c.nombre === "Bogotá")!;
    await page.goto(`/actividades/${mexico.id}/${bogota.id}`);
    await expect(page).toHaveURL(`/actividades/${bogota.pais}/${bogota.id}`);
  });
});

test.describe("free tour list", () => {
  test("cards show title, brief, includes and price with currency, linking to the activity", async ({ page }) => {
    const colombia = byName(await paises(), "Colombia");
    const list = await freeToursOf(colombia.freetour_id!);
    await page.goto(`/country/${colombia.freetour_id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Free tours en Colombia");
    const items = page.getByTestId("free-tour-item");
    await expect(items).toHaveCount(list.length);
    for (const tour of list) {
      const item = items.filter({ has: page.getByRole("link", { name: tour.title.es, exact: true }) });
      await expect(item.getByRole("link", { name: tour.title.es, exact: true })).toHaveAttribute("href", `/activity/${tour.id}`);
      if (tour.brief?.es) await expect(item).toContainText(tour.brief.es);
      for (const include of tour.includes) await expect(item.getByRole("listitem").filter({ hasText: include })).toHaveCount(1);
      await expect(item.getByTestId("free-tour-price")).toHaveText(`${tour.price.currency} ${Number(tour.price.value).toFixed(2)}`);
    }
  });

  test("city, category, day and start-hour filters change the list and live in the URL", async ({ page }) => {
    const [countries, cities] = await Promise.all([paises(), ciudades()]);
    const colombia = byName(countries, "Colombia");
    const list = await freeToursOf(colombia.freetour_id!);
    const details = await Promise.all(list.map((t) => freeTour(t.id)));
    await page.goto(`/country/${colombia.freetour_id}`);
    await hydrated(page);
    const items = page.getByTestId("free-tour-item");
    await expect(items).toHaveCount(list.length);

    // City: only Medellín's tours.
    const medellin = cities.find((c) => c.nombre === "Medellín")!;
    const inMedellin = list.filter((t) => t.cityId === medellin.freetour_id);
    expect(inMedellin.length).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: "Medellín" }).check();
    await expect(page).toHaveURL(new RegExp(`ciudad=${medellin.freetour_id}`));
    await expect(items).toHaveCount(inMedellin.length);
    await expect(page.getByTestId("results-count")).toContainText(`${inMedellin.length} de ${list.length}`);
    await page.getByRole("checkbox", { name: "Medellín" }).uncheck();
    await expect(items).toHaveCount(list.length);

    // Start hour: from 15:00 (slider moved with the keyboard, like a visitor would).
    const late = details.filter((d) => d.disponibilidad.data.some((s) => Number(s.date.slice(11, 13)) >= 15));
    const slider = page.getByRole("slider", { name: /Desde las/ });
    await slider.focus();
    for (let i = 0; i < 15; i++) await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/hmin=15/);
    await expect(items).toHaveCount(late.length);
    for (const d of late) await expect(page.getByRole("link", { name: d.data.title.es, exact: true })).toBeVisible();
    await expect(page.getByText("Desde las 15:00")).toBeVisible();

    // Tomorrow (the tours' own today; Colombia is UTC-5).
    await page.goto(`/country/${colombia.freetour_id}`);
    await hydrated(page);
    const todayThere = new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(`${todayThere}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const runTomorrow = details.filter((d) => d.disponibilidad.data.some((s) => s.date.slice(0, 10) === tomorrow));
    await page.getByRole("radio", { name: "Mañana" }).check();
    await expect(page).toHaveURL(/disp=manana/);
    await expect(items).toHaveCount(runTomorrow.length);

    // Category (duration): more than 2 hours.
    await page.getByRole("radio", { name: "Cualquier día" }).check();
    await expect(page).not.toHaveURL(/disp=manana/);
    const long = list.filter((t) => Number(t.length) > 120);
    expect(long.length).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: "Más de 2 horas" }).check();
    await expect(page).toHaveURL(/duracion=larga/);
    await expect(items).toHaveCount(long.length);

    // Long tours starting after 23:00: nothing: the list says so and offers to clear the filters.
    await page.goto(`/country/${colombia.freetour_id}?duracion=larga&hmin=23`);
    await expect(page.getByText("Ningún free tour coincide con estos filtros.")).toBeVisible();
    await expect(items).toHaveCount(0);
    await page.getByRole("link", { name: "Quitar filtros" }).click();
    await expect(items).toHaveCount(list.length);
  });

  test("both duration categories together show every tour; an unknown category is ignored", async ({ page }) => {
    const mexico = byName(await paises(), "México");
    const list = await freeToursOf(mexico.freetour_id!);
    await page.goto(`/country/${mexico.freetour_id}?duracion=corta`);
    const short = list.filter((t) => Number(t.length) <= 120);
    await expect(page.getByTestId("free-tour-item")).toHaveCount(short.length);
    await expect(page.getByRole("checkbox", { name: "Hasta 2 horas" })).toBeChecked();
    await page.goto(`/country/${mexico.freetour_id}?duracion=corta&duracion=larga`);
    await expect(page.getByTestId("free-tour-item")).toHaveCount(list.length);
    await page.goto(`/country/${mexico.freetour_id}?duracion=otra`);
    await expect(page.getByTestId("free-tour-item")).toHaveCount(list.length);
  });
});

test.describe("external activity detail", () => {
  test("shows every section of the activity from the provider's data", async ({ page }) => {
    const colombia = byName(await paises(), "Colombia");
    const [first] = await freeToursOf(colombia.freetour_id!);
    const detail = await freeTour(first!.id);
    const tour = detail.data;

    const response = await page.goto(`/activity/${tour.id}`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    await expect(page).toHaveTitle(new RegExp(tour.title.es));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tour.title.es);
    await expect(page.getByTestId("back-link")).toHaveAttribute("href", `/country/${tour.countryId}`);
    await expect(page.getByTestId("from-price")).toHaveText(`Desde ${tour.price.currency} ${Number(tour.price.value).toFixed(2)}`);
    await expect(page.getByRole("link", { name: "Ver disponibilidad" })).toHaveAttribute("href", "#disponibilidad");

    // Carousel: every photo, two in view on a desktop.
    const photos = page.getByTestId("carousel").locator("img");
    await expect(photos).toHaveCount(tour.images.length);
    const widths = await photos.evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().width));
    const track = await page.locator(".carousel__track").evaluate((t) => t.getBoundingClientRect().width);
    expect(widths[0]! * 2).toBeLessThanOrEqual(track + 1);
    expect(widths[0]! * 2).toBeGreaterThan(track * 0.9);

    // Share menu.
    await page.getByText("Compartir", { exact: true }).click();
    const pageUrl = encodeURIComponent(page.url().split("?")[0]!.split("#")[0]!);
    await expect(page.getByRole("link", { name: "Facebook", exact: true })).toHaveAttribute("href", `https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`);
    await expect(page.getByRole("link", { name: "X", exact: true })).toHaveAttribute("href", new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${pageUrl.replace(/[.?]/g, "\\$&")}`));
    await expect(page.getByRole("link", { name: "LinkedIn", exact: true })).toHaveAttribute("href", /linkedin\.com\/sharing/);
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();

    // Sticky section nav pointing at real sections.
    const nav = page.getByTestId("section-nav");
    await expect(nav.getByRole("link")).toHaveText(["Descripcion", "Detalles", "Cancelaciones", "Opiniones"]);
    for (const id of ["descripcion", "detalles", "cancelaciones", "opiniones"]) await expect(page.locator(`#${id}`)).toHaveCount(1);
    expect(await nav.evaluate((n) => getComputedStyle(n).position)).toBe("sticky");
    await nav.getByRole("link", { name: "Opiniones" }).click();
    await expect(page).toHaveURL(/#opiniones$/);

    // Description (sanitised HTML) with its expandable detailed part; included list; meeting point.
    await expect(page.locator("#descripcion")).toContainText(tour.brief!.es!);
    const more = page.getByTestId("detailed-description");
    await expect(more.locator(".rich-text")).toBeHidden();
    await more.getByText("Ver descripción detallada").click();
    await expect(more.locator(".rich-text")).toBeVisible();
    await expect(page.locator("#descripcion script")).toHaveCount(0);
    await expect(page.getByTestId("includes").getByRole("listitem")).toHaveText(tour.includes);
    await expect(page.getByTestId("meeting-point")).toHaveText(tour.meetingPoint!.title!);

    // Reviews with count and rating.
    await expect(page.getByTestId("rating-summary")).toContainText(`${Number(tour.rating).toFixed(1)}/5`);
    await expect(page.getByTestId("rating-summary")).toContainText(`${tour.reviewsNumber} opiniones`);
    await expect(page.getByTestId("review")).toHaveCount(detail.comentarios.data.length);
    await expect(page.getByTestId("review").first()).toContainText(detail.comentarios.data[0]!.reviewerName);

    // Calendar from the provider's availability: Sunday first, Spanish month; a day lists its departures.
    const calendar = page.getByTestId("calendar");
    await expect(calendar.locator("thead th")).toHaveText(["D", "L", "M", "M", "J", "V", "S"]);
    const firstDeparture = detail.disponibilidad.data[0]!;
    const day = firstDeparture.date.slice(0, 10);
    const months = ["Enero", "Febrero", "Marzo", "Abril", "Mayo", "Junio", "Julio", "Agosto", "Septiembre", "Octubre", "Noviembre", "Diciembre"];
    await expect(calendar.getByRole("heading")).toHaveText(`${months[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`);
    await calendar.locator(`a[data-date="${day}"]`).click();
    await expect(page).toHaveURL(new RegExp(`dia=${day}`));
    const expectedHours = detail.disponibilidad.data.filter((s) => s.date.startsWith(day)).map((s) => s.date.slice(11, 16));
    await expect(page.getByTestId("day-slots").locator(".badge")).toHaveCount(expectedHours.length);
    for (const hour of expectedHours) await expect(page.getByTestId("day-slots")).toContainText(hour);

    // Favourites.
    const fav = page.getByTestId("favorite");
    await expect(fav).toHaveAttribute("aria-pressed", "false");
    await fav.click();
    await expect(fav).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("toast")).toContainText("Actividad guardada en tus favoritos");
    await page.reload();
    await expect(page.getByTestId("favorite")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("favorite").click();
    await expect(page.getByTestId("favorite")).toHaveAttribute("aria-pressed", "false");

    await page.getByTestId("back-link").click();
    await expect(page).toHaveURL(`/country/${tour.countryId}`);
  });
});
