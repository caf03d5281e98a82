import { expect, test } from "../support/test";
import { ADMIN, API_URL, STORE_URL } from "../support/env";
import { logInAtForm, staffHeaders } from "../support/staff";
import { createTestTour, soonDate } from "../support/tours";

/*
 * Actividad in Spanish (issue 22), at 1366×900: what was done to what in words with names instead of ids, fields
 * and values in words, and a staff login at /login recorded with the person's own browser (the storefront's
 * server forwards it; the API believes it only from there: packages/api/test/audit-words.test.ts).
 */

test.use({ viewport: { width: 1366, height: 900 } });

const stamp = Date.now().toString(36);

test("Actividad says what happened in words, with names; a login at /login shows the person's browser", async ({ page, request }) => {
  const nombre = `Monserrate ${stamp}`;
  const { tourId } = await createTestTour(request, { nombre, cupo: 10, hora: "10:30" });
  const fecha = soonDate(5);
  const closed = await request.put(`${API_URL}/api/salidas/cierre`, {
    headers: await staffHeaders(),
    data: { tour_id: tourId, fecha, hora: "10:30", cerrada: true },
  });
  expect(closed.ok(), await closed.text()).toBe(true);
  const [, m, d] = fecha.split("-");

  await logInAtForm(page, ADMIN.email, ADMIN.password);
  const browser = await page.evaluate(() => navigator.userAgent);
  await page.goto(`${STORE_URL}/panel/actividad`);
  const table = page.getByRole("table", { name: "Actividad" });
  const closing = table.getByRole("row").filter({ hasText: nombre }).first();
  await expect(closing.getByTestId("actividad-descripcion")).toHaveText(`cerró la salida del ${d}/${m} 10:30 de ${nombre}`);
  await expect(closing).toContainText("cerrada: no → sí");
  await expect(table).not.toContainText(`${tourId}-${fecha.replaceAll("-", "")}-1030`);
  await expect(table).not.toContainText("false → true");

  // the newest login is this browser's, not the storefront server's
  const login = table.getByRole("row").filter({ has: page.getByTestId("actividad-descripcion").getByText("inició sesión", { exact: true }) }).first();
  await expect(login).toContainText(browser);
  await expect(login).not.toContainText("node");
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
});
