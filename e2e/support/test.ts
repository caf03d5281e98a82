import { test as base, type Browser, type BrowserContext, type ConsoleMessage, type Page, type Response } from "@playwright/test";
import { closeCopyOf } from "./axe";
import { STORE_URL } from "./env";
import { openPanel, type Rol } from "./staff";

export { expect } from "@playwright/test";
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from "@playwright/test";

/*
 * The suite's `test`: Playwright's own, plus a Content-Security-Policy watch on every page of every context the
 * test opens (its `page`, `context`, and any `browser.newContext()` / `browser.newPage()`). A test fails when the
 * browser reports a violation, as a console message ("Refused to … Content Security Policy …", also what
 * pages without JavaScript get) or as a `securitypolicyviolation` event. Specs import from here:
 *   import { expect, test } from "../support/test";
 * It also gives tests `signIn`: the test's page opened on the panel, signed in as staff of a role.
 */

/** Violations seen during the running test (one worker runs one test at a time). */
let violations: string[] = [];

const REPORT_PREFIX = "[csp-violation]";
const watched = new WeakSet<BrowserContext>();

function recordConsole(message: ConsoleMessage): void {
  const text = message.text();
  if (text.startsWith(REPORT_PREFIX) || /Content Security Policy/i.test(text)) violations.push(`${message.page()?.url() ?? "?"}: ${text}`);
}

async function watch(context: BrowserContext): Promise<void> {
  if (watched.has(context)) return;
  watched.add(context);
  // Init scripts are injected by the browser's debugging protocol: the page's own policy does not block them.
  await context.addInitScript((prefix: string) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`${prefix} ${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, REPORT_PREFIX);
  for (const page of context.pages()) page.on("console", recordConsole);
  context.on("page", (page) => page.on("console", recordConsole));
}

function watchNewContexts(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watch(context);
    return context;
  };
  browser.newPage = async (options) => {
    const page = await newPage(options);
    await watch(page.context());
    return page;
  };
}

/**
 * Storefront pages paint first and hydrate after (storefront/app/lib/paint-first.server.ts): `load` no longer
 * means React runs. With JavaScript on, the test's `page.goto` and `page.reload` of a storefront page return once
 * it has hydrated, as a test of its JavaScript behaviour needs; a visitor who acts before that gets the pages'
 * behaviour without JavaScript, which the nojs project tests.
 */
function returnWhenHydrated(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const hydrated = async (response: Response | null) => {
    const url = new URL(page.url());
    const html = response?.headers()["content-type"]?.includes("text/html") ?? false;
    if (html && url.origin === STORE_URL && !url.pathname.startsWith("/panel")) {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    }
    return response;
  };
  page.goto = async (url, options) => hydrated(await goto(url, options));
  page.reload = async (options) => hydrated(await reload(options));
}

interface Fixtures {
  /** Opens `path` (default /panel) on the test's `page`, signed in as staff of `rol` (default the Administrador). */
  signIn: (path?: string, rol?: Rol) => Promise<void>;
  cspWatch: void;
}

export const test = base.extend<Fixtures, { cspBrowser: void }>({
  cspBrowser: [
    async ({ browser }, use) => {
      watchNewContexts(browser);
      await use();
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context }, use) => {
    await watch(context);
    await use(context);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) returnWhenHydrated(page);
    await use(page);
    await closeCopyOf(page);
  },
  signIn: async ({ page }, use) => {
    await use((path, rol) => openPanel(page, path, rol));
  },
  cspWatch: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
    async ({}, use, testInfo) => {
      violations = [];
      await use();
      const seen = violations;
      violations = [];
      if (seen.length > 0 && testInfo.expectedStatus === "passed") {
        throw new Error(`The browser reported ${seen.length} Content-Security-Policy violation(s):\n${seen.join("\n")}`);
      }
    },
    { auto: true },
  ],
});
