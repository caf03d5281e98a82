import { expect, test } from "../support/test";
import { failAll, failOnce } from "../support/intercept";
import { expectToast, toastTexts } from "../support/panel-toasts";
import { pngFile } from "../support/png";
import { apiJson } from "../support/api";

/*
 * The panel's Banner screen (the home popup's image), against the real API. Its spec §8 messages are asserted
 * verbatim (exact text, trailing spaces included); failures the API cannot be made to produce on demand are
 * injected on the one call concerned (support/intercept.ts).
 */

test("banner: required image, upload, errors, delete", async ({ page, signIn }) => {
  // The failed load is retried a few times before it is reported: fail them all.
  const restore = await failAll(page, "**/api/banner", "GET", 500);
  await signIn("/panel/banner");
  await expect
    .poll(() => toastTexts(page), { timeout: 30_000 })
    .toContain("Error generado al consultar el banner ");
  await restore();
  await page.reload();
  await page.getByRole("button", { name: "Guardar banner" }).click();
  await expectToast(page, "Se requiere una imagen");

  await page.getByLabel("Elegir imagen del banner").setInputFiles([pngFile(200, "banner.png")]);
  await failOnce(page, "**/api/savebanner", "POST", 500);
  await page.getByRole("button", { name: "Guardar banner" }).click();
  await expectToast(page, "Se genero un error inseperado al momento de guardar la imagen ");
  await page.getByRole("button", { name: "Guardar banner" }).click();
  await expectToast(page, "Se aguardo correctamente el archivo ");
  const current = page.getByRole("img", { name: "Banner actual" });
  await expect(current).toBeVisible();
  await expect.poll(() => current.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  await failOnce(page, "**/api/deletebanner", "GET", 500);
  await page.getByRole("button", { name: "Eliminar banner" }).click();
  await expectToast(page, "Se genero un error eliminando el banner ");
  await page.getByRole("button", { name: "Eliminar banner" }).click();
  await expect(page.getByTestId("sin-banner")).toBeVisible();
  expect(await apiJson<unknown[]>("/api/banner")).toEqual([]);
});
