import { expect, test } from "../support/test";
import { STORE_URL } from "../support/env";

/*
 * How the panel's files are served: its index.html and hashed assets, and no path out of its build.
 */

test.describe("serving", () => {
  test("hashed assets are cached for a year; index.html carries the API origin; no path escapes the build", async ({ request }) => {
    const index = await request.get(`${STORE_URL}/panel/destinos/123`);
    expect(index.status()).toBe(200);
    expect(index.headers()["cache-control"]).toBe("no-cache");
    const html = await index.text();
    expect(html).toContain("window.__PANEL_CONFIG__=");
    expect(html).toMatch(/window\.__PANEL_CONFIG__=\{"apiUrl":"http[^"]+"\}/);
    const script = /src="(\/panel\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, "index.html loads the panel from /panel/assets/").toMatch(/^\/panel\/assets\/[^"]+\.js$/);
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
