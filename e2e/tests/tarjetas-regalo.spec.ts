import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { expectAccessible } from "../support/axe";
import { waitForMail, type InboxMessage } from "../support/mail";
import { addTourToCart, addTraveller, fillContactForm, hydrated } from "../support/storefront";
import { expectToast, toastTexts } from "../support/storefront-toasts";
import { createTestTour, diaOf, soonDate } from "../support/tours";

/*
 * Gift cards (issue 25, decision 0024) on the storefront: a visitor buys one at /tarjeta-regalo and pays it on PayPal
 * (its simulator); the recipient's e-mail brings the code; the balance page reads it; the cart takes it beside a
 * discount code, PayPal charging only what the card does not cover, or nothing when it covers all; Mi reserva says
 * what the card paid. The purchase form and the balance page work without JavaScript. axe scans every new page.
 */

/** A card's code in an e-mail: two letters and three groups of four of the domain's alphabet. */
const CODE = /\bRG-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}\b/;

/** The code the recipient's e-mail carries (subject about the gift card). */
async function codeFromMail(email: string): Promise<{ code: string; mail: InboxMessage }> {
  const mail = await waitForMail(email, /tarjeta regalo/i);
  // the code stands on its own line, "Código: RG-…", in the e-mail's text
  const code = new RegExp(`^Código: (${CODE.source})\\r?$`, "m").exec(mail.text)?.[1];
  expect(code, `a card's code in «${mail.subject}»`).toMatch(new RegExp(`^${CODE.source}$`));
  return { code: code!, mail };
}

