import { expect, test } from "../support/test";
import { failOnce } from "../support/intercept";
import { expectToast } from "../support/panel-toasts";
import { expectColumns, search, selectOption } from "../support/panel-lists";
import { pngFile } from "../support/png";
import { unique } from "../support/names";

/*
 * The panel's Países and Ciudades screens, against the real API, in one file because they run in order: the city
 * test makes its city in the country the first test made, then deletes both. Spec §8 messages are asserted
 * verbatim (exact text, trailing spaces included); failures the API cannot be made to produce on demand (a 500)
 * are injected on the one call concerned (support/intercept.ts).
 */

test.describe("countries and cities", () => {
  test.describe.configure({ mode: "serial" });
  const paisNombre = unique("Islandia E2E");
  const ciudadNombre = unique("Reikiavik E2E");

  test("create, edit (with a new image) and delete a country", async ({ page, signIn }) => {
    await signIn("/panel/pais");
    await expectColumns(page, ["ID", "Nombre", "Prefijo", "Imagen", "Destacado", "Acciones"]);
    // react-admin's own labels are in Spanish too.
    await expect(page.getByText("Filas por página:")).toBeVisible();
    await expect(page.getByText(/^1-\d+ de \d+$/)).toBeVisible();
    await page.getByRole("button", { name: "Nuevo" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Nuevo país")).toBeVisible();
    await dialog.getByLabel("Nombre").fill(paisNombre);
    await dialog.getByLabel("Prefijo").fill("354");
    await dialog.getByLabel("Destacado").check();
    // A photo is required.
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expect(dialog.getByText("Se requiere una imagen", { exact: true })).toBeVisible();
    await dialog.locator('input[type="file"]').setInputFiles([pngFile(101)]);
    await failOnce(page, "**/api/pais/create", "POST", 500);
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expectToast(page, "Se genero un error inesperado, contacte con soporte");
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expectToast(page, "Pais creado con exito");
    await expect(dialog).toHaveCount(0);

    await search(page, "Buscar", paisNombre);
    const row = page.getByRole("row").filter({ hasText: paisNombre });
    await expect(row).toContainText("354");
    const img = row.getByRole("img", { name: `Imagen de ${paisNombre}` });
    await expect(img).toBeVisible();
    const firstSrc = await img.getAttribute("src");

    await row.getByRole("button", { name: "Editar" }).click();
    await expect(dialog.getByLabel("Nombre")).toHaveValue(paisNombre);
    await dialog.getByLabel("Prefijo").fill("355");
    await failOnce(page, /\/api\/pais\/update\/\d+$/, "PUT", 500);
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "Error inesperado en el servidor");
    await dialog.locator('input[type="file"]').setInputFiles([pngFile(102)]);
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "Pais actualizado con exito");
    await expectToast(page, "Imagen actualizada con exito");
    await expect(row).toContainText("355");
    await expect.poll(() => row.getByRole("img").getAttribute("src")).not.toBe(firstSrc);
  });

  test("create, edit and delete a city of that country", async ({ page, signIn }) => {
    await signIn("/panel/ciudades");
    await expectColumns(page, ["ID", "Nombre", "Pais", "Imagen", "Destacado", "Acciones"]);
    await page.getByRole("button", { name: "Nuevo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nombre").fill(ciudadNombre);
    await selectOption(page, "Pais", paisNombre);
    await dialog.getByLabel("ID de free tours").fill("ciudad-e2e-uuid");
    await dialog.locator('input[type="file"]').setInputFiles([pngFile(111)]);
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expectToast(page, "Ciudad creado con exito");

    await search(page, "Buscar", ciudadNombre);
    const row = page.getByRole("row").filter({ hasText: ciudadNombre });
    await expect(row).toContainText(paisNombre);
    await row.getByRole("button", { name: "Editar" }).click();
    await expect(dialog.getByLabel("ID de free tours")).toHaveValue("ciudad-e2e-uuid");
    await dialog.getByLabel("Nombre").fill(`${ciudadNombre} centro`);
    await dialog.getByLabel("Destacado").check();
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "Ciudad actualizado con exito");
    await expect(row).toContainText(`${ciudadNombre} centro`);

    await failOnce(page, /\/api\/ciudades\/delete\/\d+$/, "DELETE", 500);
    await row.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await expectToast(page, "Error generado al eliminar el item");
    await row.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await expectToast(page, "Ciudad eliminado con exito...");
    await expect(row).toHaveCount(0);

    await page.getByRole("menuitem", { name: "Países" }).click();
    // the cities' list has a "Buscar" box too: search only once the countries' list is the one shown
    await expect(page).toHaveURL(/\/panel\/pais(\?|$)/);
    await search(page, "Buscar", paisNombre);
    const paisRow = page.getByRole("row").filter({ hasText: paisNombre });
    await paisRow.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await expectToast(page, "Pais eliminado con exito...");
    await expect(paisRow).toHaveCount(0);
  });
});
