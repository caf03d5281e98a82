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

/** A departure's row in Salidas (issue 22: one compact row, its actions behind a menu). */
const departureRow = (page: Page, hasText: string) => page.getByTestId("salida-fila").filter({ hasText });

async function rowAction(page: Page, row: ReturnType<typeof departureRow>, name: string) {
  await row.getByRole("button", { name: /^Acciones de la salida/ }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
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
  const row = departureRow(page, "10:00 hora de Bogotá");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("estado-salida")).toHaveText("Disponible");
  await rowAction(page, row, "Cerrar fecha");
  await expect(page.getByRole("dialog", { name: "Cerrar fecha" })).toContainText("Las reservas ya hechas se conservan.");
  await page.getByRole("dialog").getByRole("button", { name: "Cerrar", exact: true }).click();
  await expectToast(page, "Fecha cerrada");
  await expect(row.getByTestId("estado-salida")).toHaveText("Cerrada");

  await page.goto(`${STORE_URL}/actividades/detalle/local/${tourId}?mes=${fecha.slice(0, 7)}`);
  await expect(calendarDay()).toHaveAttribute("data-estado", "cerrado");
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(0);

  await page.goto(`${STORE_URL}${salidasPath(tourId, fecha)}`);
  await rowAction(page, row, "Reabrir fecha");
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
  const row = departureRow(page, "10:00 hora de Bogotá");
  await expect(row).toContainText("Disponible");
  // 3 persons paid (the pet takes no place), 1 held, 10 places: 6 left
  await expect(row.getByTestId("salida-vendidos")).toHaveText("3 / 10");
  await expect(row.getByTestId("salida-retenidos")).toHaveText("1");
  await expect(row.getByTestId("salida-quedan")).toHaveText("6");
  await rowAction(page, row, "Manifiesto");
  const manifest = page.getByTestId("manifiesto");
  const paid = manifest.getByTestId("manifiesto-pedido").filter({ hasText: "Mariana Manifiesto" });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(/TR-[A-Z0-9]+ · pedido #\d+ · 3109998877 · USD /);
  await expect(paid.getByTestId("manifiesto-viajeros")).toHaveText("3 personas: 2 mayores de 15, 1 de 4 a 15, 1 mascota");
  await expect(paid.getByTestId("manifiesto-llegada")).toHaveText("No ha llegado · toque para marcar presente");
  await expect(manifest.getByTestId("manifiesto-pedido").filter({ hasText: /Sin pagar · retenido hasta las \d{2}:\d{2}/ })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeEnabled();
});

test("un cupo menor que lo reservado se rechaza con un mensaje en español", async ({ page, request, signIn }) => {
  const { tourId } = await createTestTour(request, { nombre: `Cupo reducido ${Date.now()}`, cupo: 6 });
  const fecha = soonDate(6);
  await holdPlaces(request, tourId, fecha, "10:00", 3, `tres-${Date.now()}@example.com`);

  await signIn(salidasPath(tourId, fecha));
  const row = departureRow(page, "10:00 hora de Bogotá");
  await rowAction(page, row, "Cupo");
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Cupo de esta salida").fill("2");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expectToast(page, /^No se puede fijar el cupo en 2: la salida del .* a las 10:00 hora de Bogotá ya tiene 3 personas reservadas$/);

  await dialog.getByLabel("Cupo de esta salida").fill("4");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expectToast(page, "Cupo de la salida actualizado");
  await expect(row.getByTestId("salida-vendidos")).toHaveText("0 / 4");
  await expect(row.getByTestId("estado-salida")).toHaveText("Pocos lugares");
});

test("Salidas: only departures with bookings by default, grouped by day, compact rows, dates as dd/mm/aaaa", async ({ page, request, signIn }) => {
  const nombre = `Agrupadas ${Date.now()}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 9 });
  const [uno, dos, tres] = [soonDate(3), soonDate(4), soonDate(5)];
  await holdPlaces(request, tourId, uno, "10:00", 1, `uno-${Date.now()}@example.com`);
  await holdPlaces(request, tourId, tres, "10:00", 2, `tres-${Date.now()}@example.com`);
  const es = (iso: string) => iso.split("-").reverse().join("/");

  await signIn("/panel/salidas");
  const conReservas = page.getByRole("switch", { name: "Con reservas" }).or(page.getByRole("checkbox", { name: "Con reservas" }));
  await expect(conReservas).toBeChecked();
  // the dates are typed and shown as dd/mm/aaaa whatever the browser's language
  const desde = page.getByLabel("Desde");
  await expect(desde).toHaveAttribute("placeholder", "dd/mm/aaaa");
  await desde.fill(es(uno));
  await page.getByLabel("Hasta").fill(es(tres));
  // two of the three days have bookings: two day groups hold this tour, the empty day's departure is not listed
  const mine = departureRow(page, nombre);
  await expect(mine).toHaveCount(2);
  await expect(page).toHaveURL(/hasta/);
  await page.reload();
  await expect(page.getByLabel("Desde")).toHaveValue(es(uno));
  await expect(page.getByLabel("Hasta")).toHaveValue(es(tres));
  await expect(mine).toHaveCount(2);
  const days = page.getByTestId("salidas-dia").filter({ hasText: nombre });
  await expect(days).toHaveCount(2);
  await expect(days.nth(0).locator("th").first()).toContainText(es(uno));
  await expect(days.nth(1).locator("th").first()).toContainText(es(tres));
  for (const row of await mine.all()) {
    const box = await row.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(56);
  }
  // switched off: every departure of those days, the empty one too (this tour's alone: a day has dozens)
  await page.goto(`${STORE_URL}/panel/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: tourId, desde: uno, hasta: tres, con_reservas: true }))}`);
  await expect(mine).toHaveCount(2);
  await conReservas.click();
  await expect(mine).toHaveCount(3);
  await expect(page.getByTestId("salidas-dia").filter({ hasText: es(dos) })).toHaveCount(1);
});