/** A card bought and paid as a buyer would, through the API and the simulator (for tests about spending it). */
async function paidCard(request: APIRequestContext, monto: number, stamp: string): Promise<string> {
  const recipient = `recibe-${monto}-${stamp}@example.com`;
  const bought = await request.post(`${API_URL}/api/tarjetas-regalo`, {
    data: { monto, comprador_nombre: "Luis Prueba", comprador_email: `compra-${stamp}@example.com`, destinatario_nombre: "Ana", destinatario_email: recipient },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const token = ((await bought.json()) as { succes: { id: string } }).succes.id;
  const approve = await request.post(`${SIM_URL}/checkoutnow/approve`, { form: { token }, maxRedirects: 0 });
  expect(approve.status(), await approve.text()).toBeGreaterThanOrEqual(300);
  const confirmed = await request.post(`${API_URL}/api/tarjetas-regalo/confirma`, { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return (await codeFromMail(recipient)).code;
}

/** The balance page: the code typed, and the sentence it answers. */
async function checkBalance(page: Page, code: string, expected: RegExp) {
  await page.goto("/tarjeta-regalo/saldo");
  await page.getByLabel("Código de la tarjeta regalo").fill(code);
  await page.getByRole("button", { name: "Consultar saldo" }).click();
  await expect(page.getByTestId("saldo-texto")).toHaveText(expected);
  // the code is a secret: never in the address
  expect(page.url()).not.toContain(code.slice(-4));
}

/** In the cart: "¿Tienes una tarjeta regalo?" with this code. */
async function applyCard(page: Page, code: string) {
  await page.getByLabel("Código de la tarjeta regalo").fill(code);
  await page.getByTestId("card-apply").click();
}

const final = (code: string) => `…${code.slice(-4)}`;

test("con JavaScript se compra una tarjeta de USD 50 en PayPal; llega por correo con su código y su saldo es USD 50.00", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const recipient = `ana-${stamp}@example.com`;

  // the footer leads to the page, which explains the card and links its balance page
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Tarjetas regalo" }).click();
  await expect(page).toHaveURL(/\/tarjeta-regalo$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tarjetas regalo" })).toBeVisible();
  await expect(page.getByText("Sirve durante 12 meses desde la compra.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Consulta su saldo" })).toHaveAttribute("href", "/tarjeta-regalo/saldo");
  await hydrated(page);
  await expectAccessible(page, "la compra de una tarjeta regalo");

  const form = page.getByTestId("tarjeta-form");
  await form.getByRole("radio", { name: "USD 50" }).check();
  await form.getByLabel("Tu nombre").fill("Luis Prueba");
  await form.getByLabel("Tu correo electrónico").fill(`luis-${stamp}@example.com`);
  await form.getByLabel("Nombre de quien la recibe").fill("Ana");
  await form.getByLabel("Correo de quien la recibe").fill(recipient);
  await form.getByLabel(/^Mensaje/).fill("¡Feliz cumpleaños!");
  await expect(page.getByTestId("mensaje-contador")).toHaveText("18 de 500 caracteres");
  await form.getByRole("button", { name: "Comprar con PayPal" }).click();

  await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
  await expect(page.getByTestId("total")).toHaveText("USD 50.00");
  await page.getByRole("button", { name: "Pagar" }).click();
  await page.waitForURL(/\/tarjeta-regalo\/pagada\?/, { timeout: 20_000 });
  await expect(page.getByTestId("tarjeta-enviada")).toHaveText(
    new RegExp(`^Enviamos la tarjeta regalo de USD 50\\.00 a Ana \\(${recipient.replace(/[.]/g, "\\.")}\\)\\. Vence el \\d{1,2} de [a-z]+ de \\d{4}\\.$`),
  );
  await expectAccessible(page, "la tarjeta regalo pagada");
  // confirming again (a reload) is the same answer
  await page.reload();
  await expect(page.getByTestId("tarjeta-enviada")).toContainText("USD 50.00 a Ana");

  const { code, mail } = await codeFromMail(recipient);
  expect(mail.text).toContain("¡Feliz cumpleaños!");
  // printed (what many recipients give or keep), the e-mail is one A4 page with the code whole on it
  const printed = await page.context().newPage();
  await printed.setContent(mail.html);
  await printed.emulateMedia({ media: "print" });
  await expect(printed.getByText(code)).toBeVisible();
  const pdf = await printed.pdf({ format: "A4", printBackground: true });
  expect(pdf.toString("latin1").match(/\/Type\s*\/Page\b/g), "pages of the printed e-mail").toHaveLength(1);
  await printed.close();
  await expect(page.getByTestId("tarjeta-resultado")).toContainText(final(code));

  await checkBalance(page, code.toLowerCase(), /^Saldo: USD 50\.00 de USD 50\.00 · válida hasta el \d{1,2} de [a-z]+ de \d{4}$/);
  await expectAccessible(page, "el saldo de una tarjeta regalo");
  await page.getByLabel("Código de la tarjeta regalo").fill("ABCD-EFGH-JKMN");
  await page.getByRole("button", { name: "Consultar saldo" }).click();
  await expect(page.getByTestId("saldo-error")).toHaveText("Este código de tarjeta regalo no existe");
  await expect(page.getByLabel("Código de la tarjeta regalo")).toHaveAttribute("aria-invalid", "true");

  // a payment cancelled at PayPal comes back to the page, which says the card was not bought
  await page.goto("/tarjeta-regalo?cancelada=1");
  await expect(page.getByTestId("tarjeta-cancelada")).toHaveText("Cancelaste el pago: la tarjeta no se compró.");
});

test("una reserva que cuesta más que la tarjeta: el carrito separa la tarjeta y PayPal, PayPal cobra el resto y Mi reserva lo dice", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const code = await paidCard(request, 50, stamp);
  const { tourId } = await createTestTour(request, { nombre: `Tour con tarjeta ${stamp}`, cupo: null, precio: "80" });

  await addTourToCart(page, tourId);
  await expect(page).toHaveURL(/\/shop$/);
  await addTraveller(page, "mayores_15", 1);
  await expect(page.getByTestId("cart-total")).toHaveText("USD 80.00");

  await applyCard(page, "ABCD-EFGH-JKMN");
  await expect(page.getByTestId("card-error")).toHaveText("Este código de tarjeta regalo no existe");
  await applyCard(page, code.toLowerCase());
  await expectToast(page, `Tarjeta regalo ${final(code)} aplicada`);
  await expect(page.getByTestId("card-applied")).toHaveText(final(code));
  await expect(page.getByTestId("cart-card")).toHaveText("−USD 50.00");
  await expect(page.getByTestId("cart-paypal")).toHaveText("USD 30.00");
  await expectAccessible(page, "el carrito con una tarjeta regalo");

  const buyer = `tarjeta-parte-${stamp}@example.com`;
  await page.getByTestId("go-pay").click();
  await expect(page.getByTestId("checkout-card")).toContainText("paga USD 50.00");
  const form = await fillContactForm(page, { email: buyer });
  await form.getByRole("button", { name: "Pagar USD 30.00 con PayPal" }).click();
  await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
  await expect(page.getByTestId("total")).toHaveText("USD 30.00");
  await page.getByRole("button", { name: "Pagar" }).click();
  await page.waitForURL(/\/pay\/ok\?/, { timeout: 20_000 });
  await expect(page.getByTestId("pay-result")).toContainText("Tu referencia de reserva");

  const mail = await waitForMail(buyer, /está confirmada/);
  const miReserva = /(https?:\/\/\S+\/mi-reserva\?\S+)/.exec(mail.text)?.[1];
  expect(miReserva, "a link to Mi reserva").toMatch(new RegExp(`^${STORE_URL}/mi-reserva\\?ref=TR-[A-Z0-9]+&pin=\\d+$`));
  await page.goto(miReserva!);
  await expect(page.getByTestId("reserva-tarjeta")).toHaveText(`Pagado con tarjeta regalo ${final(code)}: USD 50.00`);
  await expectAccessible(page, "Mi reserva pagada en parte con una tarjeta regalo");

  await checkBalance(page, code, /^Saldo: USD 0\.00 de USD 50\.00 · válida hasta el /);

  // cancelled in Mi reserva: the card's part goes back to the card first, the rest to PayPal
  await page.goto("/mi-reserva");
  await page.getByTestId("cancelar-linea").click();
  const confirm = page.getByTestId("confirmar-cancelacion");
  await expect(confirm).toContainText(`Lo pagado con la tarjeta regalo ${final(code)} vuelve primero a su saldo`);
  await confirm.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page).toHaveURL(/\/mi-reserva$/);
  await expect
    .poll(() => toastTexts(page))
    .toContain(`Cancelamos ese tour de tu reserva. El reembolso de USD 80.00 ya está hecho. De ese monto, USD 50.00 volvió a la tarjeta regalo ${final(code)}.`);
  await expect(page.getByTestId("reserva-reembolsado")).toHaveText("USD 80.00");
  await expect(page.getByTestId("reserva-reembolso-tarjeta")).toContainText(`(USD 50.00 volvió a la tarjeta regalo ${final(code)})`);
  await expectAccessible(page, "Mi reserva pagada en parte con una tarjeta regalo, cancelada");
  await checkBalance(page, code, /^Saldo: USD 50\.00 de USD 50\.00 · /);
});

test("una tarjeta que cubre toda la reserva: sin PayPal, el carrito se vacía y se abre Mi reserva pagada", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const code = await paidCard(request, 25, stamp);
  const { tourId } = await createTestTour(request, { nombre: `Tour pagado con tarjeta ${stamp}`, cupo: null, precio: "20" });

  await addTourToCart(page, tourId);
  await expect(page).toHaveURL(/\/shop$/);
  await addTraveller(page, "mayores_15", 1);
  await applyCard(page, code);
  await expect(page.getByTestId("cart-card")).toHaveText("−USD 20.00");
  await expect(page.getByTestId("cart-paypal")).toHaveText("USD 0.00");

  await page.getByTestId("go-pay").click();
  await expect(page.getByTestId("checkout-card")).toHaveText(`Tu tarjeta regalo ${final(code)} paga todo el pedido (USD 20.00): no hace falta pasar por PayPal.`);
  const form = await fillContactForm(page, { email: `tarjeta-toda-${stamp}@example.com` });
  await form.getByRole("button", { name: "Pagar con la tarjeta regalo" }).click();

  await page.waitForURL(/\/mi-reserva$/, { timeout: 20_000 });
  await expectToast(page, "Tu reserva está pagada con la tarjeta regalo. Te enviamos la confirmación por correo.");
  await expect(page.getByTestId("reserva-estado")).toContainText("Pagada");
  await expect(page.getByTestId("reserva-referencia")).toHaveText(/^TR-/);
  await expect(page.getByTestId("reserva-tarjeta")).toHaveText(`Pagado con tarjeta regalo ${final(code)}: USD 20.00`);
  await expectAccessible(page, "Mi reserva pagada con una tarjeta regalo");

  await page.goto("/shop");
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await checkBalance(page, code, /^Saldo: USD 5\.00 de USD 25\.00 · /);
});

