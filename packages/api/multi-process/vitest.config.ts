import { defineConfig } from "vitest/config";

// The multi-process run (needs PostgreSQL and the storefront build): not part of the default `vitest run`.
/** @public — the multi-process run: `vitest run -c packages/api/multi-process/vitest.config.ts`. */
export default defineConfig({
  test: {
    name: "multi-process",
    root: new URL(".", import.meta.url).pathname,
    include: ["*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 100_000,
    pool: "forks",
  },
});
