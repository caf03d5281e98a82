import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/*
 * The accessibility scan of the suite (issue 23, docs/decisions/0017-accessibility-checks.md): axe-core's WCAG 2.2
 * AA rules on the page as it is now, failing on any violation of impact "critical" or "serious". Specs call
 * `expectAccessible(page, "what is on screen")` after each state worth scanning (a page, an open dialog, a form).
 *
 * With JavaScript off (the "nojs" project) axe cannot run in the page. The page's document as the browser built it
 * without scripts is copied into a page of a context with JavaScript, at the same address and size, with its
 * scripts removed and its <noscript> content unwrapped (what a browser without JavaScript shows); its styles and
 * images load from the storefront as usual. axe scans that copy.
 */

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function expectAccessible(page: Page, what: string): Promise<void> {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const scanned = jsOff ? await copyWithoutScripts(page) : page;
  try {
    const results = await new AxeBuilder({ page: scanned }).withTags(WCAG_TAGS).analyze();
    const found = results.violations
      .filter((v) => v.impact === "critical" || v.impact === "serious")
      .map((v) => {
        const nodes = v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
        return `${v.impact} ${v.id} (${v.help}) ×${v.nodes.length}: ${nodes.join(" | ")}`;
      });
    expect(found, `axe on ${what} (${page.url()}, ${page.viewportSize()?.width ?? "?"} px, JavaScript ${jsOff ? "off" : "on"})`).toEqual([]);
  } finally {
    if (scanned !== page) await scanned.context().close();
  }
}

async function copyWithoutScripts(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  const url = page.url().split("#")[0]!;
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize(), locale: "es-CO" });
  const copy = await context.newPage();
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }), { times: 1 });
  await copy.goto(url);
  return copy;
}
