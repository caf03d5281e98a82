import { defineConfig } from "vitest/config";

// The multi-process run (needs PostgreSQL and the storefront build): not part of the default `vitest run`.
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
