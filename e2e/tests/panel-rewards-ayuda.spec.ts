import { expect, test } from "../support/test";
import { apiJson } from "../support/api";

/*
 * The panel's Rewards and Ayuda screens against the real API: the visitors' requests, read-only.
 */

test("rewards and help requests are listed read-only", async ({ page, signIn }) => {
  const email = `rewards.${Date.now()}@e2e.test`;
  await apiJson("/api/tour/rewards", {
    method: "POST",
    body: JSON.stringify({ nombre: "Rita", apellido: "Rewards", telefono: "3000000001", email }),
  });
  await apiJson("/api/tour/ayuda", {
    method: "POST",
    body: JSON.stringify({ nombre: "Hugo", apellido: "Ayuda", telefono: "3000000002", email, comentario: "No encuentro mi reserva" }),
  });
  await signIn("/panel/rewards");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Rewards");
  await page.getByRole("menuitem", { name: "Ayuda" }).click();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("No encuentro mi reserva");
  await expect(page.getByRole("button", { name: /Editar|Eliminar/ })).toHaveCount(0);
});
