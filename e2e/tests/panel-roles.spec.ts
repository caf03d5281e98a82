import { expect, test } from "../support/test";
import { apiJson } from "../support/api";
import { ADMIN, API_URL, STORE_URL } from "../support/env";
import { assignGuides, createStaffUser, logInAtForm, type Rol } from "../support/staff";
import { createTestTour, holdPlaces, soonDate } from "../support/tours";

/*
 * Staff roles in the panel: each role sees only its screens, and the Actividad screen says who changed what.
 * Users are created through the API as the Administrador; each staff member then logs in at /login.
 */

const stamp = Date.now().toString(36);
const PASSWORD = "clave-e2e-roles-2026";

async function createUser(rol: Rol, nombre: string, departures: string[] = []): Promise<string> {
  const email = `${rol}-${stamp}@e2e.test`;
  const id = await createStaffUser({ email, nombre, rol, password: PASSWORD });
  // a Guía sees only the departures assigned to them (issue 28)
  for (const key of departures) await assignGuides(key, [id]);
  return email;
}

test("a Guía lands on Hoy, sees only Hoy, Check-in and Salidas, and reads a departure's manifest", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Salida del guía ${stamp}`, cupo: 8 });
  const fecha = soonDate(6);
  await holdPlaces(request, tourId, fecha, "10:00", 2, `guia-${stamp}@example.com`);
  const email = await createUser("guia", `Guía ${stamp}`, [`${tourId}-${fecha.replaceAll("-", "")}-1000`]);
  await logInAtForm(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`^${STORE_URL}/panel/hoy`));
  await expect(page.getByRole("menuitem", { name: "Hoy", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Check-in", exact: true })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Salidas", exact: true })).toBeVisible();
  for (const label of ["Destinos", "Países", "Ciudades", "Pedidos", "Rewards", "Ayuda", "Banner", "Usuarios", "Actividad", "APIs", "Blogs", "Rendimiento"]) {
    await expect(page.getByRole("menuitem", { name: label, exact: true })).toHaveCount(0);
  }
  const filter = encodeURIComponent(JSON.stringify({ tour_id: tourId, desde: fecha, hasta: fecha }));
  await page.goto(`${STORE_URL}/panel/salidas?filter=${filter}`);
  const row = page.getByTestId("salida-fila").filter({ hasText: "10:00 hora de Bogotá" });
  await expect(row.getByTestId("salida-retenidos")).toHaveText("2");
  // a Guía reads the manifest; changing the departure is not theirs (issue 22, decision 0016)
  await row.getByRole("button", { name: /^Acciones de la salida/ }).click();
  for (const label of ["Cupo", "Cerrar salida", "Cerrar fecha", "Cancelar salida", "Guías"]) {
    await expect(page.getByRole("menuitem", { name: label, exact: true })).toHaveCount(0);
  }
  await page.getByRole("menuitem", { name: "Manifiesto" }).click();
  await expect(page.getByTestId("manifiesto").getByTestId("manifiesto-pedido").filter({ hasText: /retenido hasta/ })).toHaveCount(1);
  // a deep link to a screen of another role shows nothing of it
  await page.goto(`${STORE_URL}/panel/pedidos`);
  await expect(page.getByRole("columnheader")).toHaveCount(0);
  await expect(page.getByRole("menuitem", { name: "Pedidos", exact: true })).toHaveCount(0);
});

test("a Contenido user changes a price and the Actividad screen shows who changed it, from what to what", async ({ page }) => {
  // two logins at the form, a tour edit (rich-text editors) and the filtered Actividad screen: ~60 s on a busy 2-core machine
  test.slow();
  const nombre = `Contenido ${stamp}`;
  const email = await createUser("contenido", nombre);
  const tours = (await apiJson<{ succes: { id: number; nombre: string; precio: number }[] }>("/api/tour/index")).succes;
  const tour = tours[0]!;
  const before = tour.precio;
  const after = Math.round(before) + 7;

  await logInAtForm(page, email, PASSWORD);
  await expect(page).toHaveURL(`${STORE_URL}/panel/destinos`);
  for (const label of ["Pedidos", "Rewards", "Ayuda", "Usuarios", "Actividad", "Rendimiento"]) {
    await expect(page.getByRole("menuitem", { name: label, exact: true })).toHaveCount(0);
  }
  await page.goto(`${STORE_URL}/panel/destinos/${tour.id}`);
  await expect(page.getByLabel("Titulo del Tour")).toHaveValue(tour.nombre);
  await page.getByLabel("Precio").fill(String(after));
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/);

  // the tour's own history, on its edit page
  await page.goto(`${STORE_URL}/panel/destinos/${tour.id}`);
  const history = page.getByRole("table", { name: "Historial de cambios" });
  await expect(history.getByRole("row").filter({ hasText: nombre }).first()).toContainText(`precio: ${before} → ${after}`);

  // the Administrador's Actividad screen, filtered by that user
  await page.evaluate(() => localStorage.clear());
  await logInAtForm(page, ADMIN.email, ADMIN.password);
  await page.getByRole("menuitem", { name: "Actividad", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Actividad" })).toBeVisible();
  await page.getByRole("combobox", { name: "Usuario" }).click();
  await page.getByRole("option", { name: nombre, exact: true }).click();
  await page.getByRole("combobox", { name: "Recurso" }).click();
  await page.getByRole("option", { name: "Tour", exact: true }).click();
  await page.getByRole("button", { name: "Filtrar" }).click();
  const rows = page.getByRole("table", { name: "Actividad" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(nombre);
  await expect(rows.nth(1)).toContainText(`modificó el tour ${tour.nombre}`);
  await expect(rows.nth(1)).toContainText(`precio: ${before} → ${after}`);
});

test("logging out of the panel ends the token at the API", async ({ page }) => {
  await logInAtForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(`${STORE_URL}/panel/hoy`);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  await page.getByRole("button", { name: "Perfil" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(`${STORE_URL}/`);
  const res = await fetch(`${API_URL}/api/auth/autenticate`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(401);
});
