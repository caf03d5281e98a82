import { API_URL, STORE_URL } from "./env";

/**
 * Playwright's webServer waits for the API (the slow part: migrations and the demo seed); this also waits
 * for the storefront, which is a separate process of the same `npm start`.
 */
/** @public — Playwright loads it as globalSetup (playwright.config.ts). */
export default async function globalSetup(): Promise<void> {
  const deadline = Date.now() + 120_000;
  const targets = [`${API_URL}/api/health`, `${STORE_URL}/legal`];
  for (const url of targets) {
    for (;;) {
      try {
        const response = await fetch(url);
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`e2e: ${url} did not answer within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
