import { expect, test, type APIRequestContext } from "../support/test";
import { API_URL } from "../support/env";
import { staffHeaders } from "../support/staff";
import { hydrated, tourPage } from "../support/storefront";
import { expectToast } from "../support/storefront-toasts";
import { waitForMail } from "../support/mail";
import { createTestTour, diaOf, holdPlaces, soonDate } from "../support/tours";
import { expectAccessible } from "../support/axe";

/*
 * Issue 24: staff see a departure's waiting list in Salidas. And "Avísame si se libera un lugar" without JavaScript (the "nojs" project). A departure whose places are all
 * held by another traveller ("Reservado por otro viajero"): the tour page's plain form joins its waiting list with a
 * Spanish confirmation in the page; the same address twice is one entry; the welcome e-mail's link leaves the list.
 */

test.describe("lista de espera sin JavaScript", { tag: "@nojs" }, () => {
  test("joins a held departure's list once, and leaves it from the e-mail's link", async ({ page, request }) => {
    const { tourId } = await createTestTour(request, { nombre: `Lista de espera ${Date.now()}`, cupo: 2 });
    const fecha = soonDate(3);
    await holdPlaces(request, tourId, fecha, "10:00", 2, `retiene-${Date.now()}@example.com`);
    const email = `espera-nojs-${Date.now()}@example.com`;

    await page.goto(tourPage(tourId, fecha));
    const box = page.getByTestId("waitlist");
    await expect(box.getByRole("heading", { name: "Avísame si se libera un lugar" })).toBeVisible();
    await expect(box.getByLabel("Salida agotada")).toContainText("10:00 hora de Bogotá");
    const submit = box.getByRole("button", { name: "Avísame si se libera un lugar" });
    for (const control of [box.getByLabel("Email"), box.getByLabel("Mayores de 15 años"), box.getByLabel("Salida agotada"), submit]) {
      const size = await control.boundingBox();
      expect(size!.height).toBeGreaterThanOrEqual(24);
      expect(size!.width).toBeGreaterThanOrEqual(24);
    }
    for (let i = 0; i < 2; i++) {
      await box.getByLabel("Email").fill(i ? email.toUpperCase() : email);
      await box.getByLabel("Mayores de 15 años").fill("2");
      await submit.click();
      await expect(page.getByTestId("form-notice")).toHaveText(
        "Listo: te anotamos en la lista de espera. Si se libera un lugar para tu grupo te escribiremos; revisa tu correo.",
      );
    }
    const key = `${tourId}-${fecha.replaceAll("-", "")}-1000`;
    const list = await request.get(`${API_URL}/api/salidas/lista-espera/${key}`, { headers: await staffHeaders("ventas") });
    const entries = ((await list.json()) as { succes: Array<{ email: string; personas: number; estado: string }> }).succes;
    expect(entries).toEqual([expect.objectContaining({ email, personas: 2, estado: "esperando" })]);

    const welcome = await waitForMail(email, /lista de espera/);
    const leave = /https?:\/\/\S+\/lista-espera\/baja\/[\w-]+/.exec(welcome.text)?.[0];
    expect(leave).toBeTruthy();
    await page.goto(new URL(leave!).pathname);
    await page.getByRole("button", { name: "Salir de la lista de espera" }).click();
    await expect(page.getByRole("status")).toHaveText("Saliste de la lista de espera de esta salida. No te escribiremos más sobre ella.");
  });
});

