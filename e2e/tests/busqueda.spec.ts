import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { API_URL } from "../support/env";
import { png } from "../support/png";
import { staffHeaders } from "../support/staff";
import { createSchedule, createTour, holdPlaces, soonDate } from "../support/tours";
import { bannerAlreadyClosed } from "../support/storefront";

/*
 * The catalogue search and the tour filters (issue 26): the home's panel leads to every result, /buscar finds tours,
 * cities and countries one typo away, and a city's tours filter through the URL (shareable, back button), with JS
 * on and off. A city of its own with three tours whose facts differ; removed afterwards.
 */

interface Made {
  countryId: number;
  cityId: number;
  ciudad: string;
  tours: { museo: number; barco: number; cena: number };
}

async function makeCity(request: APIRequestContext): Promise<Made> {
  const headers = await staffHeaders();
  const paises = (await (await request.get(`${API_URL}/api/pais/index`)).json()) as { succes: Array<{ id: number }> };
  const countryId = paises.succes[0]!.id;
  const ciudad = `Villa Filtrada ${Date.now()}`;
  const city = await request.post(`${API_URL}/api/ciudades/create`, {
    headers,
    multipart: { nombre: ciudad, pais: String(countryId), destacado: "0", foto: { name: "c.png", mimeType: "image/png", buffer: png() } },
  });
  expect(city.ok(), await city.text()).toBe(true);
  const cityId = ((await city.json()) as { succes: { id: number } }).succes.id;
  const tour = (nombre: string, precio: string, facts: Record<string, string>) =>
    createTour(request, { nombre, precio, pais: String(countryId), ciudad: String(cityId), descripcion: `<p>${nombre} con guía local.</p>`, ...facts });
  const museo = await tour("Museo de los relojes", "25", { duracion_minutos: "90", idiomas: "es,en", accesible_silla_ruedas: "si", modalidad: "grupo" });
  const barco = await tour("Paseo en barco por la bahía", "60", { duracion_minutos: "180", idiomas: "es", accesible_silla_ruedas: "no", modalidad: "grupo" });
  const cena = await tour("Cena privada con chef", "120", { duracion_minutos: "150", idiomas: "es,fr", accesible_silla_ruedas: "parcial", modalidad: "privado" });
  // the museum has 2 places a day; the others have no limit
  await createSchedule(request, museo, "10:00", 2);
  await createSchedule(request, barco, "11:00", null);
  await createSchedule(request, cena, "20:00", null);
  return { countryId, cityId, ciudad, tours: { museo, barco, cena } };
}

let made: Made;

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  made = await makeCity(request);
});

test.afterAll(async ({ request }) => {
  const headers = await staffHeaders();
  if (!made) return;
  for (const id of Object.values(made.tours)) await request.delete(`${API_URL}/api/tour/delete/${id}`, { headers });
  await request.delete(`${API_URL}/api/ciudades/delete/${made.cityId}`, { headers });
});

const cards = (page: Page) => page.getByTestId("tour-results").getByTestId("local-tour-card");
const cityPath = () => `/actividades/${made.countryId}/${made.cityId}`;

test("the home's search panel leads to every result: tours, cities and countries, one typo away", async ({ page }) => {
  await bannerAlreadyClosed(page);
  await page.goto("/");
  await page.locator("#hero-q").fill("medelin");
  await page.getByRole("link", { name: "Ver todos los resultados" }).click();
  await expect(page).toHaveURL(/\/buscar\?q=medelin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para “medelin”");
  await expect(page.getByTestId("search-results").getByRole("link", { name: "Medellín" })).toBeVisible();
  await expect(cards(page).filter({ hasText: "Comuna 13" })).toBeVisible();

  // a tour by a word of its description, accents and case aside
  await page.locator("#buscar-q").fill("RELOJES");
  await page.locator("#buscar-q").press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=RELOJES$/);
  await expect(cards(page)).toHaveText([/Museo de los relojes/]);
  await expect(page.getByTestId("tours-range")).toHaveText("1 tour");
});

test("a city's tours filter through the URL, with counts, and the back button goes back a filter", async ({ page }) => {
  await page.goto(cityPath());
  await expect(cards(page)).toHaveCount(3);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const filters = page.getByTestId("tour-filters");
  await expect(filters.getByText("Inglés (1)")).toBeVisible();
  await expect(filters.getByText("Privado (1)")).toBeVisible();

  await filters.getByLabel(/Español/).check();
  await expect(page).toHaveURL(/idioma=es/);
  await expect(cards(page)).toHaveCount(3);
  await filters.getByLabel(/Privado/).check();
  await expect(page).toHaveURL(/modalidad=privado/);
  await expect(cards(page)).toHaveText([/Cena privada con chef/]);
  await expect(page.getByTestId("tours-range")).toHaveText("1 tour con estos filtros");
  // a filtered list is followed, not indexed (the page without filters is)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
  // the counts of one filter keep the others: of the Spanish-speaking tours, 2 go in a group
  await expect(filters.getByText("En grupo (2)")).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/modalidad/);
  await expect(cards(page)).toHaveCount(3);
  await expect(filters.getByLabel(/Privado/)).not.toBeChecked();

  // a shared address shows the same list
  await page.goto(`${cityPath()}?duracion=2-4h&accesible=parcial`);
  await expect(cards(page)).toHaveText([/Cena privada con chef/]);
  await page.getByRole("link", { name: "Quitar filtros" }).first().click();
  await expect(page).toHaveURL(new RegExp(`${cityPath()}$`));
  await expect(cards(page)).toHaveCount(3);
});

test("con lugares el …: a date whose places are all held leaves the tour out", async ({ page, request }) => {
  const full = soonDate(3);
  await holdPlaces(request, made.tours.museo, full, "10:00", 2, `busqueda-${Date.now()}@example.com`);
  await page.goto(cityPath());
  await page.getByLabel("Fecha con lugares disponibles").fill(full);
  await expect(page).toHaveURL(new RegExp(`fecha=${full}`));
  await expect(cards(page)).toHaveCount(2);
  await expect(cards(page).filter({ hasText: "Museo de los relojes" })).toHaveCount(0);
  await page.goto(`${cityPath()}?fecha=${soonDate(4)}`);
  await expect(cards(page)).toHaveCount(3);
});

test("without JavaScript: search, filter with the button, clear", { tag: "@nojs" }, async ({ page }) => {
  await page.goto("/buscar?q=candelar%C3%ADa");
  await expect(cards(page).filter({ hasText: "La Candelaria y el Museo del Oro" })).toBeVisible();

  await page.goto(cityPath());
  const filters = page.getByTestId("tour-filters");
  await filters.getByLabel(/Francés/).check();
  await filters.getByLabel("Hasta", { exact: true }).fill("200");
  await filters.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/idioma=fr/);
  await expect(page).toHaveURL(/precio_max=200/);
  await expect(cards(page)).toHaveText([/Cena privada con chef/]);
  await filters.getByRole("link", { name: "Quitar filtros" }).click();
  await expect(cards(page)).toHaveCount(3);
});
