import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

// Served by the storefront under /panel (docs/decisions/0005-panel.md); `vite` alone serves it on 3601 for work.
export default defineConfig({
  base: "/panel/",
  plugins: [react()],
  resolve: {
    // The lockfile nests an older @tiptap/core/pm under ra-input-rich-text next to extensions that need the
    // newer hoisted ones; Tiptap also needs a single core/ProseMirror instance. One copy of each, from the root.
    dedupe: ["@tiptap/core", "@tiptap/pm", "react", "react-dom"],
    alias: [{ find: /^object\.entries$/, replacement: fileURLToPath(new URL("./src/lib/object-entries.ts", import.meta.url)) }],
  },
  server: { port: Number(process.env.PANEL_DEV_PORT ?? 3601), strictPort: true },
  // The manifest tells the benchmark which chunks the first screen loads (packages/api/bench/pages.ts).
  build: { outDir: "dist", emptyOutDir: true, chunkSizeWarningLimit: 2500, manifest: true },
});
