import { expect, test, type Page } from "../support/test";
import { apiJson, ciudades, paises, tours } from "../support/api";
import { API_URL, STORE_URL } from "../support/env";
import { staffHeaders } from "../support/staff";
import { createTour } from "../support/tours";
import { validateStructuredData } from "../support/structured-data";

/*
 * Search engines and sharing (issue 26): every demo tour's page carries a schema.org Product whose Offer has the
 * price the page shows, in USD; country and city pages list what they link to (ItemList) and where they sit
 * (BreadcrumbList), with absolute URLs; /sitemap.xml indexes paged sitemaps holding every country, city and tour
 * with a lastmod; robots.txt keeps the panel, cart, checkout and Mi reserva out; a tour page has its canonical
 * link and its photo for Open Graph and Twitter. A tour's, a city's and a country's page also go through a real
 * validator of Google's rich-result rules (@adobe/structured-data-validator, offline: no schema.org vocabulary).
 */

type Ld = Record<string, unknown> & { "@context"?: string; "@type"?: string };

/** Every application/ld+json block of the page, parsed (a block that is not JSON fails the test). */
async function jsonLd(page: Page): Promise<Ld[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => {
    expect(() => JSON.parse(text), text).not.toThrow();
    const block = JSON.parse(text) as Ld;
    expect(block["@context"]).toBe("https://schema.org");
    return block;
  });
}

const ofType = (blocks: Ld[], type: string) => blocks.filter((b) => b["@type"] === type);
const absolute = (url: unknown) => typeof url === "string" && url.startsWith(`${STORE_URL}/`);

/** "Desde USD 1,234.50" → "1234.50". */
function shownPrice(text: string): string {
  const match = /USD\s*([\d,]+\.\d{2})/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!.replace(/,/g, "");
}

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

