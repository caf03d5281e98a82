import { expect, type Page } from "@playwright/test";

/** The panel's list screens and forms (react-admin). */

/** Types in a list's search box and waits until the list reflects it (the box is debounced into the URL). */
export async function search(page: Page, placeholder: string, text: string) {
  const box = page.getByPlaceholder(placeholder);
  // a list that has just mounted can reset its filter form after the box was typed in: type again until the URL has it
  await expect(async () => {
    await box.fill(text);
    await expect(page).toHaveURL((url) => (JSON.parse(url.searchParams.get("filter") ?? "{}") as { q?: string }).q === text, {
      timeout: 3_000,
    });
  }).toPass({ timeout: 20_000 });
}

/** The table's column titles, in this order (a header's accessible name is its sort tooltip, not its title). */
export async function expectColumns(page: Page, titles: string[]) {
  await expect(page.locator("table thead th")).toContainText(titles);
}

/** Picks `option` in the select labelled `label`. */
export async function selectOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}
