import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { ADMIN, API_PORT, API_URL, CHROMIUM_ARGS, CHROMIUM_PATH, MAIL_PORT, MAIL_WEB_PORT, SIM_PORT, STORE_PORT, STORE_URL } from "./support/env";

/*
 * End-to-end harness.
 *
 * - Starts the whole product once with `node scripts/start.mjs` (API + PayPal simulator + built storefront + the
 *   local mail server, no SMTP_URL) on a fresh temporary DATA_DIR, ports 3300 / 4400 / 4410 (mail 4425 / 4420),
 *   staff user ADMIN_EMAIL/ADMIN_PASSWORD of support/env.ts. Build first: `npm run build` (the storefront is served from storefront/build).
 * - One worker: the tests share one database. They create what they need or use the demo seed.
 * - Projects:
 *     "js"   – the default, JavaScript on.
 *     "nojs" – javaScriptEnabled: false. A test runs here INSTEAD of "js" when its file is named
 *              `*.nojs.spec.ts` or when it is tagged `@nojs` (test("…", { tag: "@nojs" }, …) or on a describe).
 * - Browser: Debian's /usr/bin/chromium (CHROMIUM_PATH to override).
 *
 * Run: npm run build && npx playwright test -c e2e/playwright.config.ts [files]
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Evaluated again in every worker: keep the one directory the runner created.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "tours-e2e-"));

const NOJS = /@nojs|\.nojs\.spec\.ts/;

export default defineConfig({
  testDir: "./tests",
  // Two people running suites at once must not share (and wipe) one results folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  globalSetup: "./support/global-setup.ts",
  use: {
    baseURL: STORE_URL,
    locale: "es-CO",
    timezoneId: "America/Bogota",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "js", grepInvert: NOJS, use: { javaScriptEnabled: true } },
    { name: "nojs", grep: NOJS, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    cwd: root,
    url: `${API_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(STORE_PORT),
      API_PORT: String(API_PORT),
      PAYPAL_SIM_PORT: String(SIM_PORT),
      // no SMTP server: the product's local mail server, whose inbox the tests read (support/env.ts MAIL_URL)
      SMTP_URL: "",
      MAIL_PORT: String(MAIL_PORT),
      MAIL_WEB_PORT: String(MAIL_WEB_PORT),
      API_URL: `http://127.0.0.1:${API_PORT}`,
      PUBLIC_API_URL: API_URL,
      STOREFRONT_URL: STORE_URL,
      CORS_ORIGINS: `${STORE_URL},http://127.0.0.1:${STORE_PORT}`,
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      PAYPAL_CLIENT_ID: "",
      ALLOW_PAYPAL_SIMULATOR: "true",
      // every test is the same visitor (127.0.0.1): the per-client limits are tested in the API suite
      RATE_LIMIT_FORMS_PER_MINUTE: "100000",
      RATE_LIMIT_ORDERS_PER_MINUTE: "100000",
      RATE_LIMIT_VITALS_PER_MINUTE: "100000",
      RATE_LIMIT_GIFT_CARD_CHECKS_PER_HOUR: "100000",
      // the suite's many orders all come from this machine; hold limits are tested in the API suite (issue 28)
      HOLD_MAX_PERSONS_PER_CLIENT: "100000",
      HOLD_MAX_DEPARTURE_PERCENT: "100",
      PAYPAL_CLIENT_SECRET: "",
      FREETOUR_API_URL: "",
      // resellers' webhooks may call this machine only: nothing the suite registers reaches out (decision 0025)
      OCTO_WEBHOOK_ADDRESSES: "loopback",
    },
  },
});