test("every demo tour's page has a Product whose USD offer is the price it shows", async ({ page }) => {
  test.setTimeout(240_000);
  const list = await tours();
  expect(list.length).toBeGreaterThan(0);
  for (const tour of list) {
    const path = `/actividades/detalle/local/${tour.id}`;
    await page.goto(path, { waitUntil: "domcontentloaded" });
    const blocks = await jsonLd(page);
    const [product, ...others] = ofType(blocks, "Product");
    expect(others, `${path}: one Product`).toHaveLength(0);
    expect(product?.["@type"], `${path}: a Product`).toBe("Product");
    const offers = product!.offers as { price: string; priceCurrency: string; url: string; availability: string };
    const shown = shownPrice(await page.locator(".tour-price").first().innerText());
    expect(offers.price, `${path}: the offer's price is the page's`).toBe(shown);
    expect(offers.priceCurrency).toBe("USD");
    expect(Number(offers.price)).toBeCloseTo(Number(tour.precio), 2);
    expect(offers.url).toBe(`${STORE_URL}${path}`);
    expect(product!.name).toBe(tour.nombre);
    for (const image of (product!.image as string[] | undefined) ?? []) expect(image).toMatch(/^https?:\/\//);

    const comments = (await apiJson<{ succes: Array<{ start: number }> }>(`/api/tour/comentario/index/${tour.id}`)).succes;
    const rating = product!.aggregateRating as { ratingCount: number; ratingValue: number; bestRating: number } | undefined;
    if (comments.length === 0) expect(rating, `${path}: no rating without comments`).toBeUndefined();
    else {
      expect(rating).toMatchObject({ ratingCount: comments.length, bestRating: 5 });
      const mean = comments.reduce((sum, c) => sum + c.start, 0) / comments.length;
      expect(rating!.ratingValue).toBeCloseTo(mean, 1);
    }

    const [crumbs] = ofType(blocks, "BreadcrumbList");
    const steps = crumbs!.itemListElement as Array<{ position: number; item: string }>;
    expect(steps.map((s) => s.position)).toEqual(steps.map((_, i) => i + 1));
    for (const step of steps) expect(absolute(step.item), step.item).toBe(true);
  }
});

test("a tour page names its canonical URL and shares its photo", async ({ page }) => {
  const [tour] = await tours();
  const path = `/actividades/detalle/local/${tour!.id}`;
  await page.goto(`${path}?utm_source=boletin`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${STORE_URL}${path}`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${STORE_URL}${path}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(/^https?:\/\/.+/);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute("content", new RegExp(tour!.nombre.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  // the photo is served
  expect((await page.request.get(image!)).ok()).toBe(true);
});

test("country and city pages list what they link to and where they sit, with absolute URLs", async ({ page }) => {
  const [countries, cities] = await Promise.all([paises(), ciudades()]);
  const pais = countries.find((p) => cities.some((c) => c.pais === p.id))!;
  const own = cities.filter((c) => c.pais === pais.id);

  await page.goto(`/pais/${pais.id}`);
  let blocks = await jsonLd(page);
  const [cityList] = ofType(blocks, "ItemList");
  const items = cityList!.itemListElement as Array<{ position: number; url: string; name: string }>;
  expect(items.map((i) => i.url).sort()).toEqual(own.map((c) => `${STORE_URL}/actividades/${pais.id}/${c.id}`).sort());
  expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
  const [countryCrumbs] = ofType(blocks, "BreadcrumbList");
  expect((countryCrumbs!.itemListElement as Array<{ item: string; name: string }>).map((s) => [s.name, s.item])).toEqual([
    ["Inicio", `${STORE_URL}/`],
    [pais.nombre, `${STORE_URL}/pais/${pais.id}`],
  ]);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${STORE_URL}/pais/${pais.id}`);

  const city = own[0]!;
  await page.goto(`/actividades/${pais.id}/${city.id}`);
  blocks = await jsonLd(page);
  const [tourList] = ofType(blocks, "ItemList");
  const listed = (tourList!.itemListElement as Array<{ url: string }>).map((i) => i.url);
  const cards = await page.getByTestId("local-tour-card").count();
  expect(listed.length).toBeGreaterThanOrEqual(cards);
  for (const url of listed) expect(absolute(url), url).toBe(true);
  const cityTours = (await tours()).filter((t) => t.ciudad === city.id);
  for (const t of cityTours.slice(0, 24)) expect(listed).toContain(`${STORE_URL}/actividades/detalle/local/${t.id}`);
  const [cityCrumbs] = ofType(blocks, "BreadcrumbList");
  expect((cityCrumbs!.itemListElement as Array<{ item: string }>).map((s) => s.item)).toEqual([
    `${STORE_URL}/`,
    `${STORE_URL}/pais/${pais.id}`,
    `${STORE_URL}/actividades/${pais.id}/${city.id}`,
  ]);
});

test("a validator of Google's rich-result rules finds no error on a rated tour's, a city's and a country's page", async ({ request }) => {
  // the page's HTML as served (what a crawler reads first), through support/structured-data.ts
  const [list, countries, cities] = await Promise.all([tours(), paises(), ciudades()]);
  let rated: (typeof list)[number] | undefined;
  for (const tour of list) {
    const comments = (await apiJson<{ succes: unknown[] }>(`/api/tour/comentario/index/${tour.id}`)).succes;
    if (comments.length > 0) {
      rated = tour;
      break;
    }
  }
  expect(rated, "a demo tour with comments").toBeDefined();
  const city = cities.find((c) => countries.some((p) => p.id === c.pais))!;
  const pages = [
    { path: `/actividades/detalle/local/${rated!.id}`, types: ["BreadcrumbList", "Product"] },
    { path: `/actividades/${city.pais}/${city.id}`, types: ["BreadcrumbList", "ItemList"] },
    { path: `/pais/${city.pais}`, types: ["BreadcrumbList", "ItemList"] },
  ];
  for (const { path, types } of pages) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const report = await validateStructuredData(await res.text());
    expect(report.types, `${path}: its JSON-LD blocks`).toEqual(expect.arrayContaining(types));
    expect(report.errors, `${path}: the validator's errors`).toEqual([]);
  }
});

