import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "api",
    root: new URL(".", import.meta.url).pathname,
    include: ["test/**/*.test.ts"],
    environment: "node",
    // each file builds a real app on a fresh database (PGlite in memory or a new PostgreSQL database)
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
