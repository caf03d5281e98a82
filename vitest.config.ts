import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Vitest's default for a run is one worker fewer than the cores: one on a 2-core machine. A test file spends most
    // of its time waiting (on PostgreSQL, timers, HTTP, child processes), so one per core keeps both busy: on 2 cores
    // the PGlite run went from 587 to 430 s and the PostgreSQL run from 595 to 354 s (docs/decisions/0028).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: "contract", root: "packages/contract", include: ["src/**/*.test.ts"] } },
      { test: { name: "domain", root: "packages/domain", include: ["src/**/*.test.ts"] } },
      { test: { name: "loopback-guard", root: "packages/loopback-guard", include: ["src/**/*.test.ts"] } },
      { test: { name: "paypal-simulator", root: "packages/paypal-simulator", include: ["src/**/*.test.ts"] } },
      { test: { name: "local-mail", root: "packages/local-mail", include: ["src/**/*.test.ts"] } },
      "packages/api/vitest.config.ts",
      "storefront/vitest.config.ts",
    ],
  },
});
