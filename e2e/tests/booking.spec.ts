import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { API_URL, SIM_URL } from "../support/env";
import { addTraveller, fillContactForm } from "../support/storefront";
import { toastTexts } from "../support/storefront-toasts";
import { ordersOf } from "../support/tours";

/*
 * The purchase, end to end, as the acceptance test describes it: home → search → country → city → tour →
 * a date and a departure → 2 adults, 1 child of 4–15 and 1 pet → /shop shows the total → contact form → the PayPal
 * simulator's approval page → "Pagar" → /pay/ok says 'Pedido registrado de forma correcta', and the API holds a
 * paid order with that total. Once with JavaScript, once without (the @nojs describe runs in the "nojs" project).
 *
 * The expected total is worked out here from the spec's rule (adult = base, child 4–15 = 0.6 × base, pet =
 * 0.2 × base, in cents), not with the app's own pricing code, so the test can catch a wrong price.
 */

const COUNTRY = "Colombia";
const CITY = "Bogotá";
const TOUR = "La Candelaria y el Museo del Oro";

const MSG = {
  added: "El tour fue agregado al carrito",
  creating: "Creando el pedido espere porfavor...",
  created: "Pedido creado correctamente, sera redireccionado para realizar el pago",
  paid: "Pedido registrado de forma correcta",
};

const MONTHS = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

