import { createApiClient } from "@tours/contract";

/** The API as this server reaches it (API_URL), e.g. http://127.0.0.1:4000. */
export function apiBaseUrl(): string {
  return process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? "4000"}`;
}

/** The API as a browser reaches it (PUBLIC_API_URL): image URLs are built on it. */
export function publicApiBase(): string {
  return process.env.PUBLIC_API_URL ?? `http://localhost:${process.env.API_PORT ?? "4000"}`;
}

type ApiClient = ReturnType<typeof createApiClient>;
let client: ApiClient | undefined;
let clientBase: string | undefined;

/** What server.mjs keeps for the request being served: its client's address. */
function currentClientIp(): string | undefined {
  const context = (globalThis as Record<symbol, unknown>)[Symbol.for("tours.request-context")] as
    | { getStore(): { clientIp?: string } | undefined }
    | undefined;
  return context?.getStore()?.clientIp;
}

/**
 * The typed client of the upstream API for public (anonymous) calls. Each call carries the visitor's address, so
 * the API's per-client limits (failed logins, forms, orders) count visitors, not this server.
 */
export function api(): ApiClient {
  const base = apiBaseUrl();
  if (!client || clientBase !== base) {
    client = createApiClient({ baseUrl: base, headers: () => ({ "X-Forwarded-For": currentClientIp() }) });
    clientBase = base;
  }
  return client;
}

function errorStatus(error: unknown): number | undefined {
  if (typeof error === "object" && error !== null && "status" in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === "number") return status;
  }
  return undefined;
}

/** True when the API answered that the record does not exist. */
export function isNotFound(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404;
}

/**
 * Runs a public read and degrades to `fallback` when it fails: the failure is logged on the server and the
 * visitor sees an empty section (spec §8: load failures on public pages are only logged).
 */
export async function loadOr<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    // "Not found" is an answer, not a failure: nothing to log.
    if (!isNotFound(error)) logLoadFailure(what, error);
    return fallback;
  }
}

/**
 * Like loadOr, but tells "does not exist" (404 → null) apart from "could not ask" (→ "unavailable"), so a
 * detail page can answer 404 for an unknown id and still render when the API is down.
 */
export async function loadRecord<T>(what: string, read: () => Promise<T>): Promise<T | null | "unavailable"> {
  try {
    return await read();
  } catch (error) {
    if (isNotFound(error)) return null;
    logLoadFailure(what, error);
    return "unavailable";
  }
}

export function logLoadFailure(what: string, error: unknown): void {
  const status = errorStatus(error);
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[storefront] no se pudo cargar ${what}${status !== undefined ? ` (status ${status})` : ""}: ${detail}`);
}

const memo = new Map<string, { expires: number; value: Promise<unknown>; refreshing?: boolean }>();

/**
 * Shares one answer between requests for `ttlMs` (the home's counters fan out over many calls); once expired,
 * the old answer is still served while a fresh one is fetched in the background (stale-while-revalidate), so
 * no visitor waits for the fan-out. A cache only: failed reads are dropped, and every process keeps its own
 * copy, which decides nothing.
 */
export function cached<T>(key: string, ttlMs: number, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = memo.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  if (hit && !hit.refreshing) {
    hit.refreshing = true;
    const fresh = read();
    fresh.then(
      () => memo.set(key, { expires: Date.now() + ttlMs, value: fresh }),
      () => memo.delete(key),
    );
    return hit.value as Promise<T>;
  }
  if (hit) return hit.value as Promise<T>;
  const value = read();
  memo.set(key, { expires: now + ttlMs, value });
  value.catch(() => {
    if (memo.get(key)?.value === value) memo.delete(key);
  });
  if (memo.size > 1000) {
    for (const [k, v] of memo) if (v.expires + 10 * ttlMs <= now) memo.delete(k);
  }
  return value;
}
