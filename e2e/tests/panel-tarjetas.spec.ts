import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { expectAccessible } from "../support/axe";
import { API_URL, SIM_URL, STORE_URL } from "../support/env";
import { staffHeaders } from "../support/staff";
import { createTestTour, diaOf, soonDate } from "../support/tours";

/*
 * Gift cards in the panel (issue 25, decision 0024). A card is bought through the API and PayPal's simulator, then
 * pays one order whole and another in part (PayPal the rest). Staff find it in "Tarjetas regalo" with its balance,
 * read its movements (the load, each payment, what came back), and refund the part-paid order from its detail: the
 * card gets its part back and PayPal's part goes onto a new card for the buyer, which the list then shows. axe scans
 * the list, the card's screen and the refund dialog; a Ventas user has the menu entry, a Contenido user does not.
 */

const stamp = Date.now().toString(36);
const PRICE = 30;

interface CardRow {
  id: number;
  codigo: string;
  saldo: number;
  origen: string;
}

/** The staff list of cards searched by `q` (through the API, as the panel asks it). */
async function cardsFound(request: APIRequestContext, q: string): Promise<CardRow[]> {
  const filter = encodeURIComponent(JSON.stringify({ q }));
  const res = await request.get(`${API_URL}/api/tarjetas-regalo?filter=${filter}`, { headers: await staffHeaders() });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { succes: CardRow[] }).succes;
}

