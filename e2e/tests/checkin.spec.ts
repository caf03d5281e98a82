import QRCode from "qrcode";
import { expect, test, type Page } from "../support/test";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { createTestTour, paidBooking, png, soonDate, staffHeaders } from "../support/tours";

/*
 * Check-in at a departure (issue 9): a Guía opens the panel on the Check-in screen, picks the departure and feeds
 * the page's QR decoder an image of a voucher's QR code (a PNG made here with the qrcode package, set on the
 * screen's file input as a phone's photo would be). The booking is marked present once; a second scan says so;
 * a voucher of another departure and a cancelled booking are refused with their own message.
 */

const stamp = Date.now().toString(36);
const PASSWORD = "clave-e2e-checkin-2026";

async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", width: 360, margin: 4 });
}

async function scan(page: Page, referencia: string) {
  await page.getByTestId("checkin-foto").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: await qrPng(referencia) });
}

test("a voucher's QR marks the booking present once; another departure's and a cancelled one are refused", async ({ page, request }) => {
  const nombre = `Check-in ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 10 });
  const fecha = soonDate(4);
  const otraFecha = soonDate(5);
  const booked = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 3, email: `checkin-${stamp}@example.com` });
  const otherDay = await paidBooking(request, SIM_URL, { tourId, fecha: otraFecha, hora: "10:00", adults: 1, email: `otro-dia-${stamp}@example.com` });
  const cancelled = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 2, email: `cancelada-${stamp}@example.com` });
  const refund = await request.post(`${API_URL}/api/compra/reembolsar/${cancelled.pedidoId}`, { headers: await staffHeaders(request), data: {} });
  expect(refund.ok(), await refund.text()).toBe(true);

  // a Guía lands on Check-in
  const admin = await staffHeaders(request);
  const email = `guia-checkin-${stamp}@e2e.test`;
  const created = await request.post(`${API_URL}/api/usuarios/create`, {
    headers: admin,
    data: { email, nombre: `Guía ${stamp}`, rol: "guia", password: PASSWORD },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.goto(`${STORE_URL}/login`);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(PASSWORD);
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STORE_URL}/panel/checkin`));
  await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();

  // the departure: its date, then the tour at 10:00
  await page.getByLabel("Fecha").fill(fecha);
  await page.getByRole("combobox", { name: "Salida" }).click();
  await page.getByRole("option").filter({ hasText: nombre }).filter({ hasText: "10:00 hora de Bogotá" }).click();

  // the decoder is loaded only when a QR is read
  await scan(page, booked.referencia);
  const result = page.getByTestId("checkin-resultado");
  await expect(result).toContainText(booked.referencia);
  await expect(result).toContainText("Reserva Previa");
  await expect(result.getByTestId("checkin-viajeros")).toHaveText("3 personas: 3 mayores de 15");
  await result.getByRole("button", { name: "Marcar presente" }).click();
  await expect(result.getByTestId("checkin-mensaje")).toHaveText(/^Llegada registrada a las \d{2}:\d{2} hora de Bogotá\.$/);

  // the same voucher again
  await scan(page, booked.referencia);
  await expect(page.getByTestId("checkin-resultado").getByTestId("checkin-mensaje")).toContainText(
    /Esta reserva ya registró su llegada a las \d{2}:\d{2}/,
  );
  await expect(page.getByRole("button", { name: "Marcar presente" })).toHaveCount(0);

  // a voucher for another date of the same tour
  await scan(page, otherDay.referencia);
  await expect(page.getByTestId("checkin-mensaje")).toContainText("Este voucher es de otra salida");
  await expect(page.getByTestId("checkin-resultado")).toHaveCount(0);

  // a cancelled booking
  await scan(page, cancelled.referencia);
  await expect(page.getByTestId("checkin-mensaje")).toHaveText("Esta reserva está cancelada");

  // an image with no QR code in it
  await page.getByTestId("checkin-foto").setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: png(200, 150) });
  await expect(page.getByTestId("checkin-mensaje")).toContainText("No encontramos un código QR en esa imagen");

  // typed by hand: the reference, then the same answer as the scan
  await page.getByLabel("Referencia").fill(booked.referencia.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByTestId("checkin-resultado").getByTestId("checkin-mensaje")).toContainText("ya registró su llegada");

  // the order's detail says they came
  const check = await request.get(`${API_URL}/api/compra/find/${booked.pedidoId}`, { headers: admin });
  const detail = (await check.json()) as { succes: Array<{ checkin_at: string | null }> };
  expect(detail.succes[0]!.checkin_at).toBeTruthy();
});
