import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/*
 * The interaction lab (issue 27), run by `npm run bench` (e2e workspace): the same product the end-to-end suite
 * starts, the tests under lab/, one chromium project with JavaScript on. Not part of `npm test`: it measures, on a
 * throttled phone profile, how long interactions take, and a loaded machine would make it fail for the wrong reason.
 */
export default defineConfig({
  ...base,
  testDir: "./lab",
  testMatch: /\.lab\.ts$/,
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results/lab",
  timeout: 30 * 60_000,
  reporter: "list",
  // no trace: Playwright's tracing snapshots the DOM in the page's own main thread around every action, work a
  // person's phone does not do, which lands inside the very interactions measured
  use: { ...base.use, trace: "off", screenshot: "off" },
  projects: [{ name: "lab", use: { javaScriptEnabled: true } }],
});
