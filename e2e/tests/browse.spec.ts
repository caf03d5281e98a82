import { expect, test, type Page } from "../support/test";
import {
  adminToken,
  apiGet,
  ciudades,
  freeTour,
  freeToursOf,
  paises,
  tours,
  type ApiPais,
} from "../support/api";
import { API_URL } from "../support/env";

/*
 * Browsing the storefront with JavaScript: home (top bar, search panel, slideshow, counters, promo, popup,
 * footer), country → city → tour links, the free-tour list filters, the external activity detail, the legal
 * and menu pages and the 404 page. What a page shows is compared with what the API answers.
 * The same journeys without JavaScript are in browse.nojs.spec.ts.
 */

/** Fake timers, paused before the page loads: page timers only move when the test runs the clock. */
async function pausedClock(page: Page) {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * The home's banner popup covers the page 3 s after load until closed; once closed it stays closed for the
 * browser session. Tests about something else start as a visitor who already closed it.
 */
async function bannerAlreadyClosed(page: Page) {
  const [banner] = await apiGet<Array<{ url: string }>>("/api/banner");
  if (!banner) return;
  await page.addInitScript((image) => window.sessionStorage.setItem("bannerVisto", image), `${API_URL}/${banner.url}`);
}

function byName(list: ApiPais[], nombre: string): ApiPais {
  const found = list.find((p) => p.nombre === nombre);
  if (!found) throw new Error(`demo seed without ${nombre}`);
  return found;
}

test.describe("home", () => {
  test("top bar, selling points, promo, WhatsApp, footer and page metadata", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toContain("max-age=60");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle(/Puzzle Travel/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /tours/i);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Puzzle Travel/);

    const topbar = page.locator("header.topbar");
    await expect(topbar.getByRole("link", { name: "Mi cuenta" })).toHaveAttribute("href", "/login");
    await expect(topbar.getByRole("link", { name: "Puzzle Rewards" })).toHaveAttribute("href", "/rewards");
    const cart = topbar.getByTestId("cart-link");
    await expect(cart).toHaveAttribute("href", "/shop");
    await expect(cart).toHaveAccessibleName("Carrito: 0 tours");
    await expect(topbar.getByTestId("cart-count")).toHaveText("0");

    await expect(page.locator(".selling-point")).toHaveCount(4);
    await expect(page.getByRole("heading", { name: "Atención al cliente 24/7" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Precios finales" })).toBeVisible();

    const japan = byName(await paises(), "Japón");
    const promo = page.getByTestId("japan-promo");
    await expect(promo.getByRole("heading", { name: "Descubre Japón" })).toBeVisible();
    await expect(promo.getByRole("link")).toHaveAttribute("href", `/pais/${japan.id}`);

    await expect(page.getByTestId("whatsapp")).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    await expect(page.getByTestId("whatsapp")).toHaveAccessibleName("Escríbenos por WhatsApp");

    const footer = page.locator("footer.footer");
    await expect(footer.getByTestId("footer-rating")).toContainText("9.1/10");
    await expect(footer.getByRole("img", { name: /Visa, Mastercard, PayPal/ })).toBeAttached();
    await expect(footer.getByRole("link", { name: "Aviso legal" })).toHaveAttribute("href", "/legal");
    for (const network of ["Facebook", "Instagram", "X", "YouTube"]) {
      await expect(footer.getByRole("link", { name: `Puzzle Travel en ${network}` })).toBeVisible();
    }
    for (const label of ["Quiénes somos", "Blog", "Proveedores", "Afiliados", "Contactar"]) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
  });

  test("Principales Experiencias counts each country's activities and reviews from the data", async ({ page }) => {
    const [countries, localTours] = await Promise.all([paises(), tours()]);
    const expected = new Map<string, { actividades: number; opiniones: number }>();
    for (const pais of countries) {
      const local = localTours.filter((t) => t.pais === pais.id);
      const comments = await Promise.all(
        local.map(async (t) => (await apiGet<{ succes: unknown[] }>(`/api/tour/comentario/index/${t.id}`)).succes.length),
      );
      const free = pais.freetour_id ? await freeToursOf(pais.freetour_id) : [];
      expected.set(pais.nombre, {
        actividades: local.length + free.length,
        opiniones: comments.reduce((a, b) => a + b, 0) + free.reduce((s, t) => s + Number(t.reviewsNumber ?? 0), 0),
      });
    }
    expect(countries.length).toBeGreaterThan(0);

    // The storefront caches these counts for up to a minute: another suite may just have added a comment.
    await expect(async () => {
      await page.goto("/");
      const cards = page.getByTestId("country-card");
      await expect(cards).toHaveCount(countries.length);
      for (const [nombre, counts] of expected) {
        const card = cards.filter({ has: page.getByRole("heading", { name: nombre, exact: true }) });
        await expect(card.getByTestId("count-actividades")).toHaveText(String(counts.actividades));
        await expect(card.getByTestId("count-opiniones")).toHaveText(String(counts.opiniones));
        const viajeros = Number(await card.getByTestId("count-viajeros").textContent());
        expect(viajeros).toBeGreaterThan(0);
        expect(viajeros).toBeLessThanOrEqual(counts.opiniones);
        await expect(card.getByText("0/10")).toBeVisible();
        await expect(card.getByRole("link", { name: nombre })).toHaveAttribute(
          "href",
          `/pais/${countries.find((p) => p.nombre === nombre)!.id}`,
        );
      }
    }).toPass({ timeout: 80_000, intervals: [1_000, 5_000, 10_000] });
  });

  test("clicking the search opens Top destinos grouped by country; typing filters by name", async ({ page }) => {
    const [countries, cities] = await Promise.all([paises(), ciudades()]);
    const colombia = byName(countries, "Colombia");
    const bogota = cities.find((c) => c.nombre === "Bogotá")!;

    await bannerAlreadyClosed(page);
    await page.goto("/");
    await hydrated(page);
    const panel = page.getByTestId("top-destinos");
    await expect(panel).toHaveCount(0);
    await page.locator("#hero-q").click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("heading", { name: "Top destinos" })).toBeVisible();
    await expect(panel.getByTestId("destino-pais")).toHaveCount(countries.length);
    const colombiaGroup = panel.getByTestId("destino-pais").filter({ hasText: "Colombia" });
    for (const city of cities.filter((c) => c.pais === colombia.id)) {
      await expect(colombiaGroup.getByRole("link", { name: city.nombre })).toHaveAttribute(
        "href",
        `/actividades/${colombia.id}/${city.id}`,
      );
    }

    await page.locator("#hero-q").fill("bog");
    await expect(panel.getByTestId("destino-pais")).toHaveCount(1);
    await expect(panel.getByRole("link")).toHaveText(["Colombia", "Bogotá"]);

    // Accents do not matter.
    await page.locator("#hero-q").fill("japon");
    await expect(panel.getByTestId("destino-pais")).toHaveCount(1);
    await expect(panel.getByRole("link", { name: "Japón" })).toBeVisible();

    await page.locator("#hero-q").fill("zzzz");
    await expect(panel).toContainText("No encontramos destinos");

    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);

    await page.locator("#hero-q").fill("bog");
    await panel.getByRole("link", { name: "Bogotá" }).click();
    await expect(page).toHaveURL(`/actividades/${colombia.id}/${bogota.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qué hacer en Bogotá");
  });

  test("the slideshow shows 5 captioned images, moves every 9 s and goes back from 5 to 1", async ({ page }) => {
    await bannerAlreadyClosed(page);
    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    const slides = page.getByTestId("slide");
    await expect(slides).toHaveCount(5);
    await expect(slides.nth(0).locator(".slide__caption")).toContainText("Cartagena de Indias");
    const active = () => page.locator('[data-testid="slide"][data-active="true"]');

    await expect(active()).toHaveCount(1);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "true");
    await page.clock.runFor(8_999);
    await expect(slides.nth(0)).toHaveAttribute("data-active", "true");
    await page.clock.runFor(1);
    await expect(slides.nth(1)).toHaveAttribute("data-active", "true");
    for (const next of [2, 3, 4, 0]) {
      await page.clock.runFor(9_000);
      await expect(slides.nth(next)).toHaveAttribute("data-active", "true");
      await expect(active()).toHaveCount(1);
    }
  });

  test("the slideshow stays still for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await bannerAlreadyClosed(page);
    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    await page.clock.runFor(30_000);
    await expect(page.getByTestId("slide").nth(0)).toHaveAttribute("data-active", "true");
    // The visitor can still move it by hand.
    await page.getByRole("button", { name: "Ver Kioto" }).click();
    await expect(page.getByTestId("slide").nth(3)).toHaveAttribute("data-active", "true");
  });

  test("the banner pops up 3 s after load, a click closes it for the visit; no banner, no popup", async ({ page, browser }) => {
    const token = await adminToken();
    if ((await apiGet<unknown[]>("/api/banner")).length === 0) {
      // Give the home a banner (a tiny real PNG) for the first half.
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR4nGP4z8BAEhrVMKphVMOohlENoxqGlgYAGqb/Afc3r0wAAAAASUVORK5CYII=",
        "base64",
      );
      const form = new FormData();
      form.append("fotos", new Blob([png], { type: "image/png" }), "banner.png");
      const saved = await fetch(`${API_URL}/api/savebanner`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      expect(saved.ok).toBe(true);
    }
    const banner = (await apiGet<Array<{ url: string }>>("/api/banner"))[0]!;

    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    const popup = page.getByTestId("banner-popup");
    await page.clock.runFor(2_999);
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(popup).toBeVisible();
    await expect(popup.locator("img")).toHaveAttribute("src", `${API_URL}/${banner.url}`);
    await popup.locator("img").click();
    await expect(popup).toHaveCount(0);
    // Closed once: it does not come back on the next visit to the home in the same session.
    await page.reload();
    await hydrated(page);
    await page.clock.runFor(5_000);
    await expect(popup).toHaveCount(0);

    // Without a banner the popup never appears (a new visitor, so nothing is remembered or cached).
    // The banner is put back afterwards.
    const restore = await (await fetch(`${API_URL}/${banner.url}`)).blob();
    const removed = await fetch(`${API_URL}/api/deletebanner`, { headers: { Authorization: `Bearer ${token}` } });
    expect(removed.ok).toBe(true);
    const context = await browser.newContext();
    try {
      const visitor = await context.newPage();
      await pausedClock(visitor);
      await visitor.goto("/");
      await hydrated(visitor);
      await visitor.clock.runFor(10_000);
      await expect(visitor.getByTestId("banner-popup")).toHaveCount(0);
    } finally {
      await context.close();
      const form = new FormData();
      form.append("fotos", restore, "banner.webp");
      await fetch(`${API_URL}/api/savebanner`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
    }
  });

  test("an activity the visitor opened shows up in the still-interested strip", async ({ page }) => {
    const colombia = byName(await paises(), "Colombia");
    const [first] = await freeToursOf(colombia.freetour_id!);
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("visited-strip")).toHaveCount(0);
    await page.goto(`/activity/${first!.id}`);
    await hydrated(page);
    await page.goto("/");
    const strip = page.getByTestId("visited-strip");
    await expect(strip.getByRole("heading", { name: "¿Todavía te interesan estas actividades?" })).toBeVisible();
    await expect(strip.getByRole("link", { name: first!.title.es })).toHaveAttribute("href", `/activity/${first!.id}`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("actividadesVisitadas") ?? "[]"));
    expect(stored[0]).toMatchObject({ id: first!.id, nombre: first!.title.es });
  });
});

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
    const byCity = await apiGet<{ freetour: { tours: Array<{ id: string; title: { es: string } }> } }>(
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

    // Calendar from the provider's availability: Sunday first, Spanish month; a day lists its slots.
    const calendar = page.getByTestId("calendar");
    await expect(calendar.locator("thead th")).toHaveText(["D", "L", "M", "M", "J", "V", "S"]);
    const firstSlot = detail.disponibilidad.data[0]!;
    const day = firstSlot.date.slice(0, 10);
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

test("pages paint before their JavaScript is asked for, then hydrate (lib/paint-first.server.ts)", async ({ page }) => {
  const [tour] = await tours();
  for (const path of ["/", "/shop", `/actividades/detalle/local/${tour!.id}`]) {
    await page.goto(path);
    await hydrated(page);
    const timing = await page.evaluate(() => {
      const firstPaint = performance.getEntriesByType("paint").find((entry) => entry.name === "first-paint");
      const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/[^?]+\.js$/.test(entry.name));
      return { firstPaint: firstPaint?.startTime ?? null, scripts: scripts.length, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
    });
    expect(timing.firstPaint, path).not.toBeNull();
    expect(timing.scripts, path).toBeGreaterThan(3);
    expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.firstPaint!);
  }
});

test("a server-side toast (remix-toast) is announced and closes by itself after 5 s", async ({ page }) => {
  const colombia = byName(await paises(), "Colombia");
  const [first] = await freeToursOf(colombia.freetour_id!);
  await pausedClock(page);
  await page.goto(`/activity/${first!.id}`);
  await hydrated(page);
  await page.getByTestId("favorite").click();
  const toast = page.getByRole("status").filter({ hasText: /Actividad (guardada en|quitada de) tus favoritos/ });
  await expect(toast).toBeVisible();
  await page.clock.runFor(4_900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(100);
  await expect(toast).toHaveCount(0);
});

test.describe("legal, menu pages and 404", () => {
  test("/legal links the contract, privacy policy and terms, with tax details and contact", async ({ page }) => {
    await page.goto("/legal");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aviso legal");
    const docs = page.getByTestId("legal-docs").getByRole("link");
    await expect(docs).toHaveCount(3);
    await expect(page.getByTestId("tax-details")).toContainText("NIT");
    await expect(page.getByRole("link", { name: /@/ }).first()).toHaveAttribute("href", /^mailto:/);
    await expect(page.getByRole("link", { name: /\+57/ })).toHaveAttribute("href", /^tel:/);
    const documents: Array<{ link: RegExp; title: RegExp }> = [
      { link: /^Contrato/, title: /Contrato de prestación de servicios turísticos/ },
      { link: /^Política de privacidad/, title: /Política de privacidad/ },
      { link: /^Términos/, title: /Términos y condiciones/ },
    ];
    for (const { link, title } of documents) {
      await page.goto("/legal");
      await page.getByTestId("legal-docs").getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    }
  });

  test("every menu link leads to a Spanish page", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Secciones" }).getByRole("link");
    const hrefs = await menu.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual([
      "/quienes-somos", "/habla-con-viajero", "/blog", "/proveedores", "/afiliados", "/agencia-de-viaje",
      "/alojamientos", "/transporte", "/contactar",
    ]);
    for (const href of hrefs) {
      const response = await page.goto(href!);
      expect(response?.status(), href!).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
      await expect(page).toHaveTitle(/\| Puzzle Travel$/);
    }
  });

  test("unknown addresses and unknown ids answer a Spanish 404 page", async ({ page }) => {
    for (const url of ["/esto-no-existe", "/pais/999999", "/pais/abc", "/actividades/1/999999", "/activity/no-existe", "/country/no-existe", "/legal/nada"]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
      await expect(page).toHaveTitle(/Página no encontrada/);
      await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
    }
  });
});