/** PayPal's simulator approves its order, as the buyer's "Pagar" would. */
async function approve(request: APIRequestContext, token: string): Promise<void> {
  const res = await request.post(`${SIM_URL}/checkoutnow/approve`, { form: { token }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBeGreaterThanOrEqual(300);
}

/** A card bought and paid as a visitor would; the staff list gives its whole code (the recipient's e-mail has it). */
async function buyCard(request: APIRequestContext, monto: number, destinatarioEmail: string): Promise<CardRow> {
  const bought = await request.post(`${API_URL}/api/tarjetas-regalo`, {
    data: {
      monto,
      comprador_nombre: `Quien regala ${stamp}`,
      comprador_email: `regala-${stamp}@e2e.test`,
      destinatario_nombre: `Quien recibe ${stamp}`,
      destinatario_email: destinatarioEmail,
      mensaje: "¡Feliz viaje!",
    },
  });
  expect(bought.ok(), await bought.text()).toBe(true);
  const token = ((await bought.json()) as { succes: { id: string } }).succes.id;
  await approve(request, token);
  const confirmed = await request.post(`${API_URL}/api/tarjetas-regalo/confirma`, { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const cards = await cardsFound(request, destinatarioEmail);
  expect(cards, "the card bought is in the staff list, once, with its whole value").toEqual([
    expect.objectContaining({ origen: "compra", saldo: monto, codigo: expect.stringMatching(/^RG-[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){2}$/) }),
  ]);
  return cards[0]!;
}

/** An order of `adults` of the tour paid with the card first; PayPal (approved here) pays what its balance does not cover. */
async function orderWithCard(request: APIRequestContext, tourId: number, adults: number, tarjeta: string, email: string) {
  const created = await request.post(`${API_URL}/api/compra/create`, {
    data: {
      pedidos: [{ tour_id: tourId, dia: diaOf(soonDate(5), "10:00"), mayores_15: adults, de_4_15: 0, menores_3: 0, mascotas: 0 }],
      nombre: "Comprador",
      apellido: `Tarjeta ${stamp}`,
      email,
      telefono: "3001234567",
      direccion: "Calle 1",
      nit: "123456",
      tarjeta,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const order = ((await created.json()) as { succes: { id: string; pagado?: boolean; referencia?: string } }).succes;
  if (order.pagado) return { referencia: order.referencia! };
  await approve(request, order.id);
  const confirmed = await request.post(`${API_URL}/api/compra/confirma`, { data: { token: order.id } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const paid = ((await confirmed.json()) as { succes: { status: boolean; referencia: string } }).succes;
  expect(paid.status).toBe(true);
  return { referencia: paid.referencia };
}

/** axe, and no sideways scroll of the page (WCAG 1.4.10), on a desktop and a phone; back to the desktop after. */
async function scanBothWidths(page: Page, what: string): Promise<void> {
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    await expectAccessible(page, `${what} at ${width} px`);
    const [scroll, room] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll, `${what} at ${width} px scrolls sideways`).toBeLessThanOrEqual(room!);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test("staff find a gift card with its balance, read its movements and refund an order onto a new card", async ({ page, request, signIn }) => {
  // a purchase, two orders, a refund and four panel screens scanned at two widths: slow on a busy 2-core machine
  test.slow();
  const { tourId } = await createTestTour(request, { nombre: `Tour con tarjeta ${stamp}`, cupo: null, precio: String(PRICE) });
  const recipient = `recibe-${stamp}@e2e.test`;
  const buyer = `compra-tarjeta-${stamp}@e2e.test`;
  const card = await buyCard(request, 50, recipient);
  const end = card.codigo.slice(-4);
  // the card pays a whole order (USD 30), then USD 20 of one of USD 60 (PayPal the other 40)
  const whole = await orderWithCard(request, tourId, 1, card.codigo, buyer);
  const part = await orderWithCard(request, tourId, 2, card.codigo, buyer);

  await signIn("/panel/tarjetas-regalo", "ventas");
  await page.getByPlaceholder("Buscar código, correo o nombre").fill(recipient);
  const row = page.locator("tbody tr").filter({ hasText: card.codigo });
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(row).toContainText("Activa");
  await expect(row).toContainText("Compra");
  await expect(row).toContainText("USD 50.00");
  await expect(row).toContainText("USD 0.00");
  await expect(row).toContainText(`Quien recibe ${stamp}`);
  await scanBothWidths(page, "the panel's gift cards");

  // the code is a link: the keyboard opens the card's screen
  await row.getByRole("link", { name: card.codigo }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/panel/tarjetas-regalo/${card.id}/show$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Tarjeta regalo ${card.codigo}`);
  await expect(page.getByTestId("tarjeta-saldo")).toHaveText("USD 0.00");
  const movements = page.getByTestId("movimiento");
  await expect(movements).toHaveCount(3);
  await expect(movements.nth(0).getByTestId("movimiento-tipo")).toHaveText("Carga");
  await expect(movements.nth(0).getByTestId("movimiento-importe")).toHaveText("+USD 50.00");
  await expect(movements.nth(1).getByTestId("movimiento-tipo")).toHaveText("Pago");
  await expect(movements.nth(1).getByTestId("movimiento-importe")).toHaveText("−USD 30.00");
  await expect(movements.nth(1).getByTestId("tarjeta-reserva")).toHaveText(whole.referencia);
  await expect(movements.nth(2).getByTestId("movimiento-importe")).toHaveText("−USD 20.00");
  await expect(page.getByTestId("movimiento-liberado")).toHaveCount(0);
  await scanBothWidths(page, "a gift card's screen");

  // the ledger's order link opens the orders list on that booking; its detail says what the card paid
  await movements.nth(2).getByTestId("tarjeta-reserva").click();
  await expect(page).toHaveURL(/\/panel\/pedidos\?/);
  const orderRow = page.locator("tbody tr").filter({ hasText: part.referencia });
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await orderRow.getByRole("button", { name: "Detalle" }).click();
  const detail = page.getByRole("dialog", { name: /Detalle del pedido/ });
  await expect(detail.getByTestId("pedido-tarjeta")).toHaveText(`Tarjeta regalo …${end}: USD 20.00`);

  await detail.getByRole("button", { name: "Cancelar y reembolsar el pedido" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancelar y reembolsar" });
  await expect(confirm).toContainText(`USD 20.00 a la tarjeta regalo …${end} que pagó el pedido y USD 40.00 al comprador por PayPal`);
  // by keyboard: the reason, Shift+Tab back to the new card's checkbox (it follows the sentence it changes), Space,
  // Tab past the reason and Volver to the confirmation, Enter
  const toNewCard = confirm.getByRole("checkbox", { name: "Reembolsar a una tarjeta regalo nueva (en lugar de PayPal)" });
  await confirm.getByLabel("Motivo (opcional)").fill("Prefiere una tarjeta regalo");
  await page.keyboard.press("Shift+Tab");
  await expect(toNewCard).toBeFocused();
  await page.keyboard.press("Space");
  await expect(toNewCard).toBeChecked();
  await expect(confirm).toContainText("USD 40.00 en una tarjeta regalo nueva que se envía al comprador por correo");
  await expectAccessible(page, "the refund dialog with a gift card");
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Sí, cancelar y reembolsar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Cancelado. Reembolso de USD 60.00: completado")).toBeVisible();
  const refund = detail.getByTestId("reembolso");
  await expect(refund).toContainText("Prefiere una tarjeta regalo");
  await expect(refund.getByTestId("reembolso-destino")).toContainText("USD 20.00 a la tarjeta que pagó");
  await expect(refund.getByTestId("reembolso-destino")).toContainText(/USD 40\.00 a tarjeta regalo nueva …[A-Z0-9]{4}/);
  const newEnd = /tarjeta regalo nueva …([A-Z0-9]{4})/.exec((await refund.getByTestId("reembolso-destino").textContent()) ?? "")![1]!;
  await detail.getByRole("button", { name: "Cerrar" }).click();

  // the new card is in the list, for the buyer, with PayPal's part
  await page.goto(`${STORE_URL}/panel/tarjetas-regalo`);
  await page.getByPlaceholder("Buscar código, correo o nombre").fill(buyer);
  // the buyer is neither the first card's buyer nor its recipient: the one card found is the new one
  const newRow = page.locator("tbody tr");
  await expect(newRow).toHaveCount(1);
  await expect(newRow.getByRole("link")).toHaveText(new RegExp(`${newEnd}$`));
  await expect(newRow).toContainText("Reembolso");
  await expect(newRow).toContainText("USD 40.00");
  await newRow.getByRole("link").click();
  await expect(page.getByTestId("tarjeta-origen")).toContainText("Reembolso del pedido #");
  await expect(page.getByTestId("movimiento")).toHaveCount(1);
  await expect(page.getByTestId("movimiento-importe")).toHaveText("+USD 40.00");

  // the first card has its USD 20 back
  await page.goto(`${STORE_URL}/panel/tarjetas-regalo/${card.id}/show`);
  await expect(page.getByTestId("tarjeta-saldo")).toHaveText("USD 20.00");
  const back = page.getByTestId("movimiento").filter({ has: page.getByTestId("movimiento-tipo").getByText("Devolución") });
  await expect(back.getByTestId("movimiento-importe")).toHaveText("+USD 20.00");

  // Actividad (Administrador) names the resource in Spanish and lists the card's movements under it
  await signIn("/panel/actividad", "admin");
  await page.getByRole("combobox", { name: "Recurso" }).click();
  await page.getByRole("option", { name: "Tarjeta regalo", exact: true }).click();
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("table", { name: "Actividad" }).getByRole("row").filter({ hasText: `…${end}` }).first()).toBeVisible();
});

test("Ventas has Tarjetas regalo in the menu; Contenido neither has it nor reads the list by its address", async ({ page, signIn }) => {
  await signIn("/panel/pedidos", "ventas");
  await expect(page.getByRole("menuitem", { name: "Tarjetas regalo", exact: true })).toBeVisible();
  await page.getByRole("menuitem", { name: "Tarjetas regalo", exact: true }).click();
  await expect(page).toHaveURL(/\/panel\/tarjetas-regalo/);
  await expect(page.getByPlaceholder("Buscar código, correo o nombre")).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await signIn("/panel/destinos", "contenido");
  await expect(page.getByRole("menuitem", { name: "Destinos", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Tarjetas regalo", exact: true })).toHaveCount(0);
  await page.goto(`${STORE_URL}/panel/tarjetas-regalo`);
  await expect(page.getByTestId("sin-permiso")).toContainText("Tu rol (Contenido) no permite abrir esta pantalla.");
  await expect(page.getByPlaceholder("Buscar código, correo o nombre")).toHaveCount(0);
});
