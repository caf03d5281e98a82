import { deflateSync } from "node:zlib";
import { expect, test, type Page, type Route } from "../support/test";
import * as harness from "../support/env";

// The harness's servers by default; PANEL_E2E_* point the same tests at servers already running elsewhere
// (e.g. an engineer's own ports) without starting the harness.
const STORE_URL = process.env.PANEL_E2E_STORE_URL ?? harness.STORE_URL;
const API_URL = process.env.PANEL_E2E_API_URL ?? harness.API_URL;
const SIM_URL = process.env.PANEL_E2E_SIM_URL ?? harness.SIM_URL;
const ADMIN = {
  email: process.env.PANEL_E2E_ADMIN_EMAIL ?? harness.ADMIN.email,
  password: process.env.PANEL_E2E_ADMIN_PASSWORD ?? harness.ADMIN.password,
};

/*
 * The staff panel (/panel) end to end, against the real API on the harness's fresh database and demo seed.
 * Every spec §8 panel message is asserted verbatim (exact text, trailing spaces included). Failures the real
 * API cannot be made to produce on demand (a 500, a dropped connection) are injected with page.route on the
 * one call concerned; pending messages are observed by holding that call until the message is on screen.
 */

// ---------------------------------------------------------------------------------------------------------
// helpers

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A real PNG (so the API's image processing accepts it), coloured by `seed`. */
function png(seed: number, width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = (seed * 53 + x * 4) & 0xff;
      row[2 + x * 3] = (seed * 97 + y * 6) & 0xff;
      row[3 + x * 3] = (seed * 31 + 120) & 0xff;
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
const image = (seed: number, name = `foto-${seed}.png`) => ({ name, mimeType: "image/png", buffer: png(seed) });
const images = (count: number, from = 1) => Array.from({ length: count }, (_, i) => image(from + i));

const unique = (label: string) => `${label} ${Date.now().toString(36)}`;

async function apiToken(): Promise<string> {
  const res = await fetch(`${API_URL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { sucess: string };
  return body.sucess;
}

/** Signs in without the form (the login form itself has its own test). */
async function signIn(page: Page, path = "/panel") {
  const token = await apiToken();
  await page.goto(`${STORE_URL}/legal`);
  await page.evaluate((t) => {
    localStorage.setItem("token", t);
    localStorage.setItem("nombre", "Equipo E2E");
  }, token);
  await page.goto(`${STORE_URL}${path}`);
}

const toastTexts = (page: Page) => page.locator('[data-testid="toast"] .MuiAlert-message').allTextContents();

/** A toast with exactly this text (no trimming: the spec's trailing spaces count). */
async function expectToast(page: Page, message: string) {
  await expect.poll(() => toastTexts(page), { message: `toast ${JSON.stringify(message)}` }).toContain(message);
}

/*
 * Routes are matched on the path ("**" + path): the browser reaches the API at PUBLIC_API_URL, which need not
 * be the API_URL these tests use from Node.
 */

/** Holds the matching call until released, to observe what is shown while it runs. */
async function holdCall(page: Page, url: string | RegExp, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await released;
    await route.fallback();
  };
  await page.route(url, handler);
  return {
    release: async () => {
      release();
      await page.unroute(url, handler);
    },
  };
}

/** Answers the matching call once with a failure. */
async function failOnce(page: Page, url: string | RegExp, method: string, status: number, body?: unknown) {
  await page.route(
    url,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      if (status === 0) return route.abort("connectionreset");
      await route.fulfill({
        status,
        contentType: "application/json",
        headers: { "Access-Control-Allow-Origin": new URL(STORE_URL).origin },
        body: JSON.stringify(body ?? {}),
      });
    },
    { times: 1 },
  );
}

/** The table's column titles, in this order (a header's accessible name is its sort tooltip, not its title). */
/** Answers every matching call with a failure until the returned function is called. */
async function failAll(page: Page, url: string | RegExp, method: string, status: number) {
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await route.fulfill({ status, contentType: "application/json", body: "{}" });
  };
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}

/** Types in a list's search box and waits until the list reflects it (the box is debounced into the URL). */
async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await expect(page).toHaveURL((url) => (JSON.parse(url.searchParams.get("filter") ?? "{}") as { q?: string }).q === text);
}

async function expectColumns(page: Page, titles: string[]) {
  await expect(page.locator("table thead th")).toContainText(titles);
}

async function selectOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function apiJson<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body && typeof init.body === "string") headers.set("Content-Type", "application/json");
  const res = await fetch(`${API_URL}${path}`, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

interface Named {
  id: number;
  nombre: string;
}

async function demoPlace(): Promise<{ pais: Named; ciudad: Named; otherCity: Named }> {
  const paises = (await apiJson<{ succes: Named[] }>("/api/pais/index")).succes;
  const pais = paises.find((p) => p.nombre === "Colombia") ?? paises[0]!;
  const ciudades = (await apiJson<{ succes: (Named & { pais: number })[] }>("/api/ciudades/index")).succes;
  const ciudad = ciudades.find((c) => c.pais === pais.id)!;
  const otherCity = ciudades.find((c) => c.pais !== pais.id)!;
  return { pais, ciudad, otherCity };
}

// ---------------------------------------------------------------------------------------------------------

test.describe("session", () => {
  test("staff log in at /login and land on the panel, with its sidebar", async ({ page }) => {
    // Hold the session check so that the layout's waiting message can be seen.
    const hold = await holdCall(page, "**/api/auth/autenticate", "GET");
    await page.goto(`${STORE_URL}/login`);
    await page.getByLabel("Correo electrónico").fill(ADMIN.email);
    await page.getByLabel("Contraseña").fill(ADMIN.password);
    await page.getByRole("button", { name: /ingresar|entrar|iniciar/i }).click();
    await expect(page).toHaveURL(/\/panel/);
    await expect(page.getByText("Validando informacion...", { exact: true })).toBeVisible();
    await hold.release();
    await expect(page).toHaveURL(`${STORE_URL}/panel/destinos`);
    expect(await page.evaluate(() => [localStorage.getItem("token") !== null, localStorage.getItem("nombre")])).toEqual([
      true,
      expect.any(String),
    ]);
    for (const [label, path] of [
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

  test("a deep link survives a reload", async ({ page }) => {
    await signIn(page, "/panel/ciudades");
    await expectColumns(page, ["ID", "Nombre", "Pais"]);
    await page.reload();
    await expect(page).toHaveURL(`${STORE_URL}/panel/ciudades`);
    await expectColumns(page, ["ID", "Nombre", "Pais"]);
  });

  test("without a token, or with a tampered one, the visitor is sent to /", async ({ page }) => {
    await page.goto(`${STORE_URL}/legal`);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${STORE_URL}/panel/pedidos`);
    await expect(page).toHaveURL(`${STORE_URL}/`);

    await signIn(page, "/panel/destinos");
    await expect(page.getByRole("link", { name: "Nuevo tour" })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem("token"));
    // Flip a character of the signature: a forged or expired token both fail validation.
    const tampered = token!.slice(0, -3) + (token!.endsWith("a") ? "bbb" : "aaa");
    await page.evaluate((t) => localStorage.setItem("token", t), tampered);
    await page.reload();
    await expect(page).toHaveURL(`${STORE_URL}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("a 401 from any later call logs out to /", async ({ page }) => {
    await signIn(page, "/panel/destinos");
    await expectColumns(page, ["Nombre", "Precio"]);
    // The session was validated on load; now the token goes bad behind the panel's back.
    await page.evaluate(() => localStorage.setItem("token", "forged.token.value"));
    await page.getByRole("menuitem", { name: "Pedidos" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/`);
  });

  test("Cerrar sesión leaves the panel", async ({ page }) => {
    await signIn(page, "/panel/destinos");
    await page.getByRole("button", { name: "Perfil" }).click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

test.describe("tours", () => {
  // One tour goes through create → edit → schedule → photos → storefront → delete, in this order.
  test.describe.configure({ mode: "serial" });
  const nombre = unique("Tour E2E Panel");
  const renamed = `${nombre} editado`;

  test("the list shows the spec's columns, and toggles to the form and back", async ({ page }) => {
    const hold = await holdCall(page, /\/api\/tour\/index\?/, "GET");
    // Big lists are paged by the API: the panel asks for one page (range) and reads the total from Content-Range.
    const listCall = page.waitForRequest((r) => /\/api\/tour\/index\?/.test(r.url()));
    await signIn(page, "/panel/destinos");
    const query = new URL((await listCall).url()).searchParams;
    expect(JSON.parse(query.get("range") ?? "null")).toEqual([0, 24]);
    expect(JSON.parse(query.get("sort") ?? "null")).toEqual(["id", "DESC"]);
    await expect(page.getByText("Cargando informacion", { exact: true })).toBeVisible();
    await hold.release();
    await expectColumns(page, [
      "Nombre",
      "Precio",
      "Hotel",
      "H-individual",
      "H-doble",
      "H-triple",
      "Duracion",
      "Mascotas",
      "Punto_encuentro",
      "Reembolsable",
      "Pais",
      "Ciudad",
      "Acciones",
    ]);
    // Demo tours are listed with their country and city by name and their price in USD.
    await expect(page.getByRole("row").nth(1)).toContainText(/USD \d+\.\d{2}/);
    await page.getByRole("link", { name: "Nuevo tour" }).click();
    await expect(page).toHaveURL(`${STORE_URL}/panel/destinos/create`);
    await expect(page.getByRole("button", { name: "Crear Tour" })).toBeVisible();
    await page.getByRole("link", { name: "Ver lista" }).click();
    await expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/);
  });

  test("create a tour with images; the city select follows the country", async ({ page }) => {
    const { pais, ciudad, otherCity } = await demoPlace();
    await signIn(page, "/panel/destinos/create");
    await page.getByLabel("Titulo del Tour").fill(nombre);
    await page.locator(".ProseMirror").first().fill("Un recorrido <b>guiado</b> por el centro histórico.");
    await page.getByLabel("Precio").fill("123.45");
    await page.getByLabel("Hotel").fill("Hotel Central");
    await page.getByLabel("Habitacion doble").check();
    await page.getByLabel("Intinerario").fill("09:00 encuentro, 12:00 almuerzo");
    await page.getByLabel("Duracion").fill("4 horas");
    await page.getByLabel("Incluye", { exact: true }).fill("Guía bilingüe");
    await page.getByLabel("No Incluye").fill("Propinas");
    await page.getByLabel("Accesibilidad").fill("Apto para sillas de ruedas");
    await page.locator(".ProseMirror").nth(1).fill("Salidas diarias desde la plaza");
    await page.getByLabel("Punto de encuentro").fill("Plaza principal");
    await page.getByLabel("Mascotas").check();

    await selectOption(page, "Pais", pais.nombre);
    await page.getByRole("combobox", { name: "Ciudad" }).click();
    await expect(page.getByRole("option", { name: ciudad.nombre, exact: true })).toBeVisible();
    await expect(page.getByRole("option", { name: otherCity.nombre, exact: true })).toHaveCount(0);
    await page.getByRole("option", { name: ciudad.nombre, exact: true }).click();

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles(images(21));
    await page.getByRole("button", { name: "Crear Tour" }).click();
    await expect(page.getByText("Máximo 20 fotos seleccionadas", { exact: true })).toBeVisible();
    // Start again with two photos.
    await page.goto(`${STORE_URL}/panel/destinos/create`);
    await page.getByLabel("Titulo del Tour").fill(nombre);
    await page.locator(".ProseMirror").first().fill("Un recorrido guiado por el centro histórico.");
    await page.getByLabel("Precio").fill("123.45");
    await page.getByLabel("Hotel").fill("Hotel Central");
    await page.getByLabel("Duracion").fill("4 horas");
    await page.getByLabel("Punto de encuentro").fill("Plaza principal");
    await page.getByLabel("Mascotas").check();
    await selectOption(page, "Pais", pais.nombre);
    await selectOption(page, "Ciudad", ciudad.nombre);
    await page.locator('input[type="file"]').setInputFiles(images(2, 30));

    const hold = await holdCall(page, "**/api/tour/create", "POST");
    await page.getByRole("button", { name: "Crear Tour" }).click();
    await expectToast(page, "Guardando informacion");
    await hold.release();
    await expectToast(page, "Proceso finalizado...");
    await expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/);
    await search(page, "Buscar tour", nombre);
    const row = page.getByRole("row").filter({ hasText: nombre });
    await expect(row).toContainText("USD 123.45");
    await expect(row).toContainText(pais.nombre);
    await expect(row).toContainText(ciudad.nombre);
    await expect(row).toContainText("Plaza principal");
  });

  test("create errors: each errors[].msg, else the generic message", async ({ page }) => {
    const { pais, ciudad } = await demoPlace();
    await signIn(page, "/panel/destinos/create");
    await page.getByLabel("Titulo del Tour").fill(unique("Tour con error"));
    await page.getByLabel("Precio").fill("10");
    await selectOption(page, "Pais", pais.nombre);
    await selectOption(page, "Ciudad", ciudad.nombre);
    await page.locator('input[type="file"]').setInputFiles(images(1, 50));
    await failOnce(page, "**/api/tour/create", "POST", 400, {
      errors: [
        { type: "field", value: "", msg: "Primer error de prueba", path: "nombre", location: "body" },
        { type: "field", value: "", msg: "Segundo error de prueba", path: "precio", location: "body" },
      ],
    });
    await page.getByRole("button", { name: "Crear Tour" }).click();
    await expectToast(page, "Primer error de prueba");
    await expectToast(page, "Segundo error de prueba");
    await failOnce(page, "**/api/tour/create", "POST", 500, {});
    await page.getByRole("button", { name: "Crear Tour" }).click();
    await expectToast(page, "Ocurrió un error desconocido.");
  });

  test("edit the tour: the form is loaded, saved, and the list shows the change", async ({ page }) => {
    await signIn(page, "/panel/destinos");
    await search(page, "Buscar tour", nombre);
    const row = page.getByRole("row").filter({ hasText: nombre });
    await row.getByRole("link", { name: "Editar" }).click();
    await expect(page.getByLabel("Titulo del Tour")).toHaveValue(nombre);
    await expect(page.getByLabel("Hotel")).toHaveValue("Hotel Central");
    await expect(page.getByRole("link", { name: "Ver lista" })).toBeVisible();
    await page.getByLabel("Titulo del Tour").fill(renamed);
    await page.getByLabel("Precio").fill("150");
    await page.getByLabel("Reembolsable").check();
    const hold = await holdCall(page, "**/api/tour/update/", "POST");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "Guardando informacion");
    await hold.release();
    await expectToast(page, "Proceso finalizado...");
    await expect(page).toHaveURL(/\/panel\/destinos(\?.*)?$/);
    await search(page, "Buscar tour", renamed);
    await expect(page.getByRole("row").filter({ hasText: renamed })).toContainText("USD 150.00");
  });

  test("Disponibilidad: add a slot, see the API's reasons, delete it", async ({ page }) => {
    await signIn(page, "/panel/destinos");
    await search(page, "Buscar tour", renamed);
    await page.getByRole("row").filter({ hasText: renamed }).getByRole("button", { name: "Disponibilidad" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText("Este tour no tiene horarios.")).toBeVisible();

    await dialog.getByRole("button", { name: "Agregar horario" }).click();
    await dialog.getByLabel("Hora de inicio").fill("10:30");
    // No weekday: the API answers 400 with its reason, shown as is.
    await dialog.getByRole("button", { name: "Crear horario" }).click();
    await expectToast(page, "Selecciona al menos un día de la semana");
    await failOnce(page, "**/api/tour/horario/create/", "POST", 500);
    await dialog.getByLabel("Lunes").check();
    await dialog.getByRole("button", { name: "Crear horario" }).click();
    await expectToast(page, "Error desconocido  al crear horario");

    await dialog.getByLabel("Sábado").check();
    await dialog.getByRole("button", { name: "Crear horario" }).click();
    await expectToast(page, "Horario creado");
    // Back to the list after creating.
    const slot = dialog.getByTestId("horario");
    await expect(slot).toHaveCount(1);
    await expect(slot).toContainText("10:30");
    await expect(slot.getByLabel("Lunes: sí")).toBeVisible();
    await expect(slot.getByLabel("Sábado: sí")).toBeVisible();
    await expect(slot.getByLabel("Martes: no")).toBeVisible();

    await failOnce(page, /\/api\/tour\/horario\/delete\/\d+$/, "DELETE", 500);
    await dialog.getByRole("button", { name: "Eliminar horario 10:30" }).click();
    await expectToast(page, "Error al eliminar");
    await expect(slot).toHaveCount(1);
    await dialog.getByRole("button", { name: "Eliminar horario 10:30" }).click();
    await expectToast(page, "Horario eliminado");
    await expect(slot).toHaveCount(0);

    // Leave one slot for the storefront check below.
    await dialog.getByRole("button", { name: "Agregar horario" }).click();
    await dialog.getByLabel("Hora de inicio").fill("08:00");
    for (const day of ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"]) {
      await dialog.getByLabel(day).check();
    }
    await dialog.getByRole("button", { name: "Crear horario" }).click();
    await expectToast(page, "Horario creado");
    await expect(slot).toHaveCount(1);
  });

  test("Imagenes: list, limits, add and delete photos", async ({ page }) => {
    await signIn(page, "/panel/destinos");
    await search(page, "Buscar tour", renamed);
    await page.getByRole("row").filter({ hasText: renamed }).getByRole("button", { name: "Imagenes" }).click();
    const dialog = page.getByRole("dialog");
    const fotos = dialog.getByTestId("foto");
    await expect(fotos).toHaveCount(2);

    await dialog.getByRole("button", { name: "Guardar fotos" }).click();
    await expectToast(page, "No se ha seleccionado fotos para guardar...");
    await dialog.getByTestId("fotos-input").setInputFiles(images(21, 60));
    await expectToast(page, "Puedes seleccionar hasta 20 imágenes.");
    await dialog.getByRole("button", { name: "Guardar fotos" }).click();
    await expect.poll(async () => (await toastTexts(page)).filter((t) => t === "No se ha seleccionado fotos para guardar...").length).toBeGreaterThan(0);

    await dialog.getByTestId("fotos-input").setInputFiles([image(90)]);
    await failOnce(page, "**/api/tour/saveimagen", "POST", 500);
    await dialog.getByRole("button", { name: "Guardar fotos" }).click();
    await expectToast(page, "Se genero un error contacte con soporte");

    const hold = await holdCall(page, "**/api/tour/saveimagen", "POST");
    await dialog.getByRole("button", { name: "Guardar fotos" }).click();
    await expectToast(page, "Guardando imagen");
    await hold.release();
    await expectToast(page, "Imagen Almacenda con exito");
    await expect(fotos).toHaveCount(3);

    const firstDelete = dialog.getByRole("button", { name: /Eliminar foto/ }).first();
    await failOnce(page, /\/api\/tour\/deleteimagen\/\d+$/, "DELETE", 500);
    await firstDelete.click();
    await expectToast(page, "Se genero un error contacte a soporte");
    await failOnce(page, /\/api\/tour\/deleteimagen\/\d+$/, "DELETE", 0);
    await firstDelete.click();
    await expectToast(page, "Error inesperado al eliminar imagen, contacte con soporte");
    await expect(fotos).toHaveCount(3);

    const holdDelete = await holdCall(page, /\/api\/tour\/deleteimagen\/\d+$/, "DELETE");
    await firstDelete.click();
    await expectToast(page, "Se esta eliminando la imagen...");
    await holdDelete.release();
    await expectToast(page, "Imagen eliminada");
    await expect(fotos).toHaveCount(2);
    for (const img of await fotos.locator("img").all()) {
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    }
  });

  test("the tour made in the panel is on its city page with its photos and schedule", async ({ page }) => {
    const { pais, ciudad } = await demoPlace();
    await page.goto(`${STORE_URL}/actividades/${pais.id}/${ciudad.id}`);
    const card = page.getByRole("link", { name: new RegExp(renamed) }).first();
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/actividades\/detalle\/local\/\d+/);
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    const tourId = Number(/local\/(\d+)/.exec(page.url())![1]);
    const fotos = (await apiJson<{ succes: { url: string }[] }>(`/api/tour/index/fotos/${tourId}`)).succes;
    expect(fotos).toHaveLength(2);
    for (const foto of fotos) {
      await expect(page.locator(`img[src$="${foto.url}"]`).first()).toBeAttached();
    }
    const horarios = (await apiJson<{ succes: { hora_inicio: string }[] }>(`/api/tour/horario/find/${tourId}`)).succes;
    expect(horarios.map((h) => h.hora_inicio.slice(0, 5))).toEqual(["08:00"]);
    // A slot every day: the calendar offers days to pick.
    await expect(page.locator("main")).toContainText(/Desde\s+USD\s+150/);
  });

  test("Eliminar: pending, success, and the error message", async ({ page }) => {
    await signIn(page, "/panel/destinos");
    await search(page, "Buscar tour", renamed);
    const row = page.getByRole("row").filter({ hasText: renamed });
    await failOnce(page, /\/api\/tour\/delete\/\d+$/, "DELETE", 500);
    await row.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await expectToast(page, "Se genero un error inesperado contacte a soporte");
    await expect(row).toHaveCount(1);

    const hold = await holdCall(page, /\/api\/tour\/delete\/\d+$/, "DELETE");
    await row.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await expectToast(page, "Eliminando item");
    await hold.release();
    await expectToast(page, "El item se elimino con exito");
    await expect(row).toHaveCount(0);
  });
});

