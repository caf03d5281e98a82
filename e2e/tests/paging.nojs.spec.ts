import { expect, test, type APIRequestContext } from "../support/test";
import { API_URL, STORE_URL } from "../support/env";
import { png } from "../support/png";
import { staffHeaders } from "../support/staff";
import { createTour } from "../support/tours";

/*
 * A city of its own with 26 tours (project "nojs": plain links only): its page shows 24, sorts and pages through
 * links, and names its canonical, previous and next pages. The city and its tours are removed afterwards.
 */

const TOURS = 26;

interface Made {
  countryId: number;
  cityId: number;
  tours: Array<{ id: number; nombre: string; precio: number }>;
}

async function makeCity(request: APIRequestContext): Promise<Made> {
  const headers = await staffHeaders();
  const paises = (await (await request.get(`${API_URL}/api/pais/index`)).json()) as { succes: Array<{ id: number }> };
  const countryId = paises.succes[0]!.id;
  const city = await request.post(`${API_URL}/api/ciudades/create`, {
    headers,
    multipart: {
      nombre: `Ciudad paginada ${Date.now()}`,
      pais: String(countryId),
      destacado: "0",
      foto: { name: "ciudad.png", mimeType: "image/png", buffer: png() },
    },
  });
  expect(city.ok(), await city.text()).toBe(true);
  const cityId = ((await city.json()) as { succes: { id: number } }).succes.id;
  const tours: Made["tours"] = [];
  for (let i = 0; i < TOURS; i++) {
    const precio = 20 + ((i * 7) % 26);
    const nombre = `Paseo paginado ${String(i).padStart(2, "0")}`;
    const id = await createTour(request, {
      nombre,
      precio: String(precio),
      pais: String(countryId),
      ciudad: String(cityId),
      mascotas: "0",
      descripcion: "<p>Un paseo de prueba.</p>",
    });
    tours.push({ id, nombre, precio });
  }
  return { countryId, cityId, tours };
}

let made: Made;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  made = await makeCity(request);
});

test.afterAll(async ({ request }) => {
  const headers = await staffHeaders();
  for (const tour of made?.tours ?? []) await request.delete(`${API_URL}/api/tour/delete/${tour.id}`, { headers });
  if (made) await request.delete(`${API_URL}/api/ciudades/delete/${made.cityId}`, { headers });
});

test("a city page shows 24 tours, pages and sorts through links, with canonical, prev and next", async ({ page }) => {
  const path = `/actividades/${made.countryId}/${made.cityId}`;
  await page.goto(path);
  const cards = page.getByTestId("local-tour-card");
  await expect(cards).toHaveCount(24);
  await expect(page.getByTestId("tours-range")).toHaveText(`1–24 de ${TOURS} tours`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${STORE_URL}${path}`);
  await expect(page.locator('link[rel="prev"]')).toHaveCount(0);
  await expect(page.locator('link[rel="next"]')).toHaveAttribute("href", `${STORE_URL}${path}?pagina=2`);

  await page.getByTestId("pager").getByRole("link", { name: "Siguiente →" }).click();
  await expect(page).toHaveURL(`${path}?pagina=2`);
  await expect(cards).toHaveCount(TOURS - 24);
  await expect(page.getByTestId("tours-range")).toHaveText(`25–${TOURS} de ${TOURS} tours`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${STORE_URL}${path}?pagina=2`);
  await expect(page.locator('link[rel="prev"]')).toHaveAttribute("href", `${STORE_URL}${path}`);
  await expect(page.locator('link[rel="next"]')).toHaveCount(0);
  await expect(page.getByTestId("pager").getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("link", { name: "Precio más alto" }).click();
  await expect(page).toHaveURL(`${path}?orden=precio-desc`);
  const highest = Math.max(...made.tours.map((t) => t.precio));
  await expect(cards.first()).toContainText(`USD ${highest.toFixed(2)}`);
  await expect(page.getByRole("link", { name: "Precio más alto" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("pager").getByRole("link", { name: "Página 2" })).toHaveAttribute("href", `${path}?orden=precio-desc&pagina=2`);

  expect((await page.goto(`${path}?pagina=3`))?.status()).toBe(404);
  expect((await page.goto(`${path}?orden=rareza`))?.status()).toBe(404);
});
