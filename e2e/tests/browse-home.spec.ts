import { expect, test } from "../support/test";
import { apiJson, byName, ciudades, freeToursOf, paises, tours } from "../support/api";
import { API_URL } from "../support/env";
import { png } from "../support/png";
import { staffToken } from "../support/staff";
import { bannerAlreadyClosed, hydrated, pausedClock } from "../support/storefront";

/*
 * The storefront's home with JavaScript: top bar, search panel, slideshow, counters, promo, banner popup, footer
 * and the still-interested strip. What the page shows is compared with what the API answers; the same home without
 * JavaScript is in browse.nojs.spec.ts.
 */

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
        local.map(async (t) => (await apiJson<{ succes: unknown[] }>(`/api/tour/comentario/index/${t.id}`)).succes.length),
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
    await expect(panel.getByRole("link")).toHaveText(["Colombia", "Bogotá", "Ver todos los resultados"]);
    // the whole search, tours too, for the words typed (issue 26)
    await expect(panel.getByRole("link", { name: "Ver todos los resultados" })).toHaveAttribute("href", "/buscar?q=bog");

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
    const token = await staffToken();
    if ((await apiJson<unknown[]>("/api/banner")).length === 0) {
      // Give the home a banner (a tiny real PNG) for the first half.
      const form = new FormData();
      form.append("fotos", new Blob([new Uint8Array(png(16, 16))], { type: "image/png" }), "banner.png");
      const saved = await fetch(`${API_URL}/api/savebanner`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      expect(saved.ok).toBe(true);
    }
    const banner = (await apiJson<Array<{ url: string }>>("/api/banner"))[0]!;

    await pausedClock(page);
    await page.goto("/");
    await hydrated(page);
    const popup = page.getByTestId("banner-popup");
    // 3 s counted from the navigation's start (the page's clock), not from hydration
    const sinceNavigation = Math.ceil(await page.evaluate(() => performance.now()));
    expect(sinceNavigation).toBeLessThan(2_999);
    await page.clock.runFor(2_999 - sinceNavigation);
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
