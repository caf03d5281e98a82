import { expect, type Page } from "@playwright/test";

/** The panel's toasts (react-admin notifications), exactly as shown: no trimming, the spec's trailing spaces count. */
export const toastTexts = (page: Page) => page.locator('[data-testid="toast"] .MuiAlert-message').allTextContents();

/** Waits for a toast with exactly this text, or one that matches the pattern. */
export async function expectToast(page: Page, message: string | RegExp) {
  if (typeof message === "string") {
    await expect.poll(() => toastTexts(page), { message: `toast ${JSON.stringify(message)}` }).toContain(message);
  } else {
    await expect.poll(async () => (await toastTexts(page)).some((t) => message.test(t)), { message: `toast ${String(message)}` }).toBe(true);
  }
}
