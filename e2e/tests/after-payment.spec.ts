import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, test, type Browser, type Page } from "../support/test";
import { SIM_URL, STORE_URL } from "../support/env";
import { openPanel } from "../support/staff";
import { addTraveller, fillContactForm, tourPage } from "../support/storefront";
import { toastTexts } from "../support/storefront-toasts";
import { attachment, waitForMail, type InboxMessage } from "../support/mail";
import { createTestTour, paidBooking, paidOrder, soonDate } from "../support/tours";

/*
 * After the payment (issue 9's acceptance): buy a tour through the storefront and the PayPal simulator, read the
 * confirmation in the local inbox (reference, PIN, QR image, local time, deadline, .ics), open "Mi reserva" from
 * its link, cancel, and see the refund in the simulator and in the panel's order detail, the cancellation e-mail,
 * and the places back on the storefront calendar. With JavaScript and without (the @nojs describe).
 *
 * Each run makes its own tour (USD 30, a daily 10:00 horario of 2 places, refundable, the default 2 h cutoff) and buys
 * both places, so the day shows "agotado" until the cancellation gives them back.
 */

const TOTAL = "USD 60.00";

/** The text a QR code in a PNG holds, read here with jsQR (not with the app's code). */
function qrText(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

async function buy(page: Page, tourId: number, fecha: string, email: string): Promise<{ token: string; referencia: string }> {
  await page.goto(tourPage(tourId, fecha, "&hora=10:00"));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  for (const n of [1, 2]) await addTraveller(page, "mayores_15", n);
  await expect(page.getByTestId("cart-total")).toHaveText(TOTAL);
  await page.getByTestId("go-pay").click();
  const form = page.getByTestId("checkout-form");
  await expect(form).toBeVisible();
  await fillContactForm(page, { nombre: "Lucía", apellido: "Méndez", email, direccion: "Calle 26 # 5-10, Bogotá" });
  await form.getByRole("button", { name: `Pagar ${TOTAL}` }).click();
  await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
  await page.getByRole("button", { name: "Pagar" }).click();
  await page.waitForURL(/\/pay\/ok\?/, { timeout: 20_000 });
  const token = new URL(page.url()).searchParams.get("token")!;
  const result = page.getByTestId("pay-result");
  await expect(result).toContainText(TOTAL);
  const referencia = (await result.getByTestId("pay-referencia").textContent())!.trim();
  expect(referencia).toMatch(/^TR-[A-Z0-9]{8}$/);
  await expect(result.getByRole("link", { name: "Mi reserva" })).toHaveAttribute("href", "/mi-reserva");
  return { token, referencia };
}

async function readConfirmation(email: string, referencia: string, fecha: string): Promise<{ link: string; pin: string }> {
  const mail: InboxMessage = await waitForMail(email, new RegExp(`^Tu reserva ${referencia} está confirmada$`));
  expect(mail.text).toContain(`Referencia de la reserva: ${referencia}`);
  const pin = /PIN: (\S+)/.exec(mail.text)?.[1];
  expect(pin, "the e-mail carries a 6-digit PIN").toMatch(/^\d{6}$/);
  // the tour's local time, and the free-cancellation deadline (2 h before, same day) as a date and a time
  expect(mail.text).toContain("10:00 hora de Bogotá");
  expect(mail.text).toMatch(/Cancelación gratuita hasta el \S+, \d{1,2} de \S+ de \d{4} a las 08:00 hora de Bogotá/);
  expect(mail.html).toContain(referencia);

  const qrIndex = mail.attachments.findIndex((a) => a.contentType === "image/png");
  expect(qrIndex, "a QR image is attached").toBeGreaterThanOrEqual(0);
  expect(mail.html).toContain(`cid:${mail.attachments[qrIndex]!.cid}`);
  expect(qrText(await attachment(mail, qrIndex))).toBe(referencia);

  const icsIndex = mail.attachments.findIndex((a) => a.filename.endsWith(".ics"));
  expect(icsIndex, "an .ics file is attached").toBeGreaterThanOrEqual(0);
  const ics = (await attachment(mail, icsIndex)).toString("utf8");
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toMatch(new RegExp(`DTSTART(;TZID=America/Bogota:${fecha.replace(/-/g, "")}T100000|:${fecha.replace(/-/g, "")}T150000Z)`));

  const link = /(https?:\/\/\S+\/mi-reserva\?\S+)/.exec(mail.text)?.[1];
  // the storefront the harness runs, with the booking's own reference and PIN
  expect(link, "a link to Mi reserva").toBe(`${STORE_URL}/mi-reserva?ref=${referencia}&pin=${pin}`);
  return { link: link!, pin: pin! };
}

/** The panel (a JavaScript app) in a context of its own, so the no-JS journey can check it too. */
async function checkPanel(browser: Browser, email: string, referencia: string) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  try {
    await openPanel(page);
    // the Administrador's first screen (Hoy): the panel has checked the session (leaving earlier aborts that check)
    await expect(page).toHaveURL(/\/panel\/hoy/);
    await page.goto(`/panel/pedidos?filter=${encodeURIComponent(JSON.stringify({ q: email }))}`);
    const row = page.locator("tbody tr").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "Detalle" }).click();
    const dialog = page.getByRole("dialog", { name: /Detalle del pedido/ });
    await expect(dialog.getByTestId("pedido-referencia")).toHaveText(referencia);
    await expect(dialog.getByTestId("linea-pedido").getByTestId("linea-estado")).toHaveText("Cancelada");
    const refund = dialog.getByTestId("reembolso");
    await expect(refund).toHaveCount(1);
    await expect(refund).toContainText(TOTAL);
    await expect(refund).toContainText("Completado");
    await expect(refund).toContainText("El comprador (Mi reserva)");
    const mails = dialog.getByTestId("correo");
    await expect(mails.filter({ hasText: "Confirmación y voucher" })).toContainText("Entregado");
    await expect(mails.filter({ hasText: "Cancelación" })).toHaveCount(1);
    // nothing left to refund
    await expect(dialog.getByRole("button", { name: /Cancelar y reembolsar/ })).toHaveCount(0);
  } finally {
    await context.close();
  }
}