test("a tour whose photos were all deleted still gives the validator a Product with an image: its city's photo", async ({ request }) => {
  const [countries, cities] = await Promise.all([paises(), ciudades()]);
  const city = cities.find((c) => countries.some((p) => p.id === c.pais))!;
  const tourId = await createTour(request, { nombre: `Sin fotos ${Date.now().toString(36)}`, precio: "30", pais: String(city.pais), ciudad: String(city.id) });
  const headers = await staffHeaders();
  try {
    const fotos = (await apiJson<{ succes: Array<{ id: number }> }>(`/api/tour/index/fotos/${tourId}`)).succes;
    expect(fotos.length).toBeGreaterThan(0);
    for (const foto of fotos) expect((await request.delete(`${API_URL}/api/tour/deleteimagen/${foto.id}`, { headers })).ok()).toBe(true);
    expect((await apiJson<{ succes: unknown[] }>(`/api/tour/index/fotos/${tourId}`)).succes).toEqual([]);

    const res = await request.get(`/actividades/detalle/local/${tourId}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const report = await validateStructuredData(html);
    expect(report.types).toContain("Product");
    expect(report.errors).toEqual([]);
    const product = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((b) => b["@type"] === "Product");
    expect(product?.image).toEqual([expect.stringContaining(city.imagen)]);
  } finally {
    await request.delete(`${API_URL}/api/tour/delete/${tourId}`, { headers });
  }
});

test("sitemap.xml indexes paged sitemaps holding every country, city and tour with its lastmod", async ({ request }) => {
  const index = await request.get("/sitemap.xml");
  expect(index.status()).toBe(200);
  expect(index.headers()["content-type"]).toContain("application/xml");
  const indexXml = await index.text();
  expect(indexXml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const files = [...indexXml.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/sitemap>/g)];
  expect(files.length).toBeGreaterThanOrEqual(3);

  const lastmods = new Map<string, string>();
  for (const [, loc, lastmod] of files) {
    expect(loc!.startsWith(`${STORE_URL}/sitemaps/`), loc).toBe(true);
    expect(lastmod).toMatch(W3C_DATETIME);
    const file = await request.get(loc!);
    expect(file.status(), loc).toBe(200);
    expect(file.headers()["content-type"]).toContain("application/xml");
    const xml = await file.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const [, url, mod] of xml.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*<lastmod>([^<]+)<\/lastmod>\s*<\/url>/g)) {
      expect(mod).toMatch(W3C_DATETIME);
      lastmods.set(url!, mod!);
    }
  }
  const [countries, cities, list] = await Promise.all([paises(), ciudades(), tours()]);
  const expected = [
    `${STORE_URL}/`,
    ...countries.map((p) => `${STORE_URL}/pais/${p.id}`),
    ...cities.map((c) => `${STORE_URL}/actividades/${c.pais}/${c.id}`),
    ...list.map((t) => `${STORE_URL}/actividades/detalle/local/${t.id}`),
  ];
  for (const url of expected) expect(lastmods.has(url), `${url} in a sitemap`).toBe(true);
  // a tour's lastmod is its record's
  const [first] = list as Array<{ id: number; updatedAt?: string }>;
  if (first?.updatedAt) expect(lastmods.get(`${STORE_URL}/actividades/detalle/local/${first.id}`)).toBe(first.updatedAt);
});

test("robots.txt keeps crawlers out of the panel, cart, checkout and Mi reserva and names the sitemap", async ({ request }) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/plain");
  const lines = (await res.text()).split("\n").map((l) => l.trim());
  expect(lines).toContain("User-agent: *");
  for (const path of ["/panel", "/shop", "/mi-reserva", "/login", "/pay/"]) expect(lines).toContain(`Disallow: ${path}`);
  expect(lines).toContain(`Sitemap: ${STORE_URL}/sitemap.xml`);
});
