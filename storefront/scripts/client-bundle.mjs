// What the browser downloads from the storefront's client build (storefront/build/client): the JavaScript a route
// loads first (entry, root and route modules with their imports), gzip-sized, and the
// chunks that carry zod. Read by the build check (check-client-bundle.mjs), its test and the benchmark.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL("../build/client", import.meta.url));

/** Strings zod 4 leaves in any bundle it is part of, minified or not (its class names are runtime strings). */
const ZOD_MARKERS = ["$ZodType", "ZodError", "_zod"];

/** True when a chunk's source holds zod (two markers at least, so a stray word is not enough). */
export function containsZod(source) {
  return ZOD_MARKERS.filter((marker) => source.includes(marker)).length >= 2;
}

/** The Remix browser manifest of a client build (`assets/manifest-<hash>.js`) and its file name. */
export function readManifest(clientDir = DEFAULT_CLIENT_DIR) {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no Remix manifest in ${assets}: run npm run build first`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { file: `/assets/${file}`, manifest: JSON.parse(json) };
}

/** Every client JavaScript chunk holding zod (paths relative to the client dir). */
export function zodChunks(clientDir = DEFAULT_CLIENT_DIR) {
  const assets = path.join(clientDir, "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js") && containsZod(readFileSync(path.join(assets, name), "utf8")))
    .map((name) => `assets/${name}`);
}

/**
 * The JavaScript files a first visit to `routeId` loads, in order, without duplicates: what the page's
 * modulepreload links name. With v3_lazyRouteDiscovery the page inlines the part of the route manifest it needs,
 * so the manifest file itself is not loaded (`withManifestFile` counts it anyway, for builds without it).
 */
export function firstLoadFiles(routeId, clientDir = DEFAULT_CLIENT_DIR, { withManifestFile = false } = {}) {
  const { file, manifest } = readManifest(clientDir);
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`unknown route ${routeId}`);
  const chain = [];
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
  const files = [manifest.entry.module, ...manifest.entry.imports, ...(withManifestFile ? [file] : [])];
  for (const r of chain) files.push(r.module, ...(r.imports ?? []));
  return [...new Set(files)];
}

/** Raw and gzip (level 9) bytes of the first-load JavaScript of a route. */
export function firstLoadSize(routeId, clientDir = DEFAULT_CLIENT_DIR) {
  const files = firstLoadFiles(routeId, clientDir);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const data = readFileSync(path.join(clientDir, f));
    raw += data.length;
    gzip += gzipSync(data, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

/** The storefront routes the issue measures, by name. */
export const MEASURED_ROUTES = {
  home: "routes/_index",
  country: "routes/pais.$id",
  city: "routes/actividades.$pais.$ciudad",
  tour: "routes/actividades.detalle.local.$id",
  activity: "routes/activity.$id",
  shop: "routes/shop",
};