async function afterPayment(page: Page, browser: Browser, withJs: boolean) {
  const stamp = `${withJs ? "js" : "nojs"}-${Date.now()}`;
  const { tourId } = await createTestTour(page.request, { nombre: `Después del pago ${stamp}`, cupo: 2 });
  const fecha = soonDate(5);
  const email = `despues-${stamp}@example.com`;

  const { token, referencia } = await buy(page, tourId, fecha, email);
  // both places sold: the day cannot be chosen any more
  await page.goto(tourPage(tourId, fecha));
  await expect(page.locator(`.calendar [data-date="${fecha}"]`)).toHaveAttribute("data-estado", "agotado");

  const { link } = await readConfirmation(email, referencia, fecha);

  // the e-mail's link opens the booking (and takes the PIN out of the address bar)
  await page.goto(link);
  await expect(page).toHaveURL(/\/mi-reserva$/);
  const voucher = page.getByTestId("voucher");
  await expect(voucher.getByTestId("reserva-referencia")).toHaveText(referencia);
  await expect(voucher.locator("svg")).toHaveCount(1);
  const line = voucher.getByTestId("reserva-linea");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(`Después del pago ${stamp}`);
  await expect(line.getByTestId("linea-hora")).toHaveText("10:00 hora de Bogotá");
  await expect(line.getByTestId("linea-limite")).toContainText(/Gratis hasta el .* a las 08:00 hora de Bogotá/);
  await expect(line.getByTestId("linea-estado")).toHaveText("Confirmada");

  // cancel, with a confirmation step
  await line.getByTestId("cancelar-linea").click();
  const confirm = page.getByTestId("confirmar-cancelacion");
  await expect(confirm).toContainText(TOTAL);
  await confirm.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page).toHaveURL(/\/mi-reserva$/);
  await expect.poll(() => toastTexts(page)).toContain(`Cancelamos ese tour de tu reserva. El reembolso de ${TOTAL} ya está hecho.`);
  await expect(page.getByTestId("reserva-linea").getByTestId("linea-estado")).toHaveText("Cancelada");
  await expect(page.getByTestId("reserva-reembolsado")).toHaveText(TOTAL);
  await expect(page.getByTestId("cancelar-linea")).toHaveCount(0);

  // PayPal (its simulator) refunded the capture
  await page.goto(`${SIM_URL}/pagos`);
  const payment = page.locator(`[data-testid="pago"][data-order-id="${token}"]`);
  await expect(payment.getByTestId("reembolso")).toContainText(`Reembolso ${TOTAL} · Completado`);

  // the cancellation e-mail
  const cancelled = await waitForMail(email, new RegExp(`^Cancelación de tu reserva ${referencia}$`));
  expect(cancelled.text).toContain(referencia);

  // the places are back on the storefront's calendar
  await page.goto(tourPage(tourId, fecha));
  await expect(page.locator(`.calendar a[data-date="${fecha}"]`)).toHaveCount(1);
  await expect(page.getByTestId("slots").getByTestId("slot")).toBeEnabled();

  await checkPanel(browser, email, referencia);
}

