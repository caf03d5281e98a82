import type { FastifyBaseLogger } from "fastify";
import type { FreeTourProvider } from "./types.ts";

export interface CacheOptions {
  /** How long an answer is fresh. */
  ttlMs: number;
  /** How long past its freshness an answer may still be served while a new one is fetched (default 24 h). */
  maxStaleMs?: number;
  /** Entries kept at most (oldest dropped first). */
  maxEntries?: number;
  log?: Pick<FastifyBaseLogger, "warn">;
  now?: () => number;
}

/**
 * An in-process cache in front of a provider. Fresh answers for `ttlMs`; after that the last answer is served at
 * once while a new one is fetched in the background (so a slow provider never slows a page that has an answer),
 * and it keeps being served if the provider fails. Without any usable answer the call waits for the provider.
 * Concurrent fetches of one key share one call. Only a performance aid: nothing correct depends on it, so
 * per-process memory is fine.
 */
export function withCache(provider: FreeTourProvider, options: CacheOptions): FreeTourProvider {
  const now = options.now ?? Date.now;
  const maxStaleMs = options.maxStaleMs ?? 24 * 60 * 60 * 1000;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, { value: unknown; freshUntil: number }>();
  const inflight = new Map<string, Promise<unknown>>();

  function refresh<T>(key: string, load: () => Promise<T>): Promise<T> {
    let pending = inflight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load()
        .then((value) => {
          entries.delete(key);
          entries.set(key, { value, freshUntil: now() + options.ttlMs });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          return value;
        })
        .finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  }

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = entries.get(key);
    const age = hit ? now() - hit.freshUntil : Infinity;
    if (hit && age <= 0) return structuredClone(hit.value) as T;
    if (hit && age <= maxStaleMs) {
      refresh(key, load).catch((err: unknown) => options.log?.warn({ err, key }, "free-tour provider failed; serving the cached answer"));
      return structuredClone(hit.value) as T;
    }
    try {
      return structuredClone(await refresh(key, load));
    } catch (err) {
      if (hit) {
        options.log?.warn({ err, key }, "free-tour provider failed; serving a very old cached answer");
        return structuredClone(hit.value) as T;
      }
      throw err;
    }
  }

  return {
    toursByCountry: (id, page = 1) => cached(`country:${id}:${page}`, () => provider.toursByCountry(id, page)),
    toursByCity: (id, page = 1) => cached(`city:${id}:${page}`, () => provider.toursByCity(id, page)),
    tour: (id) => cached(`tour:${id}`, () => provider.tour(id)),
    availability: (id) => cached(`availability:${id}`, () => provider.availability(id)),
    reviews: (id) => cached(`reviews:${id}`, () => provider.reviews(id)),
  };
}
