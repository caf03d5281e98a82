import { expect, test, type APIRequestContext, type Locator, type Page } from "../support/test";
import { colombia } from "../support/api";
import { ADMIN, API_URL, SIM_URL, STORE_URL } from "../support/env";
import { waitForMail } from "../support/mail";
import { png } from "../support/png";
import { staffHeaders } from "../support/staff";
import { createSchedule, createTour, paidBooking, soonDate } from "../support/tours";
import { bannerAlreadyClosed } from "../support/storefront";

/*
 * Issue 23, keyboard only: a visitor buys a tour from the home to the PayPal simulator and back with Tab,
 * Shift+Tab, Enter, Space and the arrow keys of the calendar grid, and types only into fields; every element that
 * takes the focus on the storefront shows it and is not under the sticky top bar (WCAG 2.4.7, 2.4.11). The day
 * cells announce their date and state. Also (WCAG 3.3.8): Mi reserva and the staff login take pasted values and
 * name their fields for the browser's password manager.
 */

const stamp = Date.now().toString(36);
let cities = 0;

/** A city of its own with one tour of a daily 10:00 horario of 2 places, so the home's search leads to it. */
async function cityWithTour(request: APIRequestContext): Promise<{ ciudad: string; tour: string; tourId: number }> {
  const pais = await colombia();
  cities += 1;
  const ciudad = `Teclado ${stamp} ${cities}`;
  const made = await request.post(`${API_URL}/api/ciudades/create`, {
    headers: await staffHeaders(),
    multipart: { nombre: ciudad, pais: String(pais.id), destacado: "0", foto: { name: "ciudad.png", mimeType: "image/png", buffer: png() } },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const cityId = ((await made.json()) as { succes: { id: number } }).succes.id;
  const tour = `Paseo sin ratón ${stamp} ${cities}`;
  const tourId = await createTour(request, { nombre: tour, precio: "25", pais: String(pais.id), ciudad: String(cityId) });
  await createSchedule(request, tourId, "10:00", 2);
  return { ciudad, tour, tourId };
}

/** What the focused element is, and whether it shows its focus and is clear of the sticky bars above it. */
async function focusState(page: Page) {
  return page.evaluate(async () => {
    // the page scrolls the focused element into view: judge it where it comes to rest, should any scroll be
    // animated (it rests when three frames in a row agree exactly)
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let i = 0, last = "", same = 0; i < 120 && same < 2; i++) {
      await frame();
      const r = document.activeElement?.getBoundingClientRect();
      const now = r ? `${r.left},${r.top},${scrollX},${scrollY}` : "";
      same = now === last ? same + 1 : 0;
      last = now;
    }
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: true, what: "body", problems: [] as string[] };
    const what = `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    const problems: string[] = [];
    const shows = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    };
    let node: Element | null = el;
    let visible = false;
    for (let i = 0; i < 4 && node && !visible; i++, node = node.parentElement) visible = shows(node);
    if (!visible) problems.push("no visible focus indicator");
    // What is painted at the middle of the element's top edge and at its centre: a sticky bar there hides it.
    const rect = el.getBoundingClientRect();
    for (const y of [rect.top + Math.min(4, rect.height / 2), rect.top + rect.height / 2]) {
      const x = rect.left + rect.width / 2;
      if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) {
        problems.push(`outside the viewport (${Math.round(x)}, ${Math.round(y)})`);
        break;
      }
      const onTop = document.elementFromPoint(x, y);
      const bar = onTop?.closest<HTMLElement>(".topbar, .section-nav, .sticky-box");
      if (onTop && bar && !bar.contains(el) && !el.contains(onTop)) {
        problems.push(`under the sticky ${bar.className} (top ${Math.round(rect.top)}, bar ends at ${Math.round(bar.getBoundingClientRect().bottom)})`);
        break;
      }
    }
    return { ok: problems.length === 0, what, problems };
  });
}

/** Presses `key` and checks the focus it lands on (storefront pages only). */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  if (!page.url().startsWith(STORE_URL)) return;
  const state = await focusState(page);
  expect(state.problems, `focus on ${state.what} after ${key} at ${page.url()}`).toEqual([]);
}

/** Tab (or Shift+Tab) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    await press(page, key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${max}× ${key} never reached ${target}`);
}

const focusedDate = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.date ?? null);

