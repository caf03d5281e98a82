import { expect, test } from "../support/test";
import { byName, freeToursOf, paises, tours } from "../support/api";
import { bannerAlreadyClosed, hydrated, pausedClock } from "../support/storefront";

/*
 * Storefront pages with JavaScript: they paint before their JavaScript runs, then hydrate; a server-side toast;
 * the legal and menu pages and the 404 page. The home is in browse-home.spec.ts, the catalogue in
 * browse-catalogue.spec.ts, and the journeys without JavaScript in browse.nojs.spec.ts.
 */

test("pages paint before their JavaScript runs, then hydrate (lib/paint-first.server.ts)", async ({ page }) => {
  // when a live module script first enters the document: the parser's, or the copy the switch appends after the paint
  await page.addInitScript(() => {
    const w = window as unknown as { moduleScriptAt?: number };
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (w.moduleScriptAt === undefined && node instanceof HTMLScriptElement && node.type === "module") w.moduleScriptAt = performance.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const [tour] = await tours();
  for (const path of ["/", "/shop", `/actividades/detalle/local/${tour!.id}`]) {
    await page.goto(path);
    await hydrated(page);
    const timing = await page.evaluate(() => {
      const firstPaint = performance.getEntriesByType("paint").find((entry) => entry.name === "first-paint");
      const scripts = performance.getEntriesByType("resource").filter((entry) => /\/assets\/[^?]+\.js$/.test(entry.name));
      return { firstPaint: firstPaint?.startTime ?? null, scripts: scripts.length, moduleScriptAt: (window as unknown as { moduleScriptAt?: number }).moduleScriptAt ?? null };
    });
    expect(timing.firstPaint, path).not.toBeNull();
    // the modules are preloaded as Remix asks (they may download while the page paints)…
    expect(timing.scripts, path).toBeGreaterThan(3);
    // …and run only once the page has painted
    expect(timing.moduleScriptAt, path).not.toBeNull();
    expect(timing.moduleScriptAt!, path).toBeGreaterThanOrEqual(timing.firstPaint!);
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

  test("a footer link opens its page at the top at once, not sliding up from where the footer was", async ({ page }) => {
    await bannerAlreadyClosed(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Quiénes somos" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quiénes somos");
    // the scroll position over the next frames, from the moment the new page shows: at the top in every one
    const scrolls = await page.evaluate(async () => {
      const seen: number[] = [];
      for (let i = 0; i < 10; i++) {
        seen.push(Math.round(window.scrollY));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return seen;
    });
    expect(scrolls).toEqual(Array(10).fill(0));
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
