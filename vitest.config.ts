import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