test.describe("countries and cities", () => {
  test.describe.configure({ mode: "serial" });
  const paisNombre = unique("Islandia E2E");
  const ciudadNombre = unique("Reikiavik E2E");

  test("create, edit (with a new image) and delete a country", async ({ page }) => {
    await signIn(page, "/panel/pais");
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
    await dialog.locator('input[type="file"]').setInputFiles([image(101)]);
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
    await dialog.locator('input[type="file"]').setInputFiles([image(102)]);
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await expectToast(page, "Pais actualizado con exito");
    await expectToast(page, "Imagen actualizada con exito");
    await expect(row).toContainText("355");
    await expect.poll(() => row.getByRole("img").getAttribute("src")).not.toBe(firstSrc);
  });

  test("create, edit and delete a city of that country", async ({ page }) => {
    await signIn(page, "/panel/ciudades");
    await expectColumns(page, ["ID", "Nombre", "Pais", "Imagen", "Destacado", "Acciones"]);
    await page.getByRole("button", { name: "Nuevo" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Nombre").fill(ciudadNombre);
    await selectOption(page, "Pais", paisNombre);
    await dialog.getByLabel("ID de free tours").fill("ciudad-e2e-uuid");
    await dialog.locator('input[type="file"]').setInputFiles([image(111)]);
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
    await search(page, "Buscar", paisNombre);
    const paisRow = page.getByRole("row").filter({ hasText: paisNombre });
    await paisRow.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await expectToast(page, "Pais eliminado con exito...");
    await expect(paisRow).toHaveCount(0);
  });
});

test.describe("orders, requests and banner", () => {
  test("a paid order shows as Pago with its lines; an unpaid one as Sin pago", async ({ page }) => {
    // A demo tour with a schedule slot, and the first date at least a week ahead on one of the slot's weekdays.
    const tours = (await apiJson<{ succes: { id: number; nombre: string; precio: number }[] }>("/api/tour/index")).succes;
    const weekdays = ["domingo", "lunes", "martes", "miercoles", "jueves", "viernes", "sabado"] as const;
    let tour: (typeof tours)[number] | undefined;
    let dia = "";
    for (const candidate of tours) {
      const slots = (
        await apiJson<{ succes: (Record<(typeof weekdays)[number], boolean> & { hora_inicio: string })[] }>(
          `/api/tour/horario/find/${candidate.id}`,
        )
      ).succes;
      const slot = slots[0];
      if (!slot) continue;
      for (let ahead = 7; ahead < 14 && !dia; ahead++) {
        const day = new Date(Date.now() + ahead * 86_400_000);
        if (!slot[weekdays[day.getUTCDay()]!]) continue;
        dia = `${String(day.getUTCMonth() + 1).padStart(2, "0")}/${String(day.getUTCDate()).padStart(2, "0")}/${day.getUTCFullYear()}-${slot.hora_inicio.slice(0, 5)}`;
      }
      if (dia) {
        tour = candidate;
        break;
      }
    }
    if (!tour) throw new Error("the demo seed has no tour with a schedule slot");
    const order = (email: string) =>
      apiJson<{ succes: { id: string; links: { href: string; rel: string }[] } }>("/api/compra/create", {
        method: "POST",
        body: JSON.stringify({
          pedidos: [
            { tour_id: tour.id, nombre: tour.nombre, dia, precio: tour.precio, imagen: "", mayores_15: 2, de_4_15: 1, menores_3: 0, mascotas: 0, precio_total: 0 },
          ],
          nombre: "Ana",
          apellido: email.startsWith("pagado") ? "Pagada" : "Pendiente",
          email,
          telefono: "3001234567",
          telefonoRespaldo: "3007654321",
          direccion: "Calle 1 # 2-3",
          comentario: "",
          nit: "900123456",
          valor_total: 0,
        }),
      });
    const paid = await order(`pagado.${Date.now()}@e2e.test`);
    const unpaid = await order(`pendiente.${Date.now()}@e2e.test`);
    // Approve on the payment simulator, then confirm as the storefront's /pay/ok does.
    const approve = await fetch(`${SIM_URL}/checkoutnow/approve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: paid.succes.id }).toString(),
      redirect: "manual",
    });
    expect(approve.status).toBeGreaterThanOrEqual(300);
    await apiJson("/api/compra/confirma", { method: "POST", body: JSON.stringify({ token: paid.succes.id }) });

    await signIn(page, "/panel/pedidos");
    await expectColumns(page, ["ID", "Nombre", "Apellido", "Email", "Telefono 1", "Telefono 2", "Direccion", "Valor total"]);
    const expectedTotal = `USD ${(tour.precio * 2 + tour.precio * 0.6).toFixed(2)}`;
    const paidRow = page.getByRole("row").filter({ hasText: "Pagada" }).first();
    await expect(paidRow.getByTestId("estado-pago")).toHaveText("Pago");
    await expect(paidRow.getByTestId("estado-pago")).toHaveClass(/MuiChip-colorSuccess/);
    await expect(paidRow).toContainText(expectedTotal);
    await expect(paidRow).toContainText("3007654321");
    const unpaidRow = page.getByRole("row").filter({ hasText: "Pendiente" }).first();
    await expect(unpaidRow.getByTestId("estado-pago")).toHaveText("Sin pago");
    await expect(unpaidRow.getByTestId("estado-pago")).toHaveClass(/MuiChip-colorError/);
    expect(unpaid.succes.id).not.toBe(paid.succes.id);

    await paidRow.getByRole("button", { name: "Detalle" }).click();
    const dialog = page.getByRole("dialog");
    const line = dialog.getByTestId("linea-pedido");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(expectedTotal);
    await expect(line).toContainText(tour.nombre);
    await expect(line.getByRole("link", { name: "ver tour" })).toHaveAttribute("href", `/actividades/detalle/local/${tour.id}`);
  });

  test("rewards and help requests are listed read-only", async ({ page }) => {
    const email = `rewards.${Date.now()}@e2e.test`;
    await apiJson("/api/tour/rewards", {
      method: "POST",
      body: JSON.stringify({ nombre: "Rita", apellido: "Rewards", telefono: "3000000001", email }),
    });
    await apiJson("/api/tour/ayuda", {
      method: "POST",
      body: JSON.stringify({ nombre: "Hugo", apellido: "Ayuda", telefono: "3000000002", email, comentario: "No encuentro mi reserva" }),
    });
    await signIn(page, "/panel/rewards");
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Rewards");
    await page.getByRole("menuitem", { name: "Ayuda" }).click();
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("No encuentro mi reserva");
    await expect(page.getByRole("button", { name: /Editar|Eliminar/ })).toHaveCount(0);
  });

  test("banner: required image, upload, errors, delete", async ({ page }) => {
    // The failed load is retried a few times before it is reported: fail them all.
    const restore = await failAll(page, "**/api/banner", "GET", 500);
    await signIn(page, "/panel/banner");
    await expect
      .poll(() => toastTexts(page), { timeout: 30_000 })
      .toContain("Error generado al consultar el banner ");
    await restore();
    await page.reload();
    await page.getByRole("button", { name: "Guardar banner" }).click();
    await expectToast(page, "Se requiere una imagen");

    await page.getByLabel("Elegir imagen del banner").setInputFiles([image(200, "banner.png")]);
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
});

test.describe("placeholders", () => {
  test("each placeholder says it is not connected, and makes no API call", async ({ page }) => {
    await signIn(page, "/panel/blogs");
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

  test("Usuarios: create a staff account, change its role, refuse a common password, deactivate it", async ({ page }) => {
    await signIn(page, "/panel/usuarios");
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

  test("blogs and Nosotros limit images", async ({ page }) => {
    await signIn(page, "/panel/blogs");
    await page.getByRole("menuitem", { name: "Blogs" }).click();
    await page.getByLabel("Imágenes del blog").setInputFiles(images(5, 300));
    await expect(page.getByText("Puedes seleccionar hasta 4 imágenes.")).toBeVisible();
    await page.getByLabel("Imágenes del post").setInputFiles(images(10, 310));
    await expect(page.getByText("10 imagen(es) seleccionada(s)")).toBeVisible();
    await page.getByRole("menuitem", { name: "Nosotros" }).click();
    await page.getByLabel("Imágenes adicionales").setInputFiles(images(6, 320));
    await expect(page.getByText("Puedes seleccionar hasta 5 imágenes.")).toBeVisible();
  });
});

test.describe("serving", () => {
  test("hashed assets are cached for a year; index.html carries the API origin; no path escapes the build", async ({ request }) => {
    const index = await request.get(`${STORE_URL}/panel/destinos/123`);
    expect(index.status()).toBe(200);
    expect(index.headers()["cache-control"]).toBe("no-cache");
    const html = await index.text();
    expect(html).toContain("window.__PANEL_CONFIG__=");
    expect(html).toMatch(/window\.__PANEL_CONFIG__=\{"apiUrl":"http[^"]+"\}/);
    const script = /src="(\/panel\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(`${STORE_URL}${script}`);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers()["content-type"]).toContain("javascript");

    expect((await request.get(`${STORE_URL}/panel/assets/nope-123.js`)).status()).toBe(404);
    for (const path of ["/panel/..%2f..%2fpackage.json", "/panel/%2e%2e/%2e%2e/package.json", "/panel/assets/..%2f..%2f..%2fpackage.json"]) {
      const res = await request.get(`${STORE_URL}${path}`);
      expect(await res.text()).not.toContain('"workspaces"');
    }
  });
});
