import { expect, test } from "../support/test";
import { API_URL } from "../support/env";
import { expectToast } from "../support/panel-toasts";

/*
 * The panel's Usuarios screen against the real API: staff accounts and their roles; its messages verbatim.
 */

test("Usuarios: create a staff account, change its role, refuse a common password, deactivate it", async ({ page, signIn }) => {
  await signIn("/panel/usuarios");
  const users = page.getByRole("table", { name: "Usuarios" });
  const email = `nuevo-${Date.now().toString(36)}@ejemplo.com`;
  const form = page.getByRole("form", { name: "Nuevo usuario" });
  await form.getByLabel("Nombre").fill("Nuevo Usuario");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Contraseña").fill("password123");
  await form.getByRole("button", { name: "Agregar" }).click();
  await expectToast(page, "Esa contraseña es demasiado común; elija otra más difícil de adivinar");
  await form.getByLabel("Contraseña").fill("una-clave-larga-e2e");
  await form.getByRole("button", { name: "Agregar" }).click();
  await expectToast(page, "Usuario creado");
  const row = users.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Contenido");
  await row.getByRole("combobox", { name: "Rol de Nuevo Usuario" }).click();
  await page.getByRole("option", { name: "Ventas", exact: true }).click();
  await expectToast(page, "Rol actualizado");
  await expect(row).toContainText("Ventas");
  await row.getByRole("button", { name: "Desactivar" }).click();
  await expect(row).toContainText("Inactivo");
  const refused = await fetch(`${API_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "una-clave-larga-e2e" }),
  });
  expect(refused.status).toBe(401);
});
