import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  server: { port: Number(process.env.PORT ?? 3000) },
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
  ],
  // Chunks under 500 bytes (a shared constant, a small component) are merged into a chunk loaded with them where
  // Rollup can do so without changing what runs: each file a page loads costs its own gzip frame and import line,
  // and the first-load JavaScript goal (docs/benchmarks.md) counts them.
  build: { rollupOptions: { output: { experimentalMinChunkSize: 500 } } },
  // The workspace packages export TypeScript sources: bundle them instead of asking Node to load .ts files.
  // zod is bundled too: the contract needs zod 4 (packages/contract/node_modules) while the copy hoisted next to
  // the server build is zod 3 (remix-toast's); bundling resolves it from the contract's own folder.
  ssr: { noExternal: [/^@tours\//, "zod"] },
});
