import { describe, expect, it } from "vitest";
import { createSwrFetch } from "./http-cache.server";

/** A fake API: answers with an ETag of the current body; 304 when If-None-Match holds it. Counts calls. */
function fakeApi() {
  const state = { body: '{"v":1}', status: 200, calls: [] as Array<{ url: string; ifNoneMatch: string | null }>, delayMs: 0, down: false };
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    state.calls.push({ url: String(input), ifNoneMatch: headers.get("If-None-Match") });
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (state.down) throw new TypeError("fetch failed");
    const etag = `"${state.body.length}-${state.body}"`;
    if (state.status !== 200) return new Response("{}", { status: state.status });
    if (headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers: { ETag: etag } });
    return new Response(state.body, { status: 200, headers: { ETag: etag, "Content-Type": "application/json" } });
  }) as typeof fetch;
  return { state, fetchFn };
}

function setup(options: { freshMs?: number; graceMs?: number; maxStaleMs?: number } = {}) {
  const api = fakeApi();
  let clock = 0;
  const swr = createSwrFetch({
    fetch: api.fetchFn,
    freshMs: options.freshMs ?? 1_000,
    graceMs: options.graceMs ?? 50,
    maxStaleMs: options.maxStaleMs ?? 60_000,
    cacheable: (url) => url.pathname.startsWith("/api/pais/"),
    now: () => clock,
  });
  return { api, swr, advance: (ms: number) => (clock += ms) };
}

const URL_A = "http://api.test/api/pais/index";

describe("the storefront's per-URL stale-while-revalidate cache", () => {
  it("serves a fresh copy without asking, then revalidates with the ETag (304 keeps the copy)", async () => {
    const { api, swr, advance } = setup();
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    expect(api.state.calls).toHaveLength(1);
    advance(1_500);
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    expect(api.state.calls).toHaveLength(2);
    expect(api.state.calls[1]!.ifNoneMatch).toBe('"7-{"v":1}"');
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    expect(api.state.calls).toHaveLength(2);
    expect(swr.upstreamCalls).toBe(2);
  });

  it("replaces the copy when the revalidation brings a new answer", async () => {
    const { api, swr, advance } = setup();
    await swr(URL_A);
    api.state.body = '{"v":2}';
    advance(1_500);
    expect(await (await swr(URL_A)).text()).toBe('{"v":2}');
  });

  it("serves the stored copy when the API is slower than the grace time, and the new one afterwards", async () => {
    const { api, swr, advance } = setup({ graceMs: 20 });
    await swr(URL_A);
    api.state.body = '{"v":3}';
    api.state.delayMs = 100;
    advance(1_500);
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    await new Promise((r) => setTimeout(r, 150));
    api.state.delayMs = 0;
    expect(await (await swr(URL_A)).text()).toBe('{"v":3}');
    expect(api.state.calls).toHaveLength(2);
  });

  it("serves the copy at once to the requests that arrive while a revalidation is under way", async () => {
    const { api, swr, advance } = setup({ graceMs: 1_000 });
    await swr(URL_A);
    api.state.body = '{"v":4}';
    api.state.delayMs = 50;
    advance(1_500);
    const first = swr(URL_A);
    const started = Date.now();
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    expect(Date.now() - started).toBeLessThan(40);
    expect(await (await first).text()).toBe('{"v":4}');
    expect(api.state.calls).toHaveLength(2);
  });

  it("never waits for a URL whose grace is 0: the copy is served and refreshed in the background", async () => {
    const api = fakeApi();
    let clock = 0;
    const swr = createSwrFetch({
      fetch: api.fetchFn,
      freshMs: 1_000,
      graceMs: (url) => (url.pathname.endsWith("/resumen") ? 0 : 1_000),
      cacheable: () => true,
      now: () => clock,
    });
    const counters = "http://api.test/api/pais/resumen";
    await swr(counters);
    api.state.body = '{"v":5}';
    clock += 1_500;
    expect(await (await swr(counters)).text()).toBe('{"v":1}');
    await new Promise((r) => setTimeout(r, 10));
    expect(await (await swr(counters)).text()).toBe('{"v":5}');
    expect(api.state.calls).toHaveLength(2);
  });

  it("keeps serving the copy while the API is down, and waits for it once the copy is too old", async () => {
    const { api, swr, advance } = setup({ maxStaleMs: 10_000 });
    await swr(URL_A);
    api.state.down = true;
    advance(2_000);
    expect(await (await swr(URL_A)).text()).toBe('{"v":1}');
    advance(20_000);
    await expect(swr(URL_A)).rejects.toThrow("fetch failed");
  });

  it("shares one API call between concurrent misses, and never stores failures or other calls", async () => {
    const { api, swr } = setup();
    api.state.delayMs = 10;
    const answers = await Promise.all([swr(URL_A), swr(URL_A), swr(URL_A)]);
    expect(await Promise.all(answers.map((r) => r.text()))).toEqual(['{"v":1}', '{"v":1}', '{"v":1}']);
    expect(api.state.calls).toHaveLength(1);

    api.state.status = 404;
    const missing = "http://api.test/api/pais/find/9";
    expect((await swr(missing)).status).toBe(404);
    expect((await swr(missing)).status).toBe(404);
    expect(api.state.calls).toHaveLength(3);

    api.state.status = 200;
    await swr("http://api.test/api/banner");
    await swr("http://api.test/api/banner");
    await swr(URL_A, { method: "POST", body: "{}" });
    expect(api.state.calls).toHaveLength(6);
  });
});
