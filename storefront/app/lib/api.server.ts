import { createApiClient } from "@tours/contract";
import { CATALOGUE_FRESH_MS } from "../../catalogue-freshness.mjs";
import { createSwrFetch } from "./http-cache.server";

/** The API as this server reaches it (API_URL), e.g. http://127.0.0.1:4000. */
export function apiBaseUrl(): string {
  return process.env.API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? "4000"}`;
}

/** The API as a browser reaches it (PUBLIC_API_URL): image URLs are built on it. */
export function publicApiBase(): string {
  return process.env.PUBLIC_API_URL ?? `http://localhost:${process.env.API_PORT ?? "4000"}`;
}

type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The catalogue reads: countries, cities, tours, their photos and the free tours. Not the banner, comments,
 * schedules nor the availability of departures, which a visitor or the staff expect to see change at once.
 */
const CATALOGUE_READ =
  /^\/api\/(pais\/(index|resumen|find\/)|ciudades\/(index|find\/|findciudad\/)|tour\/(index$|index\/ciudad\/|index\/fotos\/|find\/)|freetours\/)/;

/** The home's counters: an aggregate over the whole catalogue, served from the copy while it is refreshed. */
const COUNTERS = "/api/pais/resumen";

// the search too, except "con lugares el …", which changes with every booking
const isCatalogueRead = (url: URL) =>
  CATALOGUE_READ.test(url.pathname) || (url.pathname === "/api/busqueda" && !url.searchParams.has("fecha"));

/**
 * The catalogue reads go through a per-URL stale-while-revalidate cache revalidated with the API's ETags
 * (http-cache.server.ts): fresh for a second, then revalidated (a 304 when nothing changed), the stored copy
 * served meanwhile if the API takes more than 150 ms — and at once for the home's counters, whose cost grows
 * with the catalogue. Everything else always reaches the API.
 */
const catalogueFetch = createSwrFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  freshMs: CATALOGUE_FRESH_MS,
  graceMs: (url) => (url.pathname === COUNTERS ? 0 : 150),
  maxStaleMs: 5 * 60_000,
  cacheable: isCatalogueRead,
});

/**
 * Every call of the client: a call the catalogue cache does not keep marks the request being served, so that
 * server.mjs does not keep its page either (page-cache.mjs).
 */
const clientFetch: typeof fetch = (input, init) => {
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  if (method !== "GET" || !isCatalogueRead(url)) {
    const store = currentContext();
    if (store) store.onlyCatalogueReads = false;
  }
  return catalogueFetch(input, init);
};

let client: ApiClient | undefined;
let clientBase: string | undefined;

interface RequestContext {
  clientIp?: string;
  userAgent?: string;
  onlyCatalogueReads?: boolean;
}

/** What server.mjs keeps for the request being served (none under `remix vite:dev`). */
function currentContext(): RequestContext | undefined {
  const context = (globalThis as Record<symbol, unknown>)[Symbol.for("tours.request-context")] as
    | { getStore(): RequestContext | undefined }
    | undefined;
  return context?.getStore();
}

/** The request's client: its address and browser. */
function currentClient(): RequestContext {
  return currentContext() ?? {};
}

/**
 * The typed client of the upstream API for public (anonymous) calls. Each call carries the visitor's address, so
 * the API's per-client limits (failed logins, forms, orders) count visitors, not this server, and their browser, so
 * a staff login is recorded with the person's own (the API believes both only from this server: TRUST_PROXY).
 */
export function api(): ApiClient {
  const base = apiBaseUrl();
  if (!client || clientBase !== base) {
    client = createApiClient({
      baseUrl: base,
      fetch: clientFetch,
      headers: () => {
        const { clientIp, userAgent } = currentClient();
        return { "X-Forwarded-For": clientIp, "X-Forwarded-User-Agent": userAgent?.replace(/[^\x20-\x7e]/g, "").slice(0, 500) };
      },
    });
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
