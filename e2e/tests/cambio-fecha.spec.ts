import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { API_URL, SIM_URL } from "../support/env";
import { staffHeaders } from "../support/staff";
import { toastTexts } from "../support/storefront-toasts";
import { waitForMail } from "../support/mail";
import { createTestTour, paidBooking, soonDate } from "../support/tours";

/*
 * Issue 21: the buyer changes a booking's date in "Mi reserva" (the tour's calendar with its places, the price
 * difference, confirm) — a dearer date paid through the PayPal simulator first, with JavaScript; the same price
 * without JavaScript, with the new confirmation e-mail — and staff change one from the order's detail.
 */

/** The tour's price, changed through the API as staff would in the panel (the difference a change pays or gets back). */
async function setPrice(request: APIRequestContext, tourId: number, precio: string) {
  const found = (await (await request.get(`${API_URL}/api/tour/find/${tourId}`)).json()) as { succes: Array<Record<string, unknown>> };
  const tour = found.succes[0]!;
  const res = await request.post(`${API_URL}/api/tour/update/`, {
    headers: await staffHeaders(),
    data: { id: tourId, nombre: tour.nombre, pais: tour.pais, ciudad: tour.ciudad, precio, reembolsable: 1, mascotas: 1, descripcion: tour.descripcion ?? "" },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function openBooking(page: Page, email: string, referencia: string) {
  const mail = await waitForMail(email, new RegExp(`^Tu reserva ${referencia} está confirmada$`));
  const link = /(https?:\/\/\S+\/mi-reserva\?ref=\S+)/.exec(mail.text)![1]!;
  await page.goto(link);
  await expect(page.getByTestId("reserva-referencia")).toHaveText(referencia);
}

/** From Mi reserva: "Cambiar fecha", a day of the calendar, its 10:00 time; answers the summary. */
async function pickDate(page: Page, fecha: string) {
  await page.getByTestId("cambiar-fecha").click();
  const screen = page.getByTestId("cambio-fecha");
  await expect(screen).toBeVisible();
  if (!(await screen.locator(`.calendar [data-date="${fecha}"]`).count())) await screen.getByRole("link", { name: "Mes siguiente" }).click();
  await screen.locator(`.calendar a[data-date="${fecha}"]`).click();
  await screen.getByTestId("slot").filter({ hasText: "10:00" }).click();
  const resumen = page.getByTestId("cambio-resumen");
  await expect(resumen).toBeVisible();
  return resumen;
}

test("con JavaScript: cambiar a una fecha más cara se paga primero en PayPal y luego la reserva cambia", async ({ page, request }) => {
  const stamp = Date.now();
  const { tourId } = await createTestTour(request, { nombre: `Cambio con pago ${stamp}`, cupo: 4 });
  const email = `cambio-js-${stamp}@example.com`;
  const { referencia } = await paidBooking(request, SIM_URL, { tourId, fecha: soonDate(4), hora: "10:00", adults: 1, email });
  await setPrice(request, tourId, "40");
  await openBooking(page, email, referencia);

  const nueva = soonDate(6);
  const resumen = await pickDate(page, nueva);
  await expect(resumen.getByTestId("cambio-diferencia")).toHaveText("Pagas USD 10.00 más");
  await resumen.getByRole("button", { name: "Pagar USD 10.00 y cambiar" }).click();
  await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
  await page.getByRole("button", { name: "Pagar" }).click();
  await page.waitForURL(/\/mi-reserva$/, { timeout: 20_000 });
  await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining("Listo: pagaste la diferencia de USD 10.00"));
  await expect(page.getByTestId("linea-fecha")).toContainText(`${Number(nueva.slice(8))} de`);
  const mail = await waitForMail(email, new RegExp(`^Nueva fecha de tu reserva ${referencia}$`));
  expect(mail.attachments.some((a) => a.filename.endsWith(".ics"))).toBe(true);
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("cambiar a otra fecha del mismo precio: calendario con lugares, resumen, confirmar, nuevo correo", async ({ page, request }) => {
    const stamp = Date.now();
    const { tourId } = await createTestTour(request, { nombre: `Cambio sin JS ${stamp}`, cupo: 4 });
    const email = `cambio-nojs-${stamp}@example.com`;
    const { referencia } = await paidBooking(request, SIM_URL, { tourId, fecha: soonDate(3), hora: "10:00", adults: 2, email });
    await openBooking(page, email, referencia);
    const resumen = await pickDate(page, soonDate(5));
    await expect(resumen.getByTestId("cambio-diferencia")).toHaveText("Sin diferencia de precio");
    await resumen.getByRole("button", { name: "Confirmar el cambio" }).click();
    await expect(page).toHaveURL(/\/mi-reserva$/);
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining("Listo: tu reserva pasó a la salida del"));
    const mail = await waitForMail(email, new RegExp(`^Nueva fecha de tu reserva ${referencia}$`));
    expect(mail.text).toContain(referencia);
    expect(mail.attachments.some((a) => a.filename.endsWith(".ics"))).toBe(true);
  });
});

test("el equipo cambia la fecha de una reserva desde el detalle del pedido", async ({ page, request, signIn }) => {
  const stamp = Date.now();
  const { tourId } = await createTestTour(request, { nombre: `Cambio del equipo ${stamp}`, cupo: 4 });
  const email = `cambio-equipo-${stamp}@example.com`;
  const { referencia } = await paidBooking(request, SIM_URL, { tourId, fecha: soonDate(4), hora: "10:00", adults: 1, email });
  await signIn();
  await expect(page).toHaveURL(/\/panel\/hoy/);
  await page.getByRole("menuitem", { name: "Pedidos", exact: true }).click();
  await page.getByPlaceholder("Buscar pedido o referencia").fill(referencia);
  const row = page.locator("tbody tr").filter({ hasText: referencia });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Detalle" }).click();
  const dialog = page.getByRole("dialog", { name: /Detalle del pedido/ });
  await dialog.getByTestId("cambiar-fecha").click();
  const change = page.getByRole("dialog", { name: "Cambiar fecha" });
  await change.getByLabel("Nueva fecha").fill(soonDate(7));
  await change.getByRole("combobox", { name: "Horario" }).click();
  await page.getByRole("option", { name: /10:00/ }).click();
  await change.getByRole("button", { name: "Cambiar fecha" }).click();
  await expect(page.getByText(/Reserva movida a la salida del .*, sin cobrar diferencia al comprador\./)).toBeVisible();
  const [, m, d] = soonDate(7).split("-");
  await expect(dialog.getByTestId("linea-pedido")).toContainText(`${d}/${m}/`);
  // the detail keeps the change: from, to, state, who
  const row2 = dialog.getByTestId("cambio-fecha");
  await expect(row2).toHaveCount(1);
  await expect(row2).toContainText("Hecho");
  await expect(row2).toContainText("Equipo");
});
