import { expect, type Page } from "@playwright/test";

/** The storefront's toast messages, exactly as shown (no whitespace normalisation). */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('[data-testid="toast"] .toast__message').evaluateAll((els) => els.map((el) => el.textContent ?? ""));
}

/** Waits for a toast with exactly this text. */
export async function expectToast(page: Page, message: string) {
  await expect.poll(() => toastTexts(page), { message: `toast "${message}"` }).toContain(message);
}
