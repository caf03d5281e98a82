import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type Rollup } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

/** The browser entry and the root route: every page loads both. With them, the 404 route (routes/$.tsx: a meta
 * and the root's ErrorPage), which Rollup would otherwise merge into a chunk of some other pages, as it is tiny. */
const SHELL_ENTRY = /(\/app\/root\.tsx|\/entry\.client\.tsx|\/app\/routes\/\$\.tsx)(\?|$)/;

/** Per build: the modules the browser entry and root.tsx import, statically and transitively. */
const shellOf = new WeakMap<Rollup.GetModuleInfo, Set<string>>();
function shellModules(ids: Iterable<string>, info: Rollup.GetModuleInfo): Set<string> {
  const found = new Set<string>();
  const stack = [...ids].filter((id) => info(id)?.isEntry && SHELL_ENTRY.test(id));
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(info(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Modules the browser loads only when a page needs them, each as a chunk of its own whose URL a virtual module
 * exports, loaded with import(url): a plain import("…") would do the same, but Vite wraps every import of a literal
 * path in its preload helper, ~0.5 kB gzip added to every page's first load (docs/benchmarks.md). On the server the
 * URL is empty: the server imports the module itself.
 */
const LAZY_CHUNKS: Record<string, { file: string; name: string }> = {
  // the field-vitals reporter, for a sampled page view (root.tsx)
  "virtual:field-vitals": { file: "./app/lib/field-vitals.client.ts", name: "field-vitals" },
  // the waiting list's form, for a month with sold-out departures (components/booking/WaitlistSlot.tsx)
  "virtual:waitlist-form": { file: "./app/components/booking/WaitlistForm.tsx", name: "waitlist-form" },
};

function lazyChunks(): Plugin {
  let dev = false;
  return {
    name: "lazy-chunks",
    configResolved(config) {
      dev = config.command === "serve";
    },
    resolveId: (source) => (source in LAZY_CHUNKS ? `\0${source}` : undefined),
    load(id, options) {
      const chunk = id.startsWith("\0") ? LAZY_CHUNKS[id.slice(1)] : undefined;
      if (!chunk) return undefined;
      if (options?.ssr) return "export default '';";
      const file = fileURLToPath(new URL(chunk.file, import.meta.url));
      if (dev) return `export default ${JSON.stringify(`/@fs${file}`)};`;
      const ref = this.emitFile({ type: "chunk", id: file, name: chunk.name });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

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
    lazyChunks(),
  ],
  build: {
    rollupOptions: {
      output: {
        // Chunks under 500 bytes (a shared constant, a small component) are merged into a chunk loaded with them where
        // Rollup can do so without changing what runs: each file a page loads costs its own gzip frame and import line,
        // and the first-load JavaScript goal (docs/benchmarks.md) counts them.
        experimentalMinChunkSize: 500,
        // What every page runs anyway — React, Remix, root.tsx and what it imports (header, footer, toasts, error
        // page) — is one "shell" chunk rather than eight: Rollup cannot know that a route never loads without the
        // root, so it split them by which routes import them. No page loads code it did not load before; each loads
        // fewer files (smaller gzip). The browser entry stays its own tiny file (Remix names it in the manifest).
        // Keep shared workspace code that only some pages need out of the root's imports (import @tours/domain's
        // narrow entries there), or this chunk pulls the whole barrel in.
        manualChunks(id, { getModuleIds, getModuleInfo }) {
          let shell = shellOf.get(getModuleInfo);
          if (!shell) shellOf.set(getModuleInfo, (shell = shellModules(getModuleIds(), getModuleInfo)));
          return shell.has(id) && !/\/entry\.client\.tsx(\?|$)/.test(id) ? "shell" : undefined;
        },
      },
    },
  },
  // The workspace packages export TypeScript sources: bundle them instead of asking Node to load .ts files.
  // zod is bundled too: the contract needs zod 4 (packages/contract/node_modules) while the copy hoisted next to
  // the server build is zod 3 (remix-toast's); bundling resolves it from the contract's own folder.
  ssr: { noExternal: [/^@tours\//, "zod"] },
});
