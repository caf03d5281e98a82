import { expect, test } from "../support/test";
import { API_URL } from "../support/env";
import { pngFiles } from "../support/png";

/*
 * The panel's screens not yet connected to the API (Blogs, Fotos, Nosotros, Opiniones).
 */

test.describe("placeholders", () => {
  test("each placeholder says it is not connected, and makes no API call", async ({ page, signIn }) => {
    await signIn("/panel/blogs");
    await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(API_URL)) apiCalls.push(r.url());
    });
    for (const [label, heading] of [
      ["Blogs", "Blogs"],
      ["Fotos", "Fotos"],
      ["Nosotros", "Nosotros"],
      ["Opiniones", "Opiniones"],
    ] as const) {
      await page.getByRole("menuitem", { name: label, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("aún no está conectada al servidor", { exact: false })).toBeVisible();
    }
    expect(apiCalls).toEqual([]);
  });

  test("blogs and Nosotros limit images", async ({ page, signIn }) => {
    await signIn("/panel/blogs");
    await page.getByRole("menuitem", { name: "Blogs" }).click();
    await page.getByLabel("Imágenes del blog").setInputFiles(pngFiles(5, 300));
    await expect(page.getByText("Puedes seleccionar hasta 4 imágenes.")).toBeVisible();
    await page.getByLabel("Imágenes del post").setInputFiles(pngFiles(10, 310));
    await expect(page.getByText("10 imagen(es) seleccionada(s)")).toBeVisible();
    await page.getByRole("menuitem", { name: "Nosotros" }).click();
    await page.getByLabel("Imágenes adicionales").setInputFiles(pngFiles(6, 320));
    await expect(page.getByText("Puedes seleccionar hasta 5 imágenes.")).toBeVisible();
  });
});
