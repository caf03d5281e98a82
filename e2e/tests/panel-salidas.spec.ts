import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { expectToast } from "../support/panel-toasts";
import { createTestTour, diaOf, holdPlaces, soonDate } from "../support/tours";

/*
 * The panel's Salidas screen (capacity per departure): closing a date takes it off the storefront's calendar,
 * the manifest lists who paid for a departure, and a capacity below what is booked is refused in Spanish.
 * Each test makes its own tour through the API.
 */

/** The Salidas screen filtered to one tour and one day. */
function salidasPath(tourId: number, fecha: string): string {
  return `/panel/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: tourId, desde: fecha, hasta: fecha }))}`;
}

/** An order through the API, approved and paid on the PayPal simulator's page, confirmed by the return page. */
async function paidOrder(page: Page, request: APIRequestContext, tourId: number, fecha: string, nombre: string) {
  const response = await request.post(`${API_URL}/api/compra/create`, {
    data: {
      pedidos: [{ tour_id: tourId, dia: diaOf(fecha, "10:00"), mayores_15: 2, de_4_15: 1, menores_3: 0, mascotas: 1 }],
      nombre,
      apellido: "Manifiesto",
      email: `manifiesto-${Date.now()}@example.com`,
      telefono: "3109998877",
      direccion: "Calle 5",
      nit: "99887766",
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { succes } = (await response.json()) as { succes: { links: Array<{ href: string }> } };
  await page.goto(succes.links[1]!.href);
  expect(page.url().startsWith(SIM_URL)).toBe(true);
  await page.getByRole("button", { name: "Pagar" }).click();
  await page.waitForURL(/\/pay\/ok\?/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pedido registrado de forma correcta");
}

test("cerrar una fecha en Salidas la quita del calendario de la tienda; reabrirla la devuelve", async ({ page, request, signIn }) => {
  const { tourId } = await createTestTour(request, { nombre: `Cierre por clima ${Date.now()}`, cupo: 8 });
  const fecha = soonDate(4);
  const calendarDay = () => page.locator(`.calendar [data-date="${fecha}"]`);

  await page.goto(`${STORE_URL}/actividades/detalle/local/${tourId}?mes=${fecha.slice(0, 7)}`);
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(1);

  await signIn(salidasPath(tourId, fecha));
  const row = page.locator("tbody tr").filter({ hasText: "10:00 hora de Bogotá" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("estado-salida")).toHaveText("Disponible");
  await row.getByRole("button", { name: "Cerrar fecha" }).click();
  await expect(page.getByRole("dialog", { name: "Cerrar fecha" })).toContainText("Las reservas ya hechas se conservan.");
  await page.getByRole("dialog").getByRole("button", { name: "Cerrar", exact: true }).click();
  await expectToast(page, "Fecha cerrada");
  await expect(row.getByTestId("estado-salida")).toHaveText("Cerrada");

  await page.goto(`${STORE_URL}/actividades/detalle/local/${tourId}?mes=${fecha.slice(0, 7)}`);
  await expect(calendarDay()).toHaveAttribute("data-estado", "cerrado");
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(0);

  await page.goto(`${STORE_URL}${salidasPath(tourId, fecha)}`);
  await row.getByRole("button", { name: "Reabrir fecha" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reabrir" }).click();
  await expectToast(page, "Fecha reabierta");
  await page.goto(`${STORE_URL}/actividades/detalle/local/${tourId}?mes=${fecha.slice(0, 7)}`);
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(1);
});

test("el manifiesto de una salida lista a los viajeros de un pedido pagado", async ({ page, request, signIn }) => {
  const { tourId } = await createTestTour(request, { nombre: `Con manifiesto ${Date.now()}`, cupo: 10 });
  const fecha = soonDate(5);
  await paidOrder(page, request, tourId, fecha, "Mariana");
  await holdPlaces(request, tourId, fecha, "10:00", 1, `retenida-${Date.now()}@example.com`);

  await signIn(salidasPath(tourId, fecha));
  const row = page.locator("tbody tr").filter({ hasText: "10:00 hora de Bogotá" });
  await expect(row).toContainText("Disponible");
  // 3 persons paid (the pet takes no place), 1 held, 10 places: 6 left
  await expect(row.locator("td").nth(3)).toHaveText("3");
  await expect(row.locator("td").nth(4)).toHaveText("1");
  await expect(row.locator("td").nth(6)).toHaveText("6");
  await row.getByRole("button", { name: "Manifiesto" }).click();
  const manifest = page.getByTestId("manifiesto");
  const paid = manifest.getByTestId("manifiesto-pedido").filter({ hasText: "Mariana Manifiesto" });
  await expect(paid).toHaveCount(1);
  await expect(paid.locator("td")).toHaveText([/^#\d+$/, "Mariana Manifiesto", "3109998877", "2", "1", "0", "1", "3", /^Pagado \(USD /]);
  await expect(manifest.getByTestId("manifiesto-pedido").filter({ hasText: /Retenido hasta/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeEnabled();
});

test("un cupo menor que lo reservado se rechaza con un mensaje en español", async ({ page, request, signIn }) => {
  const { tourId } = await createTestTour(request, { nombre: `Cupo reducido ${Date.now()}`, cupo: 6 });
  const fecha = soonDate(6);
  await holdPlaces(request, tourId, fecha, "10:00", 3, `tres-${Date.now()}@example.com`);

  await signIn(salidasPath(tourId, fecha));
  const row = page.locator("tbody tr").filter({ hasText: "10:00 hora de Bogotá" });
  await row.getByRole("button", { name: "Cupo" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Cupo de esta salida").fill("2");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expectToast(page, /^No se puede fijar el cupo en 2: la salida del .* a las 10:00 hora de Bogotá ya tiene 3 personas reservadas$/);

  await dialog.getByLabel("Cupo de esta salida").fill("4");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expectToast(page, "Cupo de la salida actualizado");
  await expect(row.locator("td").nth(5)).toHaveText("4");
  await expect(row.getByTestId("estado-salida")).toHaveText("Pocos lugares");
});
