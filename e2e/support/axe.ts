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
 * images load from the storefront as usual. axe scans that copy. While the document stays the same (the same page
 * scanned at another width), the copy is kept and only resized: without scripts the document cannot change with the
 * width, only the styles that apply to it do. The suite's `page` fixture closes it when the test ends.
 *
 * axe runs in "legacy" mode: `axe.run` in the page itself rather than `runPartial` per frame and `finishRun` in a
 * new blank page per scan, which only matters for cross-origin frames, which our pages do not have (a free tour's
 * video is the provider's). Same rules, same results on our pages (compared rule by rule on the home, the cart,
 * /legal, Mi reserva and an order list when this was chosen), in about 60 % of the time.
 */

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function expectAccessible(page: Page, what: string): Promise<void> {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const scanned = jsOff ? await copyWithoutScripts(page) : page;
  const results = await new AxeBuilder({ page: scanned }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const found = results.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => {
      const nodes = v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
      return `${v.impact} ${v.id} (${v.help}) ×${v.nodes.length}: ${nodes.join(" | ")}`;
    });
  expect(found, `axe on ${what} (${page.url()}, ${page.viewportSize()?.width ?? "?"} px, JavaScript ${jsOff ? "off" : "on"})`).toEqual([]);
}

/** The copy of each page without scripts, with the document it was made from. */
const copies = new WeakMap<Page, { document: string; copy: Page }>();

async function copyWithoutScripts(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<\/?noscript>/gi, "");
  const url = page.url().split("#")[0]!;
  const viewport = page.viewportSize();
  const kept = copies.get(page);
  if (kept && kept.document === `${url}\n${html}` && !kept.copy.isClosed()) {
    if (viewport) await kept.copy.setViewportSize(viewport);
    return kept.copy;
  }
  await closeCopyOf(page);
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport, locale: "es-CO" });
  const copy = await context.newPage();
  await copy.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }), { times: 1 });
  await copy.goto(url);
  copies.set(page, { document: `${url}\n${html}`, copy });
  return copy;
}

/** Closes the copy of the page made for a scan without scripts, if there is one. */
export async function closeCopyOf(page: Page): Promise<void> {
  const kept = copies.get(page);
  copies.delete(page);
  if (kept) await kept.copy.context().close();
}
