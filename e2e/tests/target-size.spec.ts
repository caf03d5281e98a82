import { expect, test, type Locator } from "../support/test";
import { createSchedule, createTestTour, soonDate } from "../support/tours";
import { tourPage } from "../support/storefront";

/*
 * Target size (WCAG 2.2 2.5.8, AA): on a 320 px wide phone every calendar day, departure time, traveller counter and
 * the cart's delete button is at least 24 × 24 CSS px.
 */

test.use({ viewport: { width: 320, height: 700 } });

const MIN = 24;

async function expectTargets(targets: Locator, what: string, atLeast = 1) {
  // after a client-side navigation the URL can change a frame before the new page is drawn: wait for the targets
  await expect.poll(() => targets.count(), { message: what }).toBeGreaterThanOrEqual(atLeast);
  await expect(targets.first()).toBeVisible();
  const boxes = await targets.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { width: r.width, height: r.height, text: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim() };
    }),
  );
  expect(boxes.length, what).toBeGreaterThanOrEqual(atLeast);
  for (const box of boxes) {
    expect(box.width, `${what} «${box.text}» width`).toBeGreaterThanOrEqual(MIN);
    expect(box.height, `${what} «${box.text}» height`).toBeGreaterThanOrEqual(MIN);
  }
}

test("a 320 px los días, horarios, contadores y «Quitar del carrito» miden al menos 24 × 24 px", async ({ page, request }) => {
  const { tourId } = await createTestTour(request, { nombre: `Objetivos ${Date.now()}`, cupo: 6 });
  await createSchedule(request, tourId, "15:30", 6);
  const fecha = soonDate(3);
  await page.goto(tourPage(tourId, fecha));
  // the page itself fits: nothing scrolls sideways at 320 px
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectTargets(page.locator(".calendar a[data-date]"), "día del calendario");
  await expectTargets(page.getByTestId("slots").getByTestId("slot"), "horario", 2);

  await page.getByTestId("slots").getByTestId("slot").first().click();
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expectTargets(page.locator(".counter__btn"), "contador", 8);
  await expectTargets(page.getByRole("button", { name: "Quitar del carrito" }), "quitar del carrito");
});
