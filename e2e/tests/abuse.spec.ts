import { expect, test } from "../support/test";
import { ADMIN } from "../support/env";
import { createTestTour } from "../support/tours";

/*
 * Abuse resistance that a visitor's page depends on. A staff member (or a stolen staff token) can store text that
 * makes a backtracking regular expression run for seconds per view: the tour page must stay linear in its input.
 */

const TEXT_FIELDS = ["intinerario", "incluye", "no_incluye", "accesibilidad", "punto_encuentro", "duracion", "nombre_hotel", "salidas", "descripcion"];

test("la página de un tour con 64 KB de texto patológico en cada campo no tarda más que con texto corriente (ni un segundo)", async ({ request }) => {
  // "<a" repeated: every "<" starts a tag that never closes — quadratic for a backtracking `<[^>]*>`
  const evil = "<a".repeat(32_000);
  const long = "<p".repeat(32_000);
  // the baseline escapes to as many bytes as the hostile text ("&" → "&amp;" as "<" → "&lt;") but has no tag in it
  const plain = "&a".repeat(32_000);
  const hostileFields = Object.fromEntries(TEXT_FIELDS.map((f, i) => [f, f === "duracion" || f === "nombre_hotel" ? evil.slice(0, 200) : i % 2 ? evil : long]));
  const plainFields = Object.fromEntries(TEXT_FIELDS.map((f) => [f, f === "duracion" || f === "nombre_hotel" ? plain.slice(0, 200) : plain]));
  const hostile = await createTestTour(request, { nombre: `Texto hostil ${Date.now()}`, cupo: null, fields: hostileFields });
  const baseline = await createTestTour(request, { nombre: `Texto corriente ${Date.now()}`, cupo: null, fields: plainFields });

  // the same render, alternated, so both see the same machine load; a backtracking regex made one view take 12.5 s
  const times = { hostile: [] as number[], baseline: [] as number[] };
  for (let i = 0; i < 5; i++) {
    for (const [kind, tourId, name] of [["hostile", hostile.tourId, "Texto hostil"], ["baseline", baseline.tourId, "Texto corriente"]] as const) {
      const started = performance.now();
      const response = await request.get(`/actividades/detalle/local/${tourId}`);
      times[kind].push(performance.now() - started);
      expect(response.status()).toBe(200);
      expect(await response.text()).toContain(name);
    }
  }
  const ratio = Math.min(...times.hostile) / Math.min(...times.baseline);
  const shown = `hostile ${times.hostile.map((t) => t.toFixed(0)).join(", ")} ms; plain ${times.baseline.map((t) => t.toFixed(0)).join(", ")} ms`;
  console.log(`64 KB fields: ${shown}`);
  expect(ratio, shown).toBeLessThan(3);
  // A backtracking regex made one view take 12.5 s: a second, on the fastest of five views, catches that on any
  // machine. The 200 ms is a speed figure, which an e2e test on a shared machine cannot hold: on this 2-core
  // machine the page took 274–417 ms at eab234e (2026-11-27) while the ratio above stays at 0.4–0.6.
  expect(Math.min(...times.hostile), shown).toBeLessThan(1_000);
});

test("los intentos fallidos de un extraño en /login no bloquean al personal", async ({ request }) => {
  // the storefront forwards each visitor's address to the API (here the test says who it is, as a proxy would)
  const post = (password: string, ip: string, email: string = ADMIN.email) =>
    request.post("/login", { form: { email, password, js: "0" }, headers: { "X-Forwarded-For": ip } });
  // the stranger guesses another account: 10 failures of the admin's own would lock it from any address (issue 28)
  const guess = (ip: string) => post("mala-clave", ip, "intruso@e2e.test");
  for (let i = 0; i < 10; i++) expect(await (await guess("203.0.113.99")).text()).toContain("Usuario o contraseña incorrectos");
  expect(await (await guess("203.0.113.99")).text()).toContain("Demasiados intentos, espere un minuto e intente de nuevo");
  const staff = await (await post(ADMIN.password, "198.51.100.42")).text();
  expect(staff).not.toContain("Demasiados intentos");
  expect(staff).not.toContain("Usuario o contraseña incorrectos");
  expect(staff).toMatch(/\\?"ok\\?":true/);
});

test("un formulario enviado desde otro sitio se rechaza con 403, no con un error del servidor", async ({ request }) => {
  for (const path of ["/shop", "/login", "/ayuda", "/rewards"]) {
    const response = await request.post(path, { form: { intent: "remove", tour_id: "1" }, headers: { Origin: "https://otro-sitio.example" } });
    expect(response.status(), path).toBe(403);
    expect(await response.text()).toBe("Solicitud rechazada: envía el formulario desde este sitio.");
  }
  // the same post from the site itself goes through
  expect((await request.post("/shop", { form: { intent: "remove", tour_id: "1" }, maxRedirects: 0 })).status()).toBeLessThan(400);
});