test("con JavaScript: comprar, el correo con el voucher, Mi reserva, cancelar y el reembolso", async ({ page, browser }) => {
  await afterPayment(page, browser, true);
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("comprar, el correo con el voucher, Mi reserva, cancelar y el reembolso", async ({ page, browser }) => {
    await afterPayment(page, browser, false);
  });
});

test("Mi reserva: una referencia o un PIN equivocados se dicen en español", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Mi reserva" }).click();
  await expect(page).toHaveURL(/\/mi-reserva$/);
  const form = page.getByTestId("mi-reserva-form");
  await form.getByLabel("Referencia").fill("TR-NOEXISTE");
  await form.getByLabel("PIN").fill("123456");
  await form.getByRole("button", { name: "Ver mi reserva" }).click();
  await expect(page.getByTestId("mi-reserva-error")).toHaveText("No encontramos una reserva con esa referencia y PIN");
});

test("el equipo cancela y reembolsa un pedido pagado desde su detalle, tras confirmar", async ({ page, request, signIn }) => {
  const stamp = Date.now();
  const { tourId } = await createTestTour(request, { nombre: `Reembolso del equipo ${stamp}`, cupo: 4 });
  const email = `equipo-${stamp}@example.com`;
  const fecha = soonDate(6);
  const { referencia, token } = await paidBooking(request, SIM_URL, { tourId, fecha, hora: "10:00", adults: 2, email });

  await signIn();
  await expect(page).toHaveURL(/\/panel\/hoy/);
  // the buyer calls with the reference of the voucher
  await page.getByRole("menuitem", { name: "Pedidos", exact: true }).click();
  await page.getByPlaceholder("Buscar pedido o referencia").fill(referencia);
  const row = page.locator("tbody tr").filter({ hasText: referencia });
  await expect(row).toHaveCount(1);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(row).toContainText(email);
  await row.getByRole("button", { name: "Detalle" }).click();
  const dialog = page.getByRole("dialog", { name: /Detalle del pedido/ });
  await expect(dialog.getByTestId("pedido-referencia")).toHaveText(referencia);
  await expect(dialog.getByTestId("linea-estado")).toHaveText("Activa");

  await dialog.getByRole("button", { name: "Cancelar y reembolsar el pedido" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancelar y reembolsar" });
  await expect(confirm).toContainText(TOTAL);
  // going back changes nothing
  await confirm.getByRole("button", { name: "Volver" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByTestId("linea-estado")).toHaveText("Activa");

  await dialog.getByRole("button", { name: "Cancelar y reembolsar el pedido" }).click();
  await confirm.getByLabel("Motivo (opcional)").fill("Cierre por lluvia");
  await confirm.getByRole("button", { name: "Sí, cancelar y reembolsar" }).click();
  await expect(page.getByText(`Cancelado. Reembolso de ${TOTAL}: completado`)).toBeVisible();
  await expect(dialog.getByTestId("linea-estado")).toHaveText("Cancelada");
  const refund = dialog.getByTestId("reembolso");
  await expect(refund).toContainText(TOTAL);
  await expect(refund).toContainText("Completado");
  await expect(refund).toContainText("Equipo");
  await expect(refund).toContainText("Cierre por lluvia");
  await expect(dialog.getByRole("button", { name: /Cancelar y reembolsar/ })).toHaveCount(0);

  await page.goto(`${SIM_URL}/pagos`);
  await expect(page.locator(`[data-testid="pago"][data-order-id="${token}"]`).getByTestId("reembolso")).toContainText(
    `Reembolso ${TOTAL} · Completado`,
  );
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("Mi reserva por el formulario: cancelar toda la reserva de dos tours; un tour no reembolsable lo dice", async ({ page, request }) => {
    const stamp = Date.now();
    const primero = await createTestTour(request, { nombre: `Primer tour ${stamp}`, cupo: 6 });
    const segundo = await createTestTour(request, { nombre: `Segundo tour ${stamp}`, cupo: 6 });
    const fija = await createTestTour(request, { nombre: `Sin reembolso ${stamp}`, cupo: 6, fields: { reembolsable: "0" } });
    const email = `dos-tours-${stamp}@example.com`;
    const both = await paidOrder(
      request,
      SIM_URL,
      [
        { tourId: primero.tourId, fecha: soonDate(4), hora: "10:00", adults: 1 },
        { tourId: segundo.tourId, fecha: soonDate(5), hora: "10:00", adults: 2 },
      ],
      email,
    );
    const mail = await waitForMail(email, new RegExp(`^Tu reserva ${both.referencia} está confirmada$`));
    const pin = /PIN: (\d{6})/.exec(mail.text)![1]!;

    // the form takes the reference as people type it
    await page.goto("/mi-reserva");
    const form = page.getByTestId("mi-reserva-form");
    await form.getByLabel("Referencia").fill(` ${both.referencia.toLowerCase()} `);
    await form.getByLabel("PIN").fill(pin);
    await form.getByRole("button", { name: "Ver mi reserva" }).click();
    await expect(page.getByTestId("reserva-referencia")).toHaveText(both.referencia);
    await expect(page.getByTestId("reserva-linea")).toHaveCount(2);

    await page.getByTestId("cancelar-todo").click();
    const confirm = page.getByTestId("confirmar-cancelacion");
    await expect(confirm).toContainText(`¿Cancelar toda la reserva ${both.referencia}? Te devolveremos USD 90.00.`);
    // "No, volver" leaves everything as it was
    await confirm.getByRole("link", { name: "No, volver" }).click();
    await expect(page.getByTestId("confirmar-cancelacion")).toHaveCount(0);
    await expect(page.getByTestId("reserva-linea").getByTestId("linea-estado")).toHaveText(["Confirmada", "Confirmada"]);

    await page.getByTestId("cancelar-todo").click();
    await page.getByTestId("confirmar-cancelacion").getByRole("button", { name: "Sí, cancelar" }).click();
    await expect.poll(() => toastTexts(page)).toContain("Cancelamos tu reserva. El reembolso de USD 90.00 ya está hecho.");
    await expect(page.getByTestId("reserva-linea").getByTestId("linea-estado")).toHaveText(["Cancelada", "Cancelada"]);
    await expect(page.getByTestId("reserva-estado")).toContainText("Cancelada");
    // a cancelled voucher admits nobody: no QR, no "show it to the guide"
    await expect(page.getByTestId("voucher").locator("svg")).toHaveCount(0);
    await expect(page.getByTestId("voucher")).not.toContainText("Muéstralo al guía al llegar");
    await expect(page.getByTestId("voucher-anulado")).toHaveText("Esta reserva está cancelada: ya no sirve para entrar al tour.");
    await expect(page.getByTestId("reserva-reembolsado")).toHaveText("USD 90.00");
    await expect(page.getByTestId("cancelar-todo")).toHaveCount(0);

    // another booking, of a tour that is not refundable: said on the voucher, and nothing to cancel
    const fixed = await paidBooking(request, SIM_URL, { tourId: fija.tourId, fecha: soonDate(4), hora: "10:00", adults: 1, email });
    const fixedMail = await waitForMail(email, new RegExp(`^Tu reserva ${fixed.referencia} está confirmada$`));
    expect(fixedMail.text).toContain("Este tour no es reembolsable");
    const link = /(https?:\/\/\S+\/mi-reserva\?ref=\S+)/.exec(fixedMail.text)![1]!;
    await page.goto(link);
    await expect(page.getByTestId("reserva-referencia")).toHaveText(fixed.referencia);
    await expect(page.getByTestId("linea-limite")).toHaveText("Este tour no es reembolsable");
    await expect(page.getByTestId("cancelar-linea")).toHaveCount(0);
    // asking for the confirmation in the address does not offer it either
    await page.goto("/mi-reserva?cancelar=todo");
    await expect(page.getByTestId("confirmar-cancelacion")).toHaveCount(0);
  });
});