test("a visitor buys a tour from the home to PayPal and back with the keyboard alone", async ({ page, request }) => {
  test.slow();
  const { ciudad, tour } = await cityWithTour(request);
  const fecha = soonDate(3);
  await page.setViewportSize({ width: 390, height: 844 });
  await bannerAlreadyClosed(page);
  await page.goto("/");

  // The home's search: type the city, Enter, then the city in the results.
  await tabTo(page, page.locator("#hero-q"));
  await page.keyboard.type(ciudad);
  await press(page, "Enter");
  await expect(page).toHaveURL(/\/buscar\?q=/);
  await tabTo(page, page.getByTestId("search-results").getByRole("link", { name: ciudad }));
  await press(page, "Enter");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(ciudad);

  // The city's tour.
  await tabTo(page, page.getByRole("link", { name: new RegExp(tour) }).first());
  await press(page, "Enter");
  await expect(page).toHaveURL(/\/actividades\/detalle\/local\//);

  // The calendar: to the month of the date, into the grid, arrows to the day, Enter.
  const calendar = page.getByTestId("calendar");
  // the URL changes before the new page renders: count the days once the calendar is there
  await expect(calendar.getByRole("grid")).toBeVisible();
  if (!(await calendar.locator(`[data-date="${fecha}"]`).count())) {
    await tabTo(page, calendar.getByRole("link", { name: "Mes siguiente" }));
    await press(page, "Enter");
    await expect(page).toHaveURL(/[?&]mes=/);
    await expect(calendar.locator(`[data-date="${fecha}"]`)).toHaveCount(1);
  }
  const grid = calendar.getByRole("grid");
  await expect(grid).toBeVisible();
  await tabTo(page, grid.locator('[tabindex="0"]'));
  for (let i = 0; i < 40 && (await focusedDate(page)) !== fecha; i++) {
    const at = (await focusedDate(page))!;
    const days = (Date.parse(fecha) - Date.parse(at)) / 86_400_000;
    await press(page, days >= 7 ? "ArrowDown" : days <= -7 ? "ArrowUp" : days > 0 ? "ArrowRight" : "ArrowLeft");
  }
  expect(await focusedDate(page)).toBe(fecha);
  const day = grid.locator(`a[data-date="${fecha}"]`);
  await expect(day).toHaveAttribute("aria-label", /^(lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d{1,2} de \S+, quedan 2 lugares$/);
  await press(page, "Enter");
  await expect(page).toHaveURL(new RegExp(`fecha=${fecha}`));
  await expect(day).toHaveAttribute("aria-current", "date");

  // The departure, the confirmation dialog (its button takes the focus), the cart.
  await tabTo(page, page.getByTestId("slots").getByRole("button").first());
  await press(page, "Space");
  await expect(page.getByRole("dialog", { name: "Confirma tu reserva" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Agregar al carrito" })).toBeFocused();
  await press(page, "Enter");
  await expect(page).toHaveURL(/\/shop$/);

  // Two adults (Space, then Enter; Shift+Tab finds the button again after Tab went past it), then "Ir a pagar" and the contact form.
  const moreAdults = page.getByTestId("counter-mayores_15").locator('button[data-action="inc"]');
  await tabTo(page, moreAdults);
  const adults = page.getByTestId("counter-mayores_15").getByTestId("counter-value");
  await press(page, "Space");
  await expect(adults).toHaveText("1");
  await press(page, "Enter");
  await expect(adults).toHaveText("2");
  await press(page, "Tab");
  await tabTo(page, moreAdults, "Shift+Tab", 10);
  await tabTo(page, page.getByTestId("go-pay"));
  await press(page, "Enter");
  const form = page.getByTestId("checkout-form");
  await expect(form).toBeVisible();
  const buyer = { nombre: "Teresa", apellido: "Gómez", nit: "1030405060", email: `teclado-${stamp}@e2e.test`, telefono: "3007654321", direccion: "Calle 10 # 4-21, Bogotá" };
  for (const [name, value] of Object.entries(buyer)) {
    await tabTo(page, form.locator(`[name="${name}"]`));
    await page.keyboard.type(value);
  }
  await tabTo(page, form.getByRole("button", { name: /^Pagar USD/ }));
  await press(page, "Enter");

  // The PayPal simulator, and back to the store.
  await page.waitForURL((url) => url.href.startsWith(SIM_URL), { timeout: 20_000 });
  await tabTo(page, page.getByRole("button", { name: "Pagar" }));
  await press(page, "Enter");
  await page.waitForURL(/\/pay\/ok\?/, { timeout: 20_000 });
  await expect(page.getByTestId("pay-result")).toContainText("USD 50.00");
  await tabTo(page, page.getByTestId("pay-result").getByRole("link", { name: "Mi reserva" }));
});

test("the calendar's days announce their date and state, and the arrows move between them", async ({ page, request }) => {
  const { tourId } = await cityWithTour(request);
  const fecha = soonDate(3);
  await page.goto(`/actividades/detalle/local/${tourId}?mes=${fecha.slice(0, 7)}&fecha=${fecha}`);
  const grid = page.getByTestId("calendar").getByRole("grid");
  await expect(grid).toHaveAccessibleName(/^\S+ \d{4}$/);
  const selected = grid.locator(`a[data-date="${fecha}"]`);
  await expect(selected).toHaveAttribute("tabindex", "0");
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  await selected.focus();
  await page.keyboard.press("ArrowRight");
  const next = new Date(Date.parse(`${fecha}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (next.slice(0, 7) === fecha.slice(0, 7)) {
    expect(await focusedDate(page)).toBe(next);
    await page.keyboard.press("ArrowLeft");
  }
  expect(await focusedDate(page)).toBe(fecha);
});

test.describe("reference and PIN, and the staff login, take pasted values (WCAG 3.3.8)", () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: STORE_URL });
  });

  async function paste(page: Page, field: Locator, text: string): Promise<void> {
    await page.evaluate((t) => navigator.clipboard.writeText(t), text);
    await field.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(field).toHaveValue(text);
  }

  test("Mi reserva: the reference and PIN pasted from the e-mail open the voucher", async ({ page, request }) => {
    const { tourId } = await cityWithTour(request);
    const email = `pegar-${stamp}@e2e.test`;
    const { referencia } = await paidBooking(request, SIM_URL, { tourId, fecha: soonDate(5), hora: "10:00", adults: 1, email });
    const mail = await waitForMail(email, new RegExp(`^Tu reserva ${referencia} está confirmada$`));
    const pin = /PIN: (\S+)/.exec(mail.text)![1]!;
    await page.goto("/mi-reserva");
    const form = page.getByTestId("mi-reserva-form");
    const ref = form.getByLabel("Referencia");
    const pinField = form.getByLabel("PIN");
    await expect(ref).toHaveAttribute("autocomplete", "username");
    await expect(pinField).toHaveAttribute("autocomplete", "current-password");
    await paste(page, ref, referencia);
    await paste(page, pinField, pin);
    await pinField.press("Enter");
    await expect(page.getByText(referencia).first()).toBeVisible();
    await expect(page.getByTestId("mi-reserva-form")).toHaveCount(0);
  });

  test("staff login: e-mail and password pasted sign in", async ({ page }) => {
    await page.goto("/login");
    const email = page.getByLabel("Correo electrónico");
    const password = page.getByLabel("Contraseña");
    await expect(email).toHaveAttribute("autocomplete", "username");
    await expect(password).toHaveAttribute("autocomplete", "current-password");
    await paste(page, email, ADMIN.email);
    await paste(page, password, ADMIN.password);
    await password.press("Enter");
    await expect(page).toHaveURL(/\/panel/);
  });
});
