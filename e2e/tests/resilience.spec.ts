import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";

/*
 * "No page of the storefront answers 500 when the API is down": a second storefront (remix-serve of the same
 * build) is started with API_URL pointing at a closed port, and every route is loaded. Unknown ids may answer
 * 404; nothing may answer 5xx, and each page still renders the site's layout in Spanish.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let storefront: ChildProcess | undefined;
let baseURL = "";
const output: string[] = [];

test.beforeAll(async () => {
  const [port, closedApiPort] = await Promise.all([freePort(), freePort()]);
  baseURL = `http://127.0.0.1:${port}`;
  storefront = spawn(path.join(root, "node_modules/.bin/remix-serve"), [path.join(root, "storefront/build/server/index.js")], {
    cwd: path.join(root, "storefront"),
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      API_URL: `http://127.0.0.1:${closedApiPort}`,
      PUBLIC_API_URL: `http://127.0.0.1:${closedApiPort}`,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "tours-resilience-")),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  storefront.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  storefront.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/legal`)).ok) break;
    } catch {
      // not listening yet
    }
    if (storefront.exitCode !== null) throw new Error(`storefront exited: ${output.join("")}`);
    if (Date.now() > deadline) throw new Error(`storefront did not start: ${output.join("")}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (storefront && storefront.exitCode === null) {
    const exited = new Promise((r) => storefront!.once("exit", r));
    storefront.kill("SIGTERM");
    await exited;
  }
});

const UUID = "8c0a1714-7f99-5c9c-aeb0-59cf61bb0fad";
const ROUTES = [
  "/",
  "/?q=bog",
  "/buscar",
  "/buscar?q=bog",
  "/pais/1",
  "/actividades/1/1",
  `/country/${UUID}`,
  `/country/${UUID}?disp=hoy&hmin=8&hmax=20&ciudad=x&duracion=corta`,
  `/activity/${UUID}`,
  `/activity/${UUID}?mes=2026-12&dia=2026-12-01`,
  "/actividades/detalle/local/1",
  "/legal",
  "/legal/contrato",
  "/legal/privacidad",
  "/legal/terminos",
  "/quienes-somos",
  "/habla-con-viajero",
  "/blog",
  "/proveedores",
  "/afiliados",
  "/agencia-de-viaje",
  "/alojamientos",
  "/transporte",
  "/contactar",
  "/login",
  "/rewards",
  "/Rewards",
  "/ayuda",
  "/shop",
  "/pay/ok?token=ABC123&PayerID=XYZ",
  "/pay/not?token=ABC123",
  "/panel",
  "/ruta-que-no-existe",
];

test("every route answers without a 5xx when the API is down", async ({ request }) => {
  const failures: string[] = [];
  for (const route of ROUTES) {
    const response = await request.get(`${baseURL}${route}`, { maxRedirects: 0 });
    const status = response.status();
    if (status >= 500) failures.push(`${route} → ${status}`);
    if (status === 200 && (response.headers()["content-type"] ?? "").includes("text/html")) {
      const html = await response.text();
      if (!html.includes('lang="es"')) failures.push(`${route} → 200 without the Spanish layout`);
      if (/Unexpected Server Error|Application Error/i.test(html)) failures.push(`${route} → error text in the page`);
    }
  }
  expect(failures, `server output:\n${output.join("").slice(-3000)}`).toEqual([]);
});

test("the pages render in a browser with sections degraded to empty, never raw errors", async ({ browser }) => {
  const page = await browser.newPage({ baseURL });
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  for (const route of ["/", "/pais/1", "/actividades/1/1", `/country/${UUID}`, `/activity/${UUID}`, "/buscar?q=bog"]) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBeLessThan(500);
    await expect(page.getByRole("heading", { level: 1 }), route).toBeVisible();
    await expect(page.locator("body"), route).not.toContainText(/ECONNREFUSED|ApiError|fetch failed|stack/i);
  }
  await page.goto("/");
  await expect(page.getByText("Pronto tendremos nuevos destinos para ti.")).toBeVisible();
  await expect(page.getByTestId("slide")).toHaveCount(5);
  expect(pageErrors).toEqual([]);
  await page.close();
});
