import { expect, test, type Locator, type Page } from "../support/test";
import { paises } from "../support/api";
import { API_URL } from "../support/env";
import { bannerAlreadyClosed } from "../support/storefront";

/*
 * Responsive images (issue 4): stored uploads come with a srcset of their 480 / 960 px variants, so a phone
 * downloads the small copy; the browser picks by the slot width (`sizes`) times the device pixel ratio.
 * Also: no image request of the pages fails.
 */

const PHONE = { width: 390, height: 844 };

/** The image requests of the page while the test runs: the URLs fetched, and those that failed (404 above all). */
function imageTraffic(page: Page): { fetched: string[]; failed: string[] } {
  const fetched: string[] = [];
  const failed: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "image") return;
    fetched.push(res.url());
    if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
  });
  page.on("requestfailed", (req) => {
    if (req.resourceType() === "image") failed.push(`failed ${req.url()} ${req.failure()?.errorText ?? ""}`);
  });
  return { fetched, failed };
}

/**
 * Scrolls the image into view (lazy ones load then) and waits until it has decoded; returns the candidate the
 * browser chose (naturalWidth is not the file's width with a srcset: it is scaled by the candidate's density).
 */
async function loaded(img: Locator): Promise<{ currentSrc: string; srcset: string }> {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({ currentSrc: el.currentSrc, srcset: el.getAttribute("srcset") ?? "" }));
}

test.describe("on a phone (390 px, 1× pixels)", () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 1 });

  test("the home's country cards download the 480 px variant and no image 404s", async ({ page }) => {
    const { fetched, failed } = imageTraffic(page);
    await bannerAlreadyClosed(page);
    const countries = await paises();
    await page.goto("/");
    const cards = page.getByTestId("country-card");
    await expect(cards).toHaveCount(countries.length);
    for (let i = 0; i < countries.length; i++) {
      const img = cards.nth(i).locator("img");
      await expect(img).toHaveAttribute("sizes", /100vw/);
      const shown = await loaded(img);
      const stem = `${API_URL}/${countries[i]!.imagen!.replace(/\.webp$/, "")}`;
      expect(shown.srcset).toBe(`${stem}-480w.webp 480w, ${stem}-960w.webp 960w, ${stem}.webp 1600w`);
      expect(shown.currentSrc).toBe(`${stem}-480w.webp`);
      // the small copy went over the network, the full-size WebP never did
      expect(fetched).toContain(`${stem}-480w.webp`);
      expect(fetched).not.toContain(`${stem}.webp`);
    }
    // the first cards are above the fold, the rest wait until scrolled to
    await expect(cards.first().locator("img")).toHaveAttribute("loading", "eager");
    await expect(cards.last().locator("img")).toHaveAttribute("loading", "lazy");
    // the first slide of the hero is fetched first
    await expect(page.getByTestId("slide").first().locator("img")).toHaveAttribute("fetchpriority", "high");
    expect(failed).toEqual([]);
  });

  test("a country page: the hero and the city cards use the variants, nothing 404s", async ({ page }) => {
    const { failed } = imageTraffic(page);
    const [country] = await paises();
    await page.goto(`/pais/${country!.id}`);
    const hero = page.locator(".page-hero img");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("loading", "eager");
    const heroShown = await loaded(hero);
    // a full-width hero on a 390 px screen: the 480 px copy
    expect(heroShown.currentSrc).toMatch(/^http.*\/uploads\/paises\/[0-9a-f-]+-480w\.webp$/);
    const cards = page.locator(".card img");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const shown = await loaded(cards.nth(i));
      expect(shown.currentSrc).toMatch(/-480w\.webp$/);
    }
    expect(failed).toEqual([]);
  });
});

test.describe("on a 2× phone", () => {
  test.use({ viewport: PHONE, deviceScaleFactor: 2 });

  test("the country cards take the 960 px variant", async ({ page }) => {
    const { failed } = imageTraffic(page);
    await bannerAlreadyClosed(page);
    await page.goto("/");
    const shown = await loaded(page.getByTestId("country-card").first().locator("img"));
    expect(shown.currentSrc).toMatch(/\/uploads\/paises\/[0-9a-f-]+-960w\.webp$/);
    expect(failed).toEqual([]);
  });
});