test("una tarjeta gastada mientras tanto: el pago la rechaza en su campo, sin ir a PayPal, y el carrito la deja", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const code = await paidCard(request, 25, stamp);
  const { tourId } = await createTestTour(request, { nombre: `Tour tarjeta gastada ${stamp}`, cupo: null, precio: "40" });
  const other = await createTestTour(request, { nombre: `Otro tour que la gasta ${stamp}`, cupo: null, precio: "25" });

  await addTourToCart(page, tourId);
  await expect(page).toHaveURL(/\/shop$/);
  await addTraveller(page, "mayores_15", 1);
  await applyCard(page, code);
  await expect(page.getByTestId("cart-paypal")).toHaveText("USD 15.00");

  // meanwhile the card pays another booking whole (through the API, as another buyer would)
  const spent = await request.post(`${API_URL}/api/compra/create`, {
    data: {
      pedidos: [{ tour_id: other.tourId, dia: diaOf(soonDate(3), "10:00"), mayores_15: 1, de_4_15: 0, menores_3: 0, mascotas: 0 }],
      nombre: "Otra",
      apellido: "Persona",
      email: `gasta-${stamp}@example.com`,
      telefono: "3001234567",
      direccion: "Calle 1",
      nit: "123456",
      tarjeta: code,
    },
  });
  expect(spent.ok(), await spent.text()).toBe(true);
  expect(((await spent.json()) as { succes: { pagado?: boolean } }).succes.pagado).toBe(true);

  await page.getByTestId("go-pay").click();
  const form = await fillContactForm(page, { email: `gastada-${stamp}@example.com` });
  await form.getByRole("button", { name: "Pagar USD 15.00 con PayPal" }).click();
  await expect(form.getByRole("alert")).toContainText("Esta tarjeta regalo no tiene saldo");
  await expectToast(page, "Esta tarjeta regalo no tiene saldo");
  expect(page.url()).not.toContain(SIM_URL);
  // the card's field (behind the dialog) says why, and the cart no longer counts the card
  await expect(page.getByTestId("card-error")).toHaveText("Esta tarjeta regalo no tiene saldo");
  await expect(page.getByTestId("cart-card")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("go-pay")).toHaveText("Ir a pagar USD 40.00");
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("la compra dice qué corregir campo por campo y guarda lo escrito; el saldo se consulta por el formulario", async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    await page.goto("/tarjeta-regalo");
    const form = page.getByTestId("tarjeta-form");
    await expect(page.getByTestId("mensaje-contador")).toHaveText("Hasta 500 caracteres");

    await form.getByRole("button", { name: "Comprar con PayPal" }).click();
    const summary = page.getByTestId("tarjeta-errores");
    await expect(summary).toContainText("Valor de la tarjeta: Elige o escribe el valor de la tarjeta");
    await expect(summary).toContainText("Tu nombre: Escribe tu nombre");
    await expect(summary).toContainText("Correo de quien la recibe: Escribe el correo de quien la recibe");
    await expectAccessible(page, "la compra de una tarjeta regalo con errores, sin JavaScript");

    await form.getByRole("radio", { name: "Otro valor" }).check();
    await form.getByLabel(/^Otro valor en USD/).fill("5");
    await form.getByLabel("Tu nombre").fill("Luis Prueba");
    await form.getByLabel("Tu correo electrónico").fill(`luis-${stamp}@example.com`);
    await form.getByLabel("Nombre de quien la recibe").fill("Ana");
    await form.getByLabel("Correo de quien la recibe").fill("ana@");
    await form.getByRole("button", { name: "Comprar con PayPal" }).click();
    await expect(summary).toContainText("Valor de la tarjeta: El valor debe estar entre USD 10 y USD 1,000");
    await expect(summary).toContainText("Correo de quien la recibe: El correo de quien la recibe no es válido");
    await expect(summary).not.toContainText("Tu nombre");
    // what was typed stays; each wrong field says so to a screen reader
    await expect(form.getByLabel("Tu nombre")).toHaveValue("Luis Prueba");
    await expect(form.getByLabel(/^Otro valor en USD/)).toHaveValue("5");
    await expect(form.getByRole("radio", { name: "Otro valor" })).toBeChecked();
    const email = form.getByLabel("Correo de quien la recibe");
    await expect(email).toHaveValue("ana@");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    const describedBy = (await email.getAttribute("aria-describedby"))!;
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("El correo de quien la recibe no es válido");

    // the balance page, by its form
    const code = await paidCard(request, 100, stamp);
    await checkBalance(page, code, /^Saldo: USD 100\.00 de USD 100\.00 · válida hasta el /);
    await expectAccessible(page, "el saldo de una tarjeta regalo, sin JavaScript");
    await page.getByLabel("Código de la tarjeta regalo").fill("no es un código");
    await page.getByRole("button", { name: "Consultar saldo" }).click();
    await expect(page.getByTestId("saldo-error")).toHaveText("Este código de tarjeta regalo no existe");
    await expectAccessible(page, "el saldo con un código que no existe, sin JavaScript");

    // the cart takes the card by its form too, and lets it go
    const { tourId } = await createTestTour(request, { nombre: `Tour sin JS con tarjeta ${stamp}`, cupo: null, precio: "120" });
    await addTourToCart(page, tourId);
    await expect(page).toHaveURL(/\/shop$/);
    await addTraveller(page, "mayores_15", 1);
    await applyCard(page, "ABCD EFGH JKMN");
    await expect(page.getByTestId("card-error")).toHaveText("Este código de tarjeta regalo no existe");
    await expect(page.getByLabel("Código de la tarjeta regalo")).toHaveAttribute("aria-invalid", "true");
    await applyCard(page, code);
    await expect(page.getByTestId("card-applied")).toHaveText(final(code));
    await expect(page.getByTestId("cart-card")).toHaveText("−USD 100.00");
    await expect(page.getByTestId("cart-paypal")).toHaveText("USD 20.00");
    await expectAccessible(page, "el carrito con una tarjeta regalo, sin JavaScript");
    await page.getByTestId("card-remove").click();
    await expect(page.getByTestId("cart-card")).toHaveCount(0);
    await expect(page.getByLabel("Código de la tarjeta regalo")).toHaveValue("");
    await expect(page.getByTestId("cart-total")).toHaveText("USD 120.00");
  });
});
