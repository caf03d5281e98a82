import { expect, test, type Locator, type Page } from "../support/test";
import { apiJson, demoPlace } from "../support/api";
import { SIM_URL } from "../support/env";
import { pngFile } from "../support/png";
import { createTestTour, paidBooking, soonDate } from "../support/tours";

/*
 * Issue 23, keyboard only in the panel: staff create a tour and cancel and refund an order with Tab, Shift+Tab,
 * Enter, Space and the arrow keys (the selects' lists), typing only into fields. Each key must leave the focus on
 * an element of the page (never lost to the document's body).
 */

const stamp = Date.now().toString(36);

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  const tag = await page.evaluate(() => document.activeElement?.tagName ?? "");
  expect(tag, `the focus after ${key}`).not.toBe("BODY");
}

async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab", max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await press(page, key);
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)).catch(() => false)) return;
  }
  throw new Error(`${max}× ${key} never reached ${target}`);
}

/** A select of the form: open it with Enter, arrows to the option, Enter. */
async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await tabTo(page, combobox);
  await page.keyboard.press("Enter");
  const listbox = page.getByRole("listbox");
  await expect(listbox).toBeVisible();
  for (let i = 0; i < 60; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (focused === option) break;
    await page.keyboard.press("ArrowDown");
  }
  await expect(listbox.getByRole("option", { name: option, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(listbox).toHaveCount(0);
  await expect(combobox).toHaveText(option);
}

test("staff create a tour with the keyboard alone", async ({ page, signIn }) => {
  test.slow();
  const { pais, ciudad } = await demoPlace();
  const nombre = `Tour por teclado ${stamp}`;
  await signIn("/panel/destinos/create");
  const titulo = page.getByLabel("Titulo del Tour");
  // the form's chunk (with its rich-text editors) loads when the screen opens
  await expect(titulo).toBeVisible({ timeout: 30_000 });
  await tabTo(page, titulo);
  await page.keyboard.type(nombre);
  await tabTo(page, page.getByLabel("Precio"));
  await page.keyboard.type("42");
  await tabTo(page, page.getByLabel("Punto de encuentro", { exact: true }));
  await page.keyboard.type("Plaza principal");
  await choose(page, page.getByRole("combobox", { name: "Pais" }), pais.nombre);
  await choose(page, page.getByRole("combobox", { name: "Ciudad" }), ciudad.nombre);
  // The photos' drop zone opens the system's file dialog with Enter, as with a click.
  await tabTo(page, page.getByTestId("dropzone"));
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles(pngFile(7, "teclado.png"));
  await expect(page.getByRole("img").first()).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Crear Tour" }));
  await press(page, "Enter");
  await expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/);
  const tours = (await apiJson<{ succes: Array<{ nombre: string; precio: number }> }>("/api/tour/index")).succes;
  expect(tours.find((t) => t.nombre === nombre)?.precio).toBe(42);
});

test("staff cancel and refund an order with the keyboard alone", async ({ page, request, signIn }) => {
  test.slow();
  const { tourId } = await createTestTour(request, { nombre: `Reembolso por teclado ${stamp}`, cupo: 4 });
  const email = `reembolso-teclado-${stamp}@e2e.test`;
  const { referencia } = await paidBooking(request, SIM_URL, { tourId, fecha: soonDate(4), hora: "10:00", adults: 1, email });
  await signIn("/panel/pedidos");
  const searchBox = page.getByPlaceholder("Buscar pedido o referencia");
  await expect(searchBox).toBeVisible();
  await tabTo(page, searchBox);
  await page.keyboard.type(referencia);
  const row = page.locator("tbody tr").filter({ hasText: referencia });
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await tabTo(page, row.getByRole("button", { name: "Detalle" }));
  await press(page, "Enter");
  const dialog = page.getByRole("dialog", { name: /Detalle del pedido/ });
  await expect(dialog.getByTestId("linea-estado")).toHaveText("Activa");
  await tabTo(page, dialog.getByRole("button", { name: "Cancelar y reembolsar el pedido" }));
  await press(page, "Enter");
  const confirm = page.getByRole("dialog", { name: "Cancelar y reembolsar" });
  await expect(confirm).toBeVisible();
  await tabTo(page, confirm.getByLabel("Motivo (opcional)"));
  await page.keyboard.type("Pedido del cliente por teléfono");
  await tabTo(page, confirm.getByRole("button", { name: "Sí, cancelar y reembolsar" }));
  // the dialog closes as the refund ends: where the focus comes to rest is checked below, not the moment between
  await page.keyboard.press("Space");
  await expect(page.getByText(/Cancelado\. Reembolso de USD 30\.00: completado/)).toBeVisible();
  await expect(dialog.getByTestId("linea-estado")).toHaveText("Cancelada");
  // the button that opened the refund is gone (nothing is left to refund): the focus waits on the detail's title
  await expect(dialog.getByRole("heading", { name: /Detalle del pedido/ })).toBeFocused();
});
