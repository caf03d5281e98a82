import { expect, test } from "../support/test";
import { STORE_URL } from "../support/env";

/*
 * Issue 22: a screen a role cannot open says "Sin permiso" (not "No encontrado"), and the panel has a favicon:
 * GET /favicon.ico and the panel's icon link answer an image, and no request of a panel load is a 404.
 */

test.use({ viewport: { width: 1366, height: 900 } });

test("a Guía who opens Pedidos or Usuarios is told they have no permission; an unknown address is still No encontrado", async ({ page, signIn }) => {
  await signIn("/panel/pedidos", "guia");
  const screen = page.getByTestId("sin-permiso");
  await expect(screen.getByRole("heading", { level: 1, name: "Sin permiso" })).toBeVisible();
  await expect(screen).toContainText("Tu rol (Guía) no permite abrir esta pantalla.");
  await expect(page.getByText("No encontrado")).toHaveCount(0);
  await expect(page.getByRole("columnheader")).toHaveCount(0);

  await page.goto(`${STORE_URL}/panel/usuarios`);
  await expect(page.getByRole("heading", { level: 1, name: "Sin permiso" })).toBeVisible();
  await screen.getByRole("link", { name: "Ir a mis pantallas" }).click();
  await expect(page).toHaveURL(new RegExp(`^${STORE_URL}/panel/hoy`));

  await page.goto(`${STORE_URL}/panel/no-existe`);
  await expect(page.getByText("No encontrado").first()).toBeVisible();
  await expect(page.getByTestId("sin-permiso")).toHaveCount(0);
});

test("the panel has a favicon: /favicon.ico and its icon link answer an image; a panel load has no 404", async ({ page, request, signIn }) => {
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  const ico = await request.get(`${STORE_URL}/favicon.ico`);
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\//);
  expect((await ico.body()).length).toBeGreaterThan(0);

  await signIn("/panel/pedidos");
  await expect(page.getByRole("heading", { level: 1, name: "Pedidos" }).or(page.locator("table thead th").first())).toBeVisible();
  const href = await page.locator('link[rel="icon"]').getAttribute("href");
  expect(href).toMatch(/favicon\.ico$/);
  const linked = await request.get(new URL(href!, `${STORE_URL}/panel/`).toString());
  expect(linked.status()).toBe(200);
  expect(linked.headers()["content-type"]).toMatch(/^image\//);
  // let the browser ask for its icon, then nothing the panel asked for was missing
  await page.waitForLoadState("networkidle");
  expect(missing).toEqual([]);
});
