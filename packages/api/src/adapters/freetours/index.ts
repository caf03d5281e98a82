import { createDiskObjectStore, type ObjectStore } from "../storage/object-store.ts";
import type { FastifyBaseLogger } from "fastify";
import { createBundledFreeTourProvider, ensureBundledImages } from "./bundled.ts";
import { withCache } from "./cache.ts";
import { createHttpFreeTourProvider } from "./http.ts";
import type { FreeTourProvider } from "./types.ts";

export type { FreeTourProvider } from "./types.ts";
export { BUNDLED_PLACES } from "./bundled-places.ts";
export { createBundledFreeTourProvider, ensureBundledImages } from "./bundled.ts";
export { createHttpFreeTourProvider } from "./http.ts";
export { withCache } from "./cache.ts";

/** The settings this adapter reads (a subset of the app config). */
export interface FreeToursConfig {
  freeTour: { apiUrl?: string | undefined; apiKey?: string | undefined; timeoutMs: number; cacheTtlMs: number };
  publicApiUrl: string;
  uploadsDir: string;
}

/**
 * The external provider at FREETOUR_API_URL (with timeout and cache) when it is set; otherwise the bundled
 * offline catalogue, whose pictures are generated in the background into the image store (freetours/).
 */
export function createFreeTourProvider(
  config: FreeToursConfig,
  log: FastifyBaseLogger,
  /** Where the bundled catalogue's pictures go: the API's image store (the uploads folder on disk by default). */
  images: ObjectStore = createDiskObjectStore(config.uploadsDir),
): FreeTourProvider & { imagesReady?: Promise<void> } {
  const { freeTour } = config;
  if (freeTour.apiUrl) {
    const http = createHttpFreeTourProvider({
      baseUrl: freeTour.apiUrl,
      apiKey: freeTour.apiKey,
      timeoutMs: freeTour.timeoutMs,
      log,
    });
    return freeTour.cacheTtlMs > 0 ? withCache(http, { ttlMs: freeTour.cacheTtlMs, log }) : http;
  }
  const bundled = createBundledFreeTourProvider({ publicApiUrl: config.publicApiUrl });
  // in the background: the catalogue answers at once, its pictures appear a few seconds after the first start
  const imagesReady = ensureBundledImages(images)
    .then((written) => {
      if (written > 0) log.info({ written }, "bundled free-tour pictures generated");
    })
    .catch((err: unknown) => log.warn({ err }, "bundled free-tour pictures could not be generated"));
  return Object.assign(bundled, { imagesReady });
}
