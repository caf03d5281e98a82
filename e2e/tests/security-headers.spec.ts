import { ciudades, freeToursOf, paises, tours } from "../support/api";
import { API_PORT, API_URL, SIM_PORT } from "../support/env";
import { startExtraStorefront } from "../support/storefront-without-api";
import { expect, test, type APIRequestContext } from "../support/test";

/*
 * Security headers of the storefront and the panel it serves (storefront/server.mjs): every route, static files
 * and the panel carry a Content-Security-Policy whose scripts need a per-request nonce (never 'unsafe-inline'),
 * frame-ancestors 'none', nosniff, Referrer-Policy and Permissions-Policy; every inline script of a page wears
 * that response's nonce.
 */

async function routes(): Promise<string[]> {
  const [country] = await paises();
  const city = (await ciudades()).find((c) => c.pais === country!.id);
  const [tour] = await tours();
  const remote = (await paises()).find((p) => p.freetour_id);
  const freeTour = remote?.freetour_id ? (await freeToursOf(remote.freetour_id))[0] : undefined;
  return [
    "/",
    "/buscar?q=bog",
    `/pais/${country!.id}`,
    `/actividades/${country!.id}/${city!.id}`,
    `/country/${remote!.freetour_id}`,
    `/activity/${freeTour!.id}`,
    `/actividades/detalle/local/${tour!.id}`,
    "/legal",
    "/legal/privacidad",
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
    "/ayuda",
    "/shop",
    "/pay/ok?token=ABC123&PayerID=XYZ",
    "/pay/not?token=ABC123",
    "/mi-reserva",
    "/mi-reserva?ref=TR-NOEXISTE&pin=123456",
    "/ruta-que-no-existe",
    "/panel",
    "/panel/tours/create",
    "/panel/checkin",
  ];
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

async function checkHeaders(request: APIRequestContext, path: string): Promise<{ nonce: string | null; body: string }> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBeLessThan(500);
  const headers = response.headers();
  const policy = headers["content-security-policy"];
  expect(policy, `${path}: Content-Security-Policy`).toBeTruthy();
  const csp = directives(policy!);
  const scripts = csp.get("script-src") ?? [];
  expect(scripts, `${path}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${path}: script-src`).not.toContain("'unsafe-eval'");
  const nonces = scripts.filter((s) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(s));
  expect(nonces, `${path}: one nonce in script-src`).toHaveLength(1);
  expect(csp.get("frame-ancestors"), `${path}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get("img-src"), `${path}: img-src`).toEqual(expect.arrayContaining(["'self'", new URL(API_URL).origin]));
  expect(csp.get("form-action"), `${path}: form-action`).toEqual(
    expect.arrayContaining(["'self'", "https://www.paypal.com", `http://127.0.0.1:${SIM_PORT}`]),
  );
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(headers["x-content-type-options"], `${path}: nosniff`).toBe("nosniff");
  expect(headers["x-frame-options"], `${path}: X-Frame-Options`).toBe("DENY");
  expect(headers["referrer-policy"], `${path}: Referrer-Policy`).toBe("strict-origin-when-cross-origin");
  // the camera only for the panel (its Check-in screen scans vouchers), for the page itself, never for frames
  const camera = path.startsWith("/panel") ? "camera=(self)" : "camera=()";
  expect(headers["permissions-policy"], `${path}: Permissions-Policy`).toContain(camera);
  // plain http here: no HSTS (it would pin a developer's localhost to https)
  expect(headers["strict-transport-security"], `${path}: no HSTS over http`).toBeUndefined();
  return { nonce: nonces[0]!.slice("'nonce-".length, -1), body: await response.text() };
}

test("every storefront route and the panel send the security headers; inline scripts wear the nonce", async ({ request }) => {
  const seenNonces = new Set<string>();
  for (const path of await routes()) {
    const { nonce, body } = await checkHeaders(request, path);
    expect(seenNonces.has(nonce!), `${path}: a nonce is never reused`).toBe(false);
    seenNonces.add(nonce!);
    const inline = [...body.matchAll(/<script\b([^>]*)>(?!<\/script>)/g)]
      .map((m) => m[1]!)
      .filter((attributes) => !/\bsrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes));
    expect(inline.length, `${path}: the document has inline scripts to check`).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes, `${path}: inline script`).toContain(`nonce="${nonce}"`);
  }
});

test("static files of the storefront and the panel carry the headers too", async ({ request }) => {
  const page = await (await request.get("/legal")).text();
  const storefrontAsset = /\/assets\/[^"]+\.js/.exec(page)?.[0];
  const panel = await (await request.get("/panel")).text();
  const panelAsset = /\/panel\/assets\/[^"]+\.js/.exec(panel)?.[0];
  for (const path of [storefrontAsset!, panelAsset!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("behind an https proxy (TRUST_PROXY): HSTS, and every cookie the storefront sets is Secure", async ({ request }) => {
  // a storefront that trusts no proxy: a forged X-Forwarded-Proto changes nothing there
  const trustsNobody = await startExtraStorefront({ TRUST_PROXY: "false", API_URL: `http://127.0.0.1:${API_PORT}`, PUBLIC_API_URL: API_URL });
  try {
    const forged = await request.get(`${trustsNobody.url}/legal`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(forged.headers()["strict-transport-security"]).toBeUndefined();
  } finally {
    await trustsNobody.stop();
  }

  const [tour] = await tours();
  const behindProxy = await startExtraStorefront({
    TRUST_PROXY: "loopback",
    API_URL: `http://127.0.0.1:${API_PORT}`,
    PUBLIC_API_URL: API_URL,
  });
  try {
    const https = { "X-Forwarded-Proto": "https" };
    const legal = await request.get(`${behindProxy.url}/legal`, { headers: https });
    expect(legal.headers()["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    // a tour's page remembers the visit in a cookie
    const detail = await request.get(`${behindProxy.url}/actividades/detalle/local/${tour!.id}`, { headers: https });
    const cookies = detail.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.value).toMatch(/;\s*Secure/i);
    const plain = await request.get(`${behindProxy.url}/legal`);
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  } finally {
    await behindProxy.stop();
  }
});
