import { expect, test } from "../support/test";
import { STORE_URL } from "../support/env";
import { createStaffUser, logInAtForm } from "../support/staff";
import { createTestTour, holdPlaces, soonDate } from "../support/tours";

/*
 * Issue 28: the Administrador assigns a guide to a departure in the Salidas screen; that guide then sees only that
 * departure in Salidas, and its manifest.
 */

const stamp = Date.now().toString(36);
const PASSWORD = "clave-e2e-guias-2026";

const salidasPath = (tourId: number, desde: string, hasta: string) =>
  `/panel/salidas?filter=${encodeURIComponent(JSON.stringify({ tour_id: tourId, desde, hasta }))}`;

test("el Administrador asigna un guía a una salida en Salidas y ese guía ve solo esa salida", async ({ page, request, signIn }) => {
  const nombre = `Salida con guía ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 10 });
  const suya = soonDate(4);
  const otra = soonDate(5);
  await holdPlaces(request, tourId, suya, "10:00", 2, `guias-${stamp}@example.com`);
  const guiaEmail = `guia-asignado-${stamp}@e2e.test`;
  const guiaNombre = `Lucía Guía ${stamp}`;
  await createStaffUser({ email: guiaEmail, nombre: guiaNombre, rol: "guia", password: PASSWORD });

  // the Administrador, in Salidas: the departure's Guías dialog
  await signIn(salidasPath(tourId, suya, otra));
  const rows = page.getByTestId("salida-fila").filter({ hasText: "10:00 hora de Bogotá" });
  await expect(rows).toHaveCount(2);
  const action = async (row: typeof rows, name: string) => {
    await row.getByRole("button", { name: /^Acciones de la salida/ }).click();
    await page.getByRole("menuitem", { name, exact: true }).click();
  };
  await action(rows.first(), "Guías");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Guías de la salida");
  await dialog.getByRole("checkbox", { name: `${guiaNombre} (${guiaEmail})` }).check();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.locator('[data-testid="toast"]').filter({ hasText: "Guías de la salida guardados" })).toHaveCount(1);
  // the dialog gone (its closing transition over) before the same row's menu opens it again
  await expect(dialog).toHaveCount(0);
  await action(rows.first(), "Guías");
  await expect(dialog).toContainText("Guías de la salida");
  await expect(page.getByRole("dialog").getByRole("checkbox", { name: `${guiaNombre} (${guiaEmail})` })).toBeChecked();

  // the guide: only that departure, and its manifest
  await page.evaluate(() => localStorage.clear());
  await logInAtForm(page, guiaEmail, PASSWORD);
  await page.goto(`${STORE_URL}${salidasPath(tourId, suya, otra)}`);
  const mine = page.getByTestId("salida-fila").filter({ hasText: nombre });
  await expect(mine).toHaveCount(1);
  await expect(page.getByTestId("salidas-dia")).toContainText(suya.split("-").reverse().join("/"));
  await mine.getByRole("button", { name: /^Acciones de la salida/ }).click();
  await expect(page.getByRole("menuitem", { name: "Guías", exact: true })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Manifiesto", exact: true }).click();
  await expect(page.getByTestId("manifiesto").getByTestId("manifiesto-pedido")).toHaveCount(1);
});