test("with JavaScript the form's code is loaded only for a month with a sold-out departure, and joins the list with a toast", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Lista con JS ${Date.now()}`, cupo: 1 });
  const { tourId: free } = await createTestTour(request, { nombre: `Sin agotar ${Date.now()}`, cupo: 5 });
  const fecha = soonDate(3);
  await holdPlaces(request, tourId, fecha, "10:00", 1, `retiene-js-${Date.now()}@example.com`);
  const email = `espera-js-${Date.now()}@example.com`;
  const scripts: string[] = [];
  page.on("request", (r) => void (r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname)));
  // a form hydrated from its own chunk must match the server's HTML (React reports a mismatch as an error)
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));

  await page.goto(tourPage(free, fecha));
  await hydrated(page);
  await expect(page.getByTestId("booking-box")).toBeVisible();
  await expect(page.getByTestId("waitlist")).toHaveCount(0);
  expect(scripts.filter((s) => /\/waitlist-form-[\w-]+\.js$/.test(s))).toEqual([]);

  await page.goto(tourPage(tourId, fecha));
  await hydrated(page);
  const box = page.getByTestId("waitlist");
  // the server's form, then React's once its chunk is in (the hidden "js" field says which answers)
  await expect(box.locator('input[name="js"]')).toHaveValue("1");
  expect(scripts.filter((s) => /\/waitlist-form-[\w-]+\.js$/.test(s))).toHaveLength(1);
  await box.getByLabel("Email").fill(email);
  await box.getByRole("button", { name: "Avísame si se libera un lugar" }).click();
  await expectToast(page, "Listo: te anotamos en la lista de espera. Si se libera un lugar para tu grupo te escribiremos; revisa tu correo.");
  const key = `${tourId}-${fecha.replaceAll("-", "")}-1000`;
  const list = await request.get(`${API_URL}/api/salidas/lista-espera/${key}`, { headers: await staffHeaders("ventas") });
  const entries = ((await list.json()) as { succes: Array<{ email: string; personas: number }> }).succes;
  expect(entries).toEqual([expect.objectContaining({ email, personas: 1 })]);
  expect(errors).toEqual([]);
});

/** A departure of one place held by another traveller, one person waiting for it; the Salidas screen's address for its day. */
async function oneWaiting(request: APIRequestContext, tag: string) {
  const { tourId } = await createTestTour(request, { nombre: `Lista ${tag} ${Date.now()}`, cupo: 1 });
  const fecha = soonDate(3);
  await holdPlaces(request, tourId, fecha, "10:00", 1, `retiene-${tag}-${Date.now()}@example.com`);
  const email = `espera-${tag}-${Date.now()}@example.com`;
  const joined = await request.post(`${API_URL}/api/lista-espera`, {
    data: { tour_id: tourId, dia: diaOf(fecha, "10:00"), email, mayores_15: 1, de_4_15: 0, menores_3: 0, mascotas: 0 },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return { email, salidas: `/panel/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: tourId, desde: fecha, hasta: fecha }))}` };
}

test("staff see a departure's waiting list in Salidas: who, how many, in what state", async ({ page, request, signIn }) => {
  const { email, salidas } = await oneWaiting(request, "panel");
  await signIn(salidas);
  const row = page.getByTestId("salida-fila").first();
  await row.getByRole("button", { name: /^Acciones de la salida/ }).click();
  await page.getByRole("menuitem", { name: "Lista de espera", exact: true }).click();
  const list = page.getByRole("dialog").getByRole("table", { name: "Lista de espera" });
  const entry = list.getByRole("row").filter({ hasText: email });
  await expect(entry.getByRole("cell").nth(1)).toHaveText(email);
  await expect(entry.getByRole("cell").nth(2)).toHaveText("1");
  await expect(entry.getByRole("cell").nth(3)).toHaveText("Esperando");
  await expectAccessible(page, "a departure's waiting list");
});

test.describe("on a phone, with the keyboard alone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("staff open a departure's waiting list, try to offer its places by hand, and close it; the focus is never lost", async ({ page, request, signIn }) => {
    const { email, salidas } = await oneWaiting(request, "teclado");
    await signIn(salidas);
    const actions = page.getByTestId("salida-fila").first().getByRole("button", { name: /^Acciones de la salida/ });
    await actions.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: "Lista de espera", exact: true });
    for (let i = 0; i < 10 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
    await expect(item).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^Lista de espera/ });
    await expect(dialog.getByRole("table", { name: "Lista de espera" })).toBeVisible();
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // the page does not scroll sideways; a wide table scrolls inside the dialog
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const offer = dialog.getByRole("button", { name: `Ofrecer lugares a ${email}` });
    for (let i = 0; i < 10 && !(await offer.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(offer).toBeFocused();
    await page.keyboard.press("Enter");
    // the one place is held by another traveller: nothing to offer, said in Spanish
    await expect(page.getByTestId("toast").filter({ hasText: "No hay lugar para 1 persona" })).toHaveCount(1);
    await expect(dialog.getByRole("row").filter({ hasText: email })).toContainText("Esperando");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // back where the staff member started: the departure's actions button
    await expect(actions).toBeFocused();
  });
});

