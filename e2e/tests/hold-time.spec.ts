import { expect, test, type APIRequestContext, type Page } from "../support/test";
import { SIM_URL } from "../support/env";
import { addTraveller, fillContactForm, tourPage } from "../support/storefront";
import { expectToast } from "../support/storefront-toasts";
import { createTestTour, ordersOf, soonDate } from "../support/tours";

/*
 * Timing adjustable (WCAG 2.2.1, docs/decisions/0018): once the checkout made an order, the cart and the checkout
 * say until when its places are held, warn politely two minutes before, and "Necesito más tiempo" renews the hold
 * on the server (three times at most). With JavaScript and without.
 */

const HELD = /^Guardamos tus lugares hasta las (\d\d:\d\d) hora de Bogotá\.$/;

/** "10:42" in Bogotá, `minutes` from now. */
const bogotaTime = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toLocaleTimeString("en-GB", { timeZone: "America/Bogota", hour: "2-digit", minute: "2-digit" });

/** A cart line of a fresh tour, one adult, checked out to the PayPal simulator; back to the cart without paying. */
async function orderAndComeBack(page: Page, request: APIRequestContext, email: string) {
  const { tourId } = await createTestTour(request, { nombre: `Más tiempo ${Date.now()}`, cupo: 4 });
  await page.goto(tourPage(tourId, soonDate(3), "&hora=10:00"));
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await addTraveller(page, "mayores_15", 1);
  await page.getByTestId("go-pay").click();
  await fillContactForm(page, { email });
  const before = bogotaTime(15);
  await page.getByTestId("checkout-form").getByRole("button", { name: /^Pagar / }).click();
  await page.waitForURL((url) => url.href.startsWith(SIM_URL));
  const after = bogotaTime(15);
  // the buyer comes back to the cart without paying (the browser's back, or a new visit)
  await page.goto("/shop");
  const notice = page.getByTestId("hold-notice");
  const time = (await notice.locator(".hold-notice__time").textContent())?.match(HELD)?.[1];
  expect([before, after]).toContain(time);
  await expect(notice).toContainText("Puedes pedir más tiempo 3 veces más.");
  await expect(notice.getByTestId("hold-pay")).toHaveAttribute("href", new RegExp(`^${SIM_URL}`));
  return notice;
}

async function renewThreeTimes(page: Page, request: APIRequestContext, email: string) {
  const notice = page.getByTestId("hold-notice");
  for (const left of ["2 veces más", "1 vez más"]) {
    await notice.getByRole("button", { name: "Necesito más tiempo" }).click();
    await expect(notice).toContainText(`Puedes pedir más tiempo ${left}.`);
    await expectToast(page, `Listo: guardamos tus lugares hasta las ${(await notice.locator(".hold-notice__time").textContent())!.match(HELD)![1]} hora de Bogotá.`);
  }
  await notice.getByRole("button", { name: "Necesito más tiempo" }).click();
  await expect(notice).toContainText("Ya pediste más tiempo todas las veces posibles.");
  await expect(notice.getByRole("button", { name: "Necesito más tiempo" })).toHaveCount(0);
  // the order is still the one pending payment, its places held
  const [order] = await ordersOf(request, email);
  expect(order).toMatchObject({ estado: "pendiente" });
}

test("el carrito dice hasta cuándo guardamos los lugares, avisa dos minutos antes y «Necesito más tiempo» los renueva", async ({ page, request }) => {
  await page.clock.install();
  const email = `tiempo-js-${Date.now()}@example.com`;
  const notice = await orderAndComeBack(page, request, email);
  const warning = notice.getByTestId("hold-warning");
  await expect(warning).toHaveAttribute("aria-live", "polite");
  await expect(warning).toHaveText("");
  // thirteen minutes later (the page's clock): two minutes left, said politely
  await page.clock.fastForward("12:50");
  await expect(warning).toHaveText("");
  await page.clock.fastForward("00:15");
  await expect(warning).toHaveText(/^Quedan 2 minutos: guardamos tus lugares hasta las \d\d:\d\d hora de Bogotá\. Si necesitas más tiempo, pulsa «Necesito más tiempo»\.$/);
  await renewThreeTimes(page, request, email);

  // the checkout shows the same hold; paying again replaces the order (the first one no longer holds places)
  await page.getByTestId("go-pay").click();
  await expect(page.getByRole("dialog", { name: "Datos de contacto" }).getByTestId("hold-notice")).toBeVisible();
  await fillContactForm(page, { email });
  await page.getByTestId("checkout-form").getByRole("button", { name: /^Pagar / }).click();
  await page.waitForURL((url) => url.href.startsWith(SIM_URL));
  const orders = await ordersOf(request, email);
  expect(orders.map((o) => o.estado).sort()).toEqual(["cancelado", "pendiente"]);
});

test.describe("sin JavaScript", { tag: "@nojs" }, () => {
  test("el carrito dice hasta cuándo guardamos los lugares y «Necesito más tiempo» los renueva", async ({ page, request }) => {
    const email = `tiempo-nojs-${Date.now()}@example.com`;
    await orderAndComeBack(page, request, email);
    await renewThreeTimes(page, request, email);
    await page.goto("/shop?pagar=1#datos");
    await expect(page.locator("#datos").getByTestId("hold-notice")).toBeVisible();
  });
});