function usd(cents: number): string {
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `USD ${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/** Spec §5: 2 adults, 1 child of 4–15 and 1 pet. */
function expectedTotalCents(precio: number): number {
  const base = Math.round(precio * 100);
  return 2 * base + Math.round(base * 0.6) + Math.round(base * 0.2);
}

async function tourPrice(request: APIRequestContext, name: string): Promise<{ id: number; precio: number }> {
  const response = await request.get(`${API_URL}/api/tour/index`);
  expect(response.ok()).toBe(true);
  const { succes } = (await response.json()) as { succes: Array<{ id: number; nombre: string; precio: number | string }> };
  const tour = succes.find((t) => t.nombre === name);
  expect(tour, `the demo seed has the tour "${name}"`).toBeTruthy();
  return { id: tour!.id, precio: Number(tour!.precio) };
}

async function browseToTour(page: Page) {
  await page.goto("/");
  const search = page.locator("#hero-q");
  await search.fill(COUNTRY);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/buscar\?q=Colombia/);
  await page.getByTestId("search-results").getByRole("link", { name: COUNTRY, exact: true }).click();
  await expect(page).toHaveURL(/\/pais\/\d+$/);
  await page.getByRole("link", { name: CITY, exact: true }).first().click();
  await expect(page).toHaveURL(/\/actividades\/\d+\/\d+$/);
  await page.getByRole("link", { name: TOUR, exact: true }).first().click();
  await expect(page).toHaveURL(/\/actividades\/detalle\/local\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: TOUR })).toBeVisible();
}

/**
 * Next month (so no departure can expire while the test runs), its first bookable day with a departure that has room for the
 * purchase's 3 persons (earlier purchases, and the demo's nearly full departures, leave some with "Quedan N").
 */
async function pickDateAndDeparture(page: Page): Promise<{ fecha: string; hora: string }> {
  await page.getByRole("link", { name: "Mes siguiente" }).click();
  await expect(page).toHaveURL(/[?&]mes=\d{4}-\d{2}/);
  // the URL can change a frame before the new month is drawn: wait for its days before reading them
  const mes = new URL(page.url()).searchParams.get("mes")!;
  const days = page.locator(".calendar a.day--available");
  await expect(days.first()).toHaveAttribute("data-date", new RegExp(`^${mes}-`));
  const dates = await days.evaluateAll((links) => links.map((a) => a.getAttribute("data-date")!));
  for (const fecha of dates) {
    await page.locator(`.calendar a[data-date="${fecha}"]`).click();
    await expect(page).toHaveURL(new RegExp(`fecha=${fecha}`));
    await expect(page.locator(`.calendar [data-date="${fecha}"]`)).toHaveClass(/day--selected/);
    // a departure with few places left says so on its button ("Quedan 2 lugares"); take one that does not
    const departure = page.getByTestId("slots").locator("button:enabled").filter({ hasNotText: /Queda/ }).first();
    if ((await departure.count()) === 0) continue;
    const hora = (await departure.locator(".slot__time").textContent())!.trim();
    await departure.click();
    await expect(page).toHaveURL(/hora=/);
    const dialog = page.getByRole("dialog", { name: "Confirma tu reserva" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(hora);
    return { fecha, hora };
  }
  throw new Error("no departure next month has room for 3 persons");
}

async function purchase(page: Page, request: APIRequestContext, withJs: boolean) {
  const { precio } = await tourPrice(request, TOUR);
  const total = usd(expectedTotalCents(precio));
  const email = `compra-${withJs ? "js" : "nojs"}-${Date.now()}@example.com`;

  await browseToTour(page);
  const { fecha, hora } = await pickDateAndDeparture(page);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();

  await expect(page).toHaveURL(/\/shop$/);
  await expect.poll(() => toastTexts(page)).toContain(MSG.added);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(TOUR);
  const [y, m, d] = fecha.split("-").map(Number) as [number, number, number];
  await expect(line).toContainText(`${d} de ${MONTHS[m - 1]} de ${y}, ${hora}`);
  // Spec §4: every count starts at 0, and so does the total.
  for (const field of ["mayores_15", "de_4_15", "menores_3", "mascotas"] as const) {
    await expect(page.getByTestId(`counter-${field}`).getByTestId("counter-value")).toHaveText("0");
  }
  await expect(page.getByTestId("cart-total")).toHaveText(usd(0));

  await addTraveller(page, "mayores_15", 1);
  await addTraveller(page, "mayores_15", 2);
  await addTraveller(page, "de_4_15", 1);
  await addTraveller(page, "mascotas", 1);
  await expect(page.getByTestId("cart-total")).toHaveText(total);
  await expect(page.getByTestId("line-total")).toHaveText(total);
  await expect(page.getByTestId("go-pay")).toHaveText(`Ir a pagar ${total}`);

  await page.getByTestId("go-pay").click();
  await expect(page.getByTestId("checkout-form")).toBeVisible();
  const form = await fillContactForm(page, { email });
  if (withJs) {
    // The contact form is a modal with JavaScript.
    await expect(page.getByRole("dialog", { name: "Datos de contacto" })).toBeVisible();
  }
  await form.getByRole("button", { name: `Pagar ${total}` }).click();
  if (withJs) {
    await expect.poll(() => toastTexts(page)).toContain(MSG.creating);
    await expect.poll(() => toastTexts(page)).toContain(MSG.created);
  }

  // Same tab, PayPal (here its simulator) asks the buyer to approve the payment.
  await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
  await expect(page.getByTestId("total")).toHaveText(`USD ${(expectedTotalCents(precio) / 100).toFixed(2)}`);
  await page.getByRole("button", { name: "Pagar" }).click();

  await page.waitForURL(/\/pay\/ok\?/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MSG.paid);
  await expect(page.getByTestId("pay-result")).toContainText(total);
  // The cart is emptied once the order is confirmed.
  await page.goto("/shop");
  await expect(page.getByTestId("cart-empty")).toBeVisible();

  const orders = await ordersOf(request, email);
  expect(orders).toHaveLength(1);
  expect(orders[0]!.status).toBe(true);
  expect(Math.round(Number(orders[0]!.valor_total) * 100)).toBe(expectedTotalCents(precio));
}

test("con JavaScript: de la portada al pago aprobado, con el total del spec", async ({ page, request }) => {
  await purchase(page, request, true);
});

test("la visita queda en actividadesVisitadas y en la franja de la portada", async ({ page, request }) => {
  const { id } = await tourPrice(request, TOUR);
  await page.goto(`/actividades/detalle/local/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: TOUR })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("actividadesVisitadas") ?? "[]")[0]?.nombre))
    .toBe(TOUR);
  await page.goto("/");
  await expect(page.getByTestId("visited-strip")).toContainText(TOUR);
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("calendario: meses y días en la URL, sin meses ni días pasados", async ({ page, request }) => {
    const { id } = await tourPrice(request, TOUR);
    const detail = `/actividades/detalle/local/${id}`;
    await page.goto(detail);
    const calendar = page.getByTestId("calendar");
    await expect(calendar.locator("th")).toHaveText(["D", "L", "M", "M", "J", "V", "S"]);
    const now = new Date(new Date().toLocaleString("en-US", { timeZone: "America/Bogota" }));
    const title = `${MONTHS[now.getMonth()]} ${now.getFullYear()}`;
    await expect(calendar.getByRole("heading")).toHaveText(new RegExp(`^${title}$`, "i"));
    // The current month has no way back, and no past day is a link.
    await expect(calendar.getByRole("link", { name: "Mes anterior" })).toHaveCount(0);
    for (const date of await calendar.locator("a.day").evaluateAll((els) => els.map((el) => el.getAttribute("data-date")))) {
      expect(date! >= now.toLocaleDateString("en-CA")).toBe(true);
    }
    // An old month in the URL shows the current one instead.
    await page.goto(`${detail}?mes=2020-01&fecha=2020-01-15`);
    await expect(calendar.getByRole("heading")).toHaveText(new RegExp(`^${title}$`, "i"));
    await expect(page.getByTestId("slots")).toHaveCount(0);
    // Next month, and back again.
    await page.getByRole("link", { name: "Mes siguiente" }).click();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    await expect(calendar.getByRole("heading")).toHaveText(new RegExp(`^${MONTHS[next.getMonth()]} ${next.getFullYear()}$`, "i"));
    await page.getByRole("link", { name: "Mes anterior" }).click();
    await expect(calendar.getByRole("heading")).toHaveText(new RegExp(`^${title}$`, "i"));
  });

  test("la visita sin JavaScript también llega a la portada (cookie)", async ({ page, request }) => {
    const { id } = await tourPrice(request, TOUR);
    await page.goto(`/actividades/detalle/local/${id}`);
    await page.goto("/");
    await expect(page.getByTestId("visited-strip")).toContainText(TOUR);
  });

  test("de la portada al pago aprobado, con el total del spec", async ({ page, request }) => {
    await purchase(page, request, false);
  });

  test("cancelar en PayPal vuelve a /pay/not y el carrito se conserva", async ({ page }) => {
    await browseToTour(page);
    await pickDateAndDeparture(page);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await addTraveller(page, "mayores_15", 1);
    await page.getByTestId("go-pay").click();
    await expect(page.getByTestId("checkout-form")).toBeVisible();
    const form = await fillContactForm(page, { email: `cancela-${Date.now()}@example.com` });
    await form.getByRole("button", { name: /^Pagar / }).click();
    await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
    await page.getByRole("button", { name: "Cancelar" }).click();
    await page.waitForURL(/\/pay\/not/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pago cancelado");
    await page.goto("/shop");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("counter-mayores_15").getByTestId("counter-value")).toHaveText("1");
  });
});
