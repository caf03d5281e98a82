import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * Unit tests of the storefront's pure modules (filters, search, sanitiser, calendar URL state, money).
 * The `~/…` aliases come from tsconfig.json through vite-tsconfig-paths, as in vite.config.ts; the Remix plugin
 * is deliberately not loaded: these tests import plain modules, not routes.
 */
export default defineConfig({
  plugins: [tsconfigPaths({ root })],
  test: {
    name: "storefront",
    root,
    include: ["app/**/*.test.ts"],
    environment: "node",
  },
});
