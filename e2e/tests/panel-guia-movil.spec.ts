import QRCode from "qrcode";
import { expect, test, type Page } from "../support/test";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { assignGuides, staffHeaders, staffId } from "../support/staff";
import { createOrder, createTestTour, paidOrder, soonDate } from "../support/tours";

/*
 * Issue 22, a guide on a phone (390×844): they land on Hoy with today's departures assigned to them, open the
 * manifest (reference, names, travellers, the buyer's comment, arrival state and time), mark a booking present by
 * tapping its row or by scanning its QR on the Check-in screen, and the counts change at once. No screen scrolls
 * sideways. A Guía cannot change the departure (the API refuses it too). The manifest prints 25 bookings a page.
 * The tour's departure is at 23:55 with a cutoff of 0 h, so today's can be booked all day (see panel-hoy.spec.ts).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const stamp = Date.now().toString(36);
const COMMENT = "Viajamos con una niña de 8 años.";

async function noSideScroll(page: Page) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `page ${page.url()} is ${widths[0]} px wide on a ${widths[1]} px screen`).toBeLessThanOrEqual(widths[1]!);
}

test("a guide's phone: Hoy, the manifest, present by a tap or a QR, counts at once; no sideways scroll", async ({ page, request, signIn }) => {
  const nombre = `Guía móvil ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 30, hora: "23:55", fields: { corte_horas: "0" } });
  const fecha = soonDate(0);
  const salida = `${tourId}-${fecha.replaceAll("-", "")}-2355`;
  const line = { tourId, fecha, hora: "23:55" };
  const ana = await paidOrder(request, SIM_URL, [{ ...line, adults: 2, children: 1 }], `movil-ana-${stamp}@example.com`, {
    nombre: "Ana",
    apellido: "Comentario",
    comentario: COMMENT,
  });
  const beto = await paidOrder(request, SIM_URL, [{ ...line, adults: 1 }], `movil-beto-${stamp}@example.com`, { nombre: "Beto", apellido: "Escaneado" });
  await assignGuides(salida, [await staffId("guia")]);

  await signIn("/panel", "guia");
  await expect(page).toHaveURL(`${STORE_URL}/panel/hoy`);
  const departure = page.getByRole("region", { name: "Salidas de hoy" }).getByTestId("hoy-salida").filter({ hasText: nombre });
  await expect(departure.getByTestId("hoy-llegados")).toHaveText("Llegaron 0 / 4");
  // a Guía sees no money
  await expect(page.getByRole("region", { name: "Dinero de hoy" })).toHaveCount(0);
  await noSideScroll(page);

  await departure.getByRole("link", { name: "Manifiesto" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/panel/manifiesto/${salida}`);
  const counts = page.getByTestId("manifiesto-cuentas");
  await expect(counts).toContainText("Llegaron 0 de 4");
  const anaRow = page.getByTestId("manifiesto-pedido").filter({ hasText: "Ana Comentario" });
  await expect(anaRow).toContainText(ana.referencia);
  await expect(anaRow.getByTestId("manifiesto-viajeros")).toHaveText("3 personas: 2 mayores de 15, 1 de 4 a 15");
  await expect(anaRow.getByTestId("manifiesto-comentario")).toHaveText(`Comentario: «${COMMENT}»`);
  await expect(anaRow.getByTestId("manifiesto-llegada")).toHaveText("No ha llegado · toque para marcar presente");
  await noSideScroll(page);

  // a tap on the row marks them present; the row and the counts change at once
  await anaRow.tap();
  await expect(anaRow.getByTestId("manifiesto-llegada")).toHaveText(/^Presente · llegó a las \d{2}:\d{2}$/);
  await expect(counts).toContainText("Llegaron 3 de 4");
  await expect(page.getByTestId("manifiesto-mensaje")).toContainText("Ana Comentario: llegada registrada");

  // the QR: the Check-in screen on this departure, a photo of Beto's voucher
  await page.getByRole("link", { name: "Escanear QR" }).tap();
  await expect(page).toHaveURL(new RegExp(`/panel/checkin\\?.*salida=${salida}`));
  await expect(page.getByRole("combobox", { name: "Salida" })).toContainText(nombre);
  await noSideScroll(page);
  const qr = await QRCode.toBuffer(beto.referencia, { type: "png", width: 360, margin: 4 });
  await page.getByTestId("checkin-foto").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: qr });
  await page.getByTestId("checkin-resultado").getByRole("button", { name: "Marcar presente" }).tap();
  await expect(page.getByTestId("checkin-mensaje")).toContainText("Llegada registrada");
  await page.goBack();
  await expect(counts).toContainText("Llegaron 4 de 4");
  await expect(page.getByTestId("manifiesto-pedido").filter({ hasText: "Beto Escaneado" }).getByTestId("manifiesto-llegada")).toHaveText(
    /^Presente · llegó a las \d{2}:\d{2}$/,
  );

  // the other screens a Guía has fit the phone too
  for (const path of ["/panel/salidas", "/panel/checkin"]) {
    await page.goto(`${STORE_URL}${path}`);
    await expect(page.getByRole("heading", { level: 1 }).or(page.getByText("Salidas").first()).first()).toBeVisible();
    await noSideScroll(page);
  }

  // a Guía cannot change the departure's places or close it: the API says no as well
  const guia = await staffHeaders("guia");
  const cupo = await request.put(`${API_URL}/api/salidas/cupo`, { headers: guia, data: { tour_id: tourId, fecha, hora: "23:55", cupo: 40 } });
  expect(cupo.status()).toBe(403);
  const cierre = await request.put(`${API_URL}/api/salidas/cierre`, { headers: guia, data: { tour_id: tourId, fecha, hora: "23:55", cerrada: true } });
  expect(cierre.status()).toBe(403);
});

test("the manifest prints alone, 25 bookings a page", async ({ page, request, signIn }) => {
  const nombre = `Manifiesto impreso ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 60, hora: "10:00" });
  const fecha = soonDate(3);
  for (let i = 0; i < 26; i++) {
    await createOrder(request, [{ tourId, fecha, hora: "10:00", adults: 1 }], `impreso-${i}-${stamp}@example.com`, { nombre: `Viajero${i}` });
  }
  await signIn(`/panel/manifiesto/${tourId}-${fecha.replaceAll("-", "")}-1000`);
  await expect(page.getByTestId("manifiesto-pedido")).toHaveCount(26);
  await page.emulateMedia({ media: "print" });
  const pages = page.locator(".manifest-page");
  await expect(pages).toHaveCount(2);
  await expect(pages.nth(0).getByTestId("manifiesto-pedido")).toHaveCount(25);
  await expect(pages.nth(1).getByTestId("manifiesto-pedido")).toHaveCount(1);
  expect(await pages.nth(0).evaluate((el) => getComputedStyle(el).breakAfter)).toBe("page");
  // printed, the panel's bars and the buttons are gone, each page says which it is
  await expect(page.getByRole("button", { name: "Imprimir" })).toBeHidden();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(pages.nth(1)).toContainText("página 2 de 2");
});
