import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { expect, test, type Page } from "../support/test";
import { API_URL, CHROMIUM_ARGS, CHROMIUM_PATH, SIM_URL, STORE_URL } from "../support/env";
import { png } from "../support/png";
import { assignGuides, openPanel, staffHeaders, staffId } from "../support/staff";
import { createTestTour, paidBooking, soonDate } from "../support/tours";

/*
 * Check-in at a departure (issue 9): a Guía opens the panel on the Check-in screen, picks the departure and feeds
 * the page's QR decoder an image of a voucher's QR code (a PNG made here with the qrcode package, set on the
 * screen's file input as a phone's photo would be). The booking is marked present once; a second scan says so;
 * a voucher of another departure and a cancelled booking are refused with their own message.
 */

const stamp = Date.now().toString(36);

async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: "png", width: 360, margin: 4 });
}

async function scan(page: Page, referencia: string) {
  await page.getByTestId("checkin-foto").setInputFiles({ name: "voucher.png", mimeType: "image/png", buffer: await qrPng(referencia) });
}

test("a voucher's QR marks the booking present once; another departure's and a cancelled one are refused", async ({ page, request, signIn }) => {
  const testStart = Date.now();
  const nombre = `Check-in ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 10 });
  const fecha = soonDate(4);
  const otraFecha = soonDate(5);
  const booked = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 3, email: `checkin-${stamp}@example.com` });
  const otherDay = await paidBooking(request, SIM_URL, { tourId, fecha: otraFecha, hora: "10:00", adults: 1, email: `otro-dia-${stamp}@example.com` });
  const cancelled = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 2, email: `cancelada-${stamp}@example.com` });
  const refund = await request.post(`${API_URL}/api/compra/reembolsar/${cancelled.orderId}`, { headers: await staffHeaders(), data: {} });
  expect(refund.ok(), await refund.text()).toBe(true);

  // a Guía lands on Hoy (issue 22), then opens Check-in
  // the Guía runs this departure (issue 28: a guide sees and checks in only the departures assigned to them)
  await assignGuides(`${tourId}-${fecha.replaceAll("-", "")}-1000`, [await staffId("guia")]);
  await signIn("/panel", "guia");
  await expect(page).toHaveURL(new RegExp(`^${STORE_URL}/panel/hoy`));
  await page.getByRole("menuitem", { name: "Check-in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check-in" })).toBeVisible();

  // the departure: its date (dd/mm/aaaa, issue 22), then the tour at 10:00
  await page.getByLabel("Fecha").fill(fecha.split("-").reverse().join("/"));
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

  // a voucher for another date of the same tour: a guide learns nothing beyond that
  await scan(page, otherDay.referencia);
  await expect(page.getByTestId("checkin-mensaje")).toContainText("Esta reserva no es de esta salida");
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
  const check = await request.get(`${API_URL}/api/compra/find/${booked.orderId}`, { headers: await staffHeaders() });
  const detail = (await check.json()) as { succes: Array<{ checkin_at: string | null }> };
  // a real moment: since this test started, not in the future
  const checkedIn = Date.parse(detail.succes[0]!.checkin_at ?? "");
  expect(checkedIn).toBeGreaterThanOrEqual(testStart - 1_000);
  expect(checkedIn).toBeLessThanOrEqual(Date.now() + 1_000);
});

/** A Y4M video (what Chromium's fake camera plays) whose frames all show this PNG, in grey. */
function y4mOf(pngBytes: Buffer): Buffer {
  const image = PNG.sync.read(pngBytes);
  const width = image.width - (image.width % 2);
  const height = image.height - (image.height % 2);
  const luma = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * image.width + x) * 4;
      luma[y * width + x] = Math.round(0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

test("the phone camera reads a voucher's QR (Chromium's fake camera plays it), under the panel's policy", async ({ request }, testInfo) => {
  const nombre = `Cámara ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 10 });
  const fecha = soonDate(4);
  const booked = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 2, email: `camara-${stamp}@example.com` });
  const video = testInfo.outputPath("voucher.y4m");
  writeFileSync(video, y4mOf(await QRCode.toBuffer(booked.referencia, { type: "png", width: 480, margin: 6 })));

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL: STORE_URL, permissions: ["camera"] });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Permissions policy/i.test(message.text())) refused.push(message.text());
    });
    await openPanel(page);
    await expect(page).toHaveURL(/\/panel\/hoy/);
    const salida = `${tourId}-${fecha.replace(/-/g, "")}-1000`;
    await page.goto(`/panel/checkin?fecha=${fecha}&salida=${salida}`);
    await expect(page.getByRole("combobox", { name: "Salida" })).toContainText(nombre);
    await page.getByRole("button", { name: "Escanear con la cámara" }).click();
    const result = page.getByTestId("checkin-resultado");
    await expect(result).toContainText(booked.referencia, { timeout: 20_000 });
    await expect(result.getByTestId("checkin-viajeros")).toHaveText("2 personas: 2 mayores de 15");
    // the camera stops once a code is read
    await expect(page.getByRole("button", { name: "Escanear con la cámara" })).toBeVisible();
    expect(refused).toEqual([]);
  } finally {
    await browser.close();
  }
});
