import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPageCache } from "../../page-cache.mjs";

/*
 * Issue 27: the storefront keeps a catalogue page rendered for an anonymous visitor for a second (page-cache.mjs),
 * mounted as server.mjs mounts it: after the nonce is chosen, before the renderer. The renderer here stands for
 * Remix: it writes its page in pieces, with the request's nonce in it, and counts its renders.
 */

let clock = 1_000_000;
let renders = 0;
let nonceCount = 0;
/** What the next render answers; each test sets what it needs. */
let answer: { status: number; headers: Record<string, string>; onlyCatalogue: boolean } = {
  status: 200,
  headers: {},
  onlyCatalogue: true,
};
let server: Server;
let base = "";

const PUBLIC_PAGE = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=60", Vary: "Cookie" };

beforeAll(async () => {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${String(++nonceCount).padStart(4, "0")}`;
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    res.locals.onlyCatalogue = true;
    next();
  });
  const cache = createPageCache({ freshMs: 1_000, renderMayBeKept: (res) => res.locals.onlyCatalogue, now: () => clock });
  app.use(cache.middleware);
  app.get("*", (req, res) => {
    renders++;
    res.locals.onlyCatalogue = answer.onlyCatalogue;
    res.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.write(`<html><script nonce="${res.locals.cspNonce}">1</script>`);
    res.write(`<p>render ${renders} of ${req.originalUrl}</p>`);
    res.end(`<script nonce="${res.locals.cspNonce}">2</script></html>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clock += 60_000; // whatever an earlier test kept is past its second
  answer = { status: 200, headers: PUBLIC_PAGE, onlyCatalogue: true };
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe("the page cache", () => {
  it("serves the next anonymous visitor the page kept, with their own nonce, for a second", async () => {
    const first = await get("/actividades/1/2");
    const second = await get("/actividades/1/2");
    expect(renders).toBeGreaterThan(0);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.body.match(/render \d+/)![0]).toBe(first.body.match(/render \d+/)![0]);
    // the nonce of the page matches its own policy, never the first visitor's
    const nonce = second.headers.get("content-security-policy")!.match(/nonce-(\w+)/)![1]!;
    expect(first.body).not.toContain(nonce);
    expect(second.body.match(/nonce="(\w+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    expect(second.headers.get("cache-control")).toBe("public, max-age=60");
    expect(second.headers.get("content-type")).toBe("text/html; charset=utf-8");
    clock += 999;
    expect((await get("/actividades/1/2")).headers.get("x-page-cache")).toBe("hit");
    clock += 2;
    const later = await get("/actividades/1/2");
    expect(later.headers.get("x-page-cache")).toBe("miss");
    expect(later.body).not.toContain(first.body.match(/render \d+ /)![0]);
  });

  it("keeps each address apart, its query included", async () => {
    const renderOf = (body: string) => body.match(/render \d+ of \S+</)![0];
    const a = await get("/actividades/1/2?pagina=2");
    const b = await get("/actividades/1/2?pagina=3");
    expect(b.headers.get("x-page-cache")).toBe("miss");
    expect(renderOf(b.body)).toContain("pagina=3");
    const c = await get("/actividades/1/2?pagina=2");
    expect(c.headers.get("x-page-cache")).toBe("hit");
    expect(renderOf(c.body)).toBe(renderOf(a.body));
  });

  it("renders for every visitor with a cookie, and for a reload", async () => {
    const before = renders;
    await get("/pais/1", { Cookie: "carrito=abc" });
    await get("/pais/1", { Cookie: "carrito=abc" });
    expect(renders - before).toBe(2);
    await get("/pais/1");
    const reload = await get("/pais/1", { "Cache-Control": "max-age=0" });
    expect(reload.headers.get("x-page-cache")).toBeNull();
    const hardReload = await get("/pais/1", { "Cache-Control": "no-cache", Pragma: "no-cache" });
    expect(hardReload.headers.get("x-page-cache")).toBeNull();
    expect(renders - before).toBe(5);
  });

  it.each([
    ["a page that is private", { ...PUBLIC_PAGE, "Cache-Control": "private, no-store" }, 200, true],
    ["a page without its data (no-store)", { ...PUBLIC_PAGE, "Cache-Control": "no-store" }, 200, true],
    ["a page with no Cache-Control", { "Content-Type": "text/html" }, 200, true],
    ["a page that sets a cookie", { ...PUBLIC_PAGE, "Set-Cookie": "toast=; Max-Age=0" }, 200, true],
    ["a page not found", PUBLIC_PAGE, 404, true],
    ["what is not a page", { ...PUBLIC_PAGE, "Content-Type": "application/json" }, 200, true],
    ["a page that read more than the catalogue", PUBLIC_PAGE, 200, false],
  ])("never keeps %s", async (_what, headers, status, onlyCatalogue) => {
    answer = { status, headers, onlyCatalogue };
    const path = `/p/${Math.random()}`;
    await get(path);
    const again = await get(path);
    expect(again.headers.get("x-page-cache")).toBe("miss");
  });

  it("never keeps nor serves a POST", async () => {
    await get("/contactar");
    const res = await fetch(`${base}/contactar`, { method: "POST" });
    expect(res.headers.get("x-page-cache")).toBeNull();
  });
});
