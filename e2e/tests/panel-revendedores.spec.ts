import { expect, test } from "../support/test";
import { expectAccessible } from "../support/axe";
import { API_URL } from "../support/env";
import { staffHeaders } from "../support/staff";

/*
 * The APIs screen with the real API: staff create a reseller key (shown once) and set its caps on holds, the
 * reseller books through /octo with it (a day-long hold cut to the cap), the booking shows in Pedidos with the reseller and its reference, and switching the key off
 * refuses its next call.
 */

function octo(key: string, path: string, body?: unknown) {
  return fetch(`${API_URL}/octo${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

test("APIs: a reseller key is created and shown once, books through OCTO into Pedidos, and is switched off", async ({ page, signIn }) => {
  const nombre = `Revendedor E2E ${Date.now().toString(36)}`;
  await signIn("/panel/apis");
  await expect(page.getByRole("heading", { level: 1, name: "APIs" }).or(page.getByText("Claves de los revendedores"))).toBeVisible();
  await page.getByRole("button", { name: "Nueva clave" }).click();
  await page.getByLabel("Nombre del revendedor").fill(nombre);
  await page.getByRole("button", { name: "Crear clave" }).click();
  await expect(page.getByText("Copie la clave ahora: no se volverá a mostrar.")).toBeVisible();
  const key = await page.getByLabel("Clave de API").inputValue();
  expect(key).toMatch(/^octo_/);
  await page.getByRole("button", { name: "Listo" }).click();
  const row = page.getByRole("row").filter({ hasText: nombre });
  await expect(row).toContainText("Activo");
  await expect(row).toContainText(`${key.slice(0, 12)}…`);

  // its caps on holds: 60 / 180 minutes by default, set here to 10 / 30
  await row.getByRole("button", { name: `Límites de retención de ${nombre}` }).click();
  await page.getByLabel("Minutos por retención o extensión").fill("10");
  await page.getByLabel("Duración máxima de una retención, con extensiones (minutos)").fill("30");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Límites de retención guardados")).toBeVisible();
  await expect(row).toContainText("10 / 30 min");

  // the reseller books the first open departure of the first product with start times
  const products = (await (await octo(key, "/products")).json()) as Array<{ id: string; options: Array<{ availabilityLocalStartTimes: string[] }> }>;
  const productId = products.find((p) => p.options[0]!.availabilityLocalStartTimes.length > 0)!.id;
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const availability = (await (await octo(key, "/availability", { productId, optionId: "DEFAULT", localDateStart: today, localDateEnd: later })).json()) as Array<{ id: string; available: boolean }>;
  const availabilityId = availability.find((a) => a.available)!.id;
  const reference = `E2E-${Date.now().toString(36)}`;
  const uuid = crypto.randomUUID();
  const asked = Date.now();
  const held = await octo(key, "/bookings", { uuid, productId, optionId: "DEFAULT", availabilityId, resellerReference: reference, expirationMinutes: 1440, unitItems: [{ unitId: "adult" }], contact: { fullName: "Reserva Revendedor" } });
  expect(held.status).toBe(200);
  // the day it asked for is cut to the reseller's 10 minutes
  const expires = Date.parse(((await held.json()) as { utcExpiresAt: string }).utcExpiresAt);
  expect(expires - asked).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  expect(expires - asked).toBeGreaterThan(9 * 60_000);
  expect((await (await octo(key, `/bookings/${uuid}/confirm`, {})).json()).status).toBe("CONFIRMED");

  await page.getByRole("menuitem", { name: "Pedidos" }).click();
  await expect(page.getByTestId("canal-revendedor").filter({ hasText: reference })).toContainText(`${nombre} · ${reference}`);

  await page.getByRole("menuitem", { name: "APIs" }).click();
  await row.getByLabel(`Activar ${nombre}`).click();
  await expect(row).toContainText("Inactivo");
  await expect(row.getByLabel(`Activar ${nombre}`)).not.toBeChecked();
  expect((await octo(key, "/products")).status).toBe(401);
});

test("APIs → Webhooks: staff add a reseller's webhook, give it its signing secret, and delete it", async ({ page, signIn }) => {
  // this machine's discard port: the suite's API calls loopback addresses only (OCTO_WEBHOOK_ADDRESSES=loopback)
  const url = "http://127.0.0.1:9/avisos";
  const nombre = `Revendedor webhooks ${Date.now().toString(36)}`;
  await signIn("/panel/apis");
  await page.getByRole("button", { name: "Nueva clave" }).click();
  await page.getByLabel("Nombre del revendedor").fill(nombre);
  await page.getByRole("button", { name: "Crear clave" }).click();
  const key = await page.getByLabel("Clave de API").inputValue();
  await page.getByRole("button", { name: "Listo" }).click();

  const row = page.getByRole("row").filter({ hasText: nombre });
  await row.getByRole("button", { name: `Webhooks de ${nombre}` }).click();
  const dialog = page.getByRole("dialog", { name: `Webhooks: ${nombre}` });
  await expect(dialog.getByText("Este revendedor no tiene webhooks.")).toBeVisible();
  // an internal address is refused, in Spanish
  await dialog.getByLabel("URL del webhook").fill("http://10.0.0.8/avisos");
  await dialog.getByRole("button", { name: "Agregar webhook" }).click();
  await expect(dialog.getByText("La URL del webhook apunta a una dirección privada o reservada.")).toBeVisible();

  await dialog.getByLabel("URL del webhook").fill(url);
  await dialog.getByRole("button", { name: "Agregar webhook" }).click();
  await expect(dialog.getByRole("row").filter({ hasText: url })).toContainText("Cupos liberados (availability_update)");
  const secret = await dialog.getByLabel("Clave de firma (entréguela al revendedor)").inputValue();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await expectAccessible(page, "the APIs screen's webhooks dialog");

  // the reseller reads the same webhook (and secret) through OCTO
  const listed = (await (await fetch(`${API_URL}/octo/webhooks`, { headers: { Authorization: `Bearer ${key}` } })).json()) as Array<{ url: string; signingSecret: string }>;
  expect(listed).toEqual([expect.objectContaining({ url, signingSecret: secret })]);

  await dialog.getByRole("button", { name: `Eliminar el webhook ${url}` }).click();
  await expect(dialog.getByText("Este revendedor no tiene webhooks.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(dialog).toBeHidden();
});

test.describe("on a phone, with the keyboard alone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("APIs → Webhooks: a webhook added and deleted with the keyboard; the page never scrolls sideways; the focus comes back", async ({ page, request, signIn }) => {
    const url = "http://127.0.0.1:9/teclado";
    const nombre = `Revendedor teclado ${Date.now().toString(36)}`;
    const created = await request.post(`${API_URL}/api/revendedores`, { headers: await staffHeaders(), data: { nombre } });
    expect(created.ok(), await created.text()).toBe(true);
    await signIn("/panel/apis");
    const open = page.getByRole("button", { name: `Webhooks de ${nombre}` });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Webhooks: ${nombre}` });
    await expect(dialog.getByText("Este revendedor no tiene webhooks.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const field = dialog.getByLabel("URL del webhook");
    for (let i = 0; i < 10 && !(await field.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(field).toBeFocused();
    await page.keyboard.type(url);
    await page.keyboard.press("Enter");
    const added = dialog.getByRole("row").filter({ hasText: url });
    await expect(added).toContainText("Cupos liberados (availability_update)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const remove = dialog.getByRole("button", { name: `Eliminar el webhook ${url}` });
    for (let i = 0; i < 15 && !(await remove.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(remove).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Este revendedor no tiene webhooks.")).toBeVisible();
    // the focus stays in the dialog after its row is gone
    await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});

