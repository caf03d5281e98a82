/**
 * Where the end-to-end harness runs the product (e2e/playwright.config.ts starts it with these settings on a
 * fresh temporary DATA_DIR). Ports differ from the defaults so a developer's own `npm start` can keep running;
 * E2E_STORE_PORT / E2E_API_PORT / E2E_SIM_PORT / E2E_MAIL_PORT / E2E_MAIL_WEB_PORT move them (two engineers running suites on one machine).
 */
export const STORE_PORT = Number(process.env.E2E_STORE_PORT ?? 3300);
export const API_PORT = Number(process.env.E2E_API_PORT ?? 4400);
export const SIM_PORT = Number(process.env.E2E_SIM_PORT ?? 4410);
/** The local mail server the product runs without SMTP_URL: SMTP, and the web inbox with its JSON (E2E_MAIL_*). */
export const MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 4425);
export const MAIL_WEB_PORT = Number(process.env.E2E_MAIL_WEB_PORT ?? 4420);

export const STORE_URL = `http://localhost:${STORE_PORT}`;
/** The API as both the browser and the tests reach it (also the storefront's PUBLIC_API_URL). */
export const API_URL = `http://localhost:${API_PORT}`;
/** The PayPal simulator listens on 127.0.0.1 only. */
export const SIM_URL = `http://127.0.0.1:${SIM_PORT}`;
/** The local inbox: GET `${MAIL_URL}/api/messages?to=<address>` lists the e-mails received, newest first. */
export const MAIL_URL = `http://127.0.0.1:${MAIL_WEB_PORT}`;

export const ADMIN = { email: "admin@e2e.test", password: "E2e-Password-2026" } as const;

/** Chromium from Debian (Playwright cannot download its own build here). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
];
