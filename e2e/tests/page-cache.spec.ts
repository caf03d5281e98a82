import { demoPlace } from "../support/api";
import { API_URL, STORE_URL } from "../support/env";
import { unique } from "../support/names";
import { staffHeaders } from "../support/staff";
import { createTestTour } from "../support/tours";
import { expect, test, type APIRequestContext } from "../support/test";

/*
 * Issue 27: the storefront keeps a page it rendered for an anonymous visitor from the catalogue alone for a second
 * (storefront/page-cache.mjs, decision 0026). What a visitor must never notice: another visitor's nonce, a page
 * that shows what changed later than before, a cart or a toast of someone else, a departure's places out of date.
 */

/** An anonymous GET as a browser's first visit sends it (no cookie, no reload). */
async function visit(request: APIRequestContext, path: string, headers: Record<string, string> = {}) {
  const res = await request.get(`${STORE_URL}${path}`, { headers, maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  const body = await res.text();
  const nonce = /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1];
  return { kept: res.headers()["x-page-cache"], body, nonce };
}

test.describe("the page cache", () => {
  test("a city page is served again to the next visitor, with that visitor's own nonce on every script", async ({ request }) => {
    const { pais, ciudad } = await demoPlace();
    const path = `/actividades/${pais.id}/${ciudad.id}`;
    let first = await visit(request, path);
    let second = await visit(request, path);
    // a second may have passed between the two (the copy's freshness): then the pair after it is served kept
    if (second.kept !== "hit") [first, second] = [second, await visit(request, path)];
    expect(second.kept).toBe("hit");
    // server.mjs's nonce: 16 random bytes, base64
    expect(second.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    const nonces = [...second.body.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([second.nonce]));
    expect(second.body).not.toContain(first.nonce!);
  });

  test("a tour renamed in the panel shows its new name within two seconds", async ({ request }) => {
    const word = unique("cache").split(" ")[1]!;
    const { tourId } = await createTestTour(request, { nombre: `Ruta ${word} primera`, cupo: 10 });
    const path = `/buscar?q=${word}`;
    await expect.poll(async () => (await visit(request, path)).body).toContain(`Ruta ${word} primera`);
    await visit(request, path); // kept now
    const found = (await (await request.get(`${API_URL}/api/tour/find/${tourId}`)).json()) as { succes: Array<Record<string, unknown>> };
    const tour = found.succes[0]!;
    const renamed = await request.post(`${API_URL}/api/tour/update/`, {
      headers: await staffHeaders(),
      data: { id: tourId, nombre: `Ruta ${word} segunda`, pais: tour.pais, ciudad: tour.ciudad, precio: "30", reembolsable: 1, mascotas: 1, descripcion: tour.descripcion ?? "" },
    });
    expect(renamed.ok(), await renamed.text()).toBe(true);
    const since = Date.now();
    await expect.poll(async () => (await visit(request, path)).body, { intervals: [100], timeout: 5_000 }).toContain(`Ruta ${word} segunda`);
    // the catalogue reads' second and the page's second, at most
    expect(Date.now() - since).toBeLessThan(2_500);
  });

  test("never keeps a page that reads more than the catalogue, nor one asked with a cookie or by a reload", async ({ request }) => {
    const { tourId } = await createTestTour(request, { nombre: unique("Ruta sin copia"), cupo: 10 });
    // the home reads the promo banner; a tour page its departures and places
    for (const path of ["/", `/actividades/detalle/local/${tourId}`]) {
      await visit(request, path);
      expect((await visit(request, path)).kept, path).not.toBe("hit");
    }
    const { pais, ciudad } = await demoPlace();
    const city = `/actividades/${pais.id}/${ciudad.id}`;
    await visit(request, city);
    expect((await visit(request, city, { Cookie: "cualquiera=1" })).kept).toBeUndefined();
    expect((await visit(request, city, { "Cache-Control": "max-age=0" })).kept).toBeUndefined();
  });
});
