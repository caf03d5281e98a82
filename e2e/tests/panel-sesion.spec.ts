import { expect, test } from "../support/test";
import { ADMIN, STORE_URL } from "../support/env";
import { holdCall } from "../support/intercept";
import { logInAtForm } from "../support/staff";
import { expectColumns } from "../support/panel-lists";

/*
 * The panel's session against the real API: logging in at /login, deep links, a missing, tampered or refused
 * token, and Cerrar sesión. The session check is held (support/intercept.ts) to see the waiting message.
 */

test.describe("session", () => {
  test("staff log in at /login and land on the panel, with its sidebar", async ({ page }) => {
    // Hold the session check so that the layout's waiting message can be seen.
    const hold = await holdCall(page, "**/api/auth/autenticate", "GET");
    await logInAtForm(page, ADMIN.email, ADMIN.password);
    await expect(page.getByText("Validando informacion...", { exact: true })).toBeVisible();
    await hold.release();
    await expect(page).toHaveURL(`${STORE_URL}/panel/hoy`);
    expect(await page.evaluate(() => [localStorage.getItem("token") !== null, localStorage.getItem("nombre")])).toEqual([
      true,
      expect.any(String),
    ]);
    for (const [label, path] of [
      ["Hoy", "/panel/hoy"],
      ["Destinos", "/panel/destinos"],
      ["Países", "/panel/pais"],
      ["Ciudades", "/panel/ciudades"],
      ["Pedidos", "/panel/pedidos"],
      ["Rewards", "/panel/rewards"],
      ["Ayuda", "/panel/ayuda"],
      ["Banner", "/panel/banner"],
      ["Usuarios", "/panel/usuarios"],
      ["Blogs", "/panel/blogs"],
      ["Fotos", "/panel/fotos"],
      ["Nosotros", "/panel/nosotros"],
      ["Opiniones", "/panel/opiniones"],
      ["APIs", "/panel/apis"],
    ] as const) {
      await expect(page.getByRole("menuitem", { name: label, exact: true })).toHaveAttribute("href", path);
    }
  });

  test("a deep link survives a reload", async ({ page, signIn }) => {
    await signIn("/panel/ciudades");
    await expectColumns(page, ["ID", "Nombre", "Pais"]);
    await page.reload();
    await expect(page).toHaveURL(`${STORE_URL}/panel/ciudades`);
    await expectColumns(page, ["ID", "Nombre", "Pais"]);
  });

  test("without a token, or with a tampered one, the visitor is sent to /", async ({ page, signIn }) => {
    await page.goto(`${STORE_URL}/legal`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${STORE_URL}/panel/pedidos`);
    await expect(page).toHaveURL(`${STORE_URL}/`);

    await signIn("/panel/destinos");
    await expect(page.getByRole("link", { name: "Nuevo tour" })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem("token"));
    // Flip a character of the signature: a forged or expired token both fail validation.
    const tampered = token!.slice(0, -3) + (token!.endsWith("a") ? "bbb" : "aaa");
    await page.evaluate((t) => localStorage.setItem("token", t), tampered);
    await page.reload();
    await expect(page).toHaveURL(`${STORE_URL}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("a 401 from any later call logs out to /", async ({ page, signIn }) => {
    await signIn("/panel/destinos");
    await expectColumns(page, ["Nombre", "Precio"]);
    // The session was validated on load; now the token goes bad behind the panel's back.
    await page.evaluate(() => localStorage.setItem("token", "forged.token.value"));
    await page.getByRole("menuitem", { name: "Pedidos" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/`);
  });

  test("Cerrar sesión leaves the panel", async ({ page, signIn }) => {
    await signIn("/panel/destinos");
    await page.getByRole("button", { name: "Perfil" }).click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});
