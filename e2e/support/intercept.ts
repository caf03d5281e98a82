import type { Page, Route } from "@playwright/test";
import { STORE_URL } from "./env";

/*
 * Failures and waits the real API cannot be made to produce on demand, injected on the one call concerned.
 * Routes are matched on the path ("**" + path): the browser reaches the API at PUBLIC_API_URL, which need not
 * be the API_URL the tests use from Node.
 */

/** Holds the matching call until released, to observe what is shown while it runs. */
export async function holdCall(page: Page, url: string | RegExp, method: string) {
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

/** Answers the matching call once with a failure (status 0: the connection drops). */
export async function failOnce(page: Page, url: string | RegExp, method: string, status: number, body?: unknown) {
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

/** Answers every matching call with a failure until the returned function is called. */
export async function failAll(page: Page, url: string | RegExp, method: string, status: number) {
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await route.fulfill({ status, contentType: "application/json", body: "{}" });
  };
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}
