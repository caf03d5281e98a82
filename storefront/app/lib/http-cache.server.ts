/**
 * A per-URL stale-while-revalidate cache in front of the API's catalogue reads, used as the typed client's fetch.
 * A stored answer is served as is for `freshMs`; after that one request revalidates it with its ETag
 * (`If-None-Match`: a 304 keeps it, a 200 replaces it, anything else drops it). The visitor whose request started
 * it waits at most `graceMs` for that revalidation and is otherwise served the stored copy; requests arriving
 * while it is under way get the copy at once. So a slow or failing API never slows a page that has an answer
 * (until `maxStaleMs`), and a change is seen by the first request after the copy's freshness ends when the API
 * answers quickly. Concurrent misses of one URL share one API call.
 * Only GETs the caller allows are cached, only 200 answers with an ETag, never a failure. Every process keeps its
 * own copy; it decides nothing.
 */

export interface SwrFetchOptions {
  fetch: typeof fetch;
  /** How long an answer is used without asking (default 1 s). */
  freshMs?: number;
  /**
   * How long a visitor waits for a revalidation before being served the stored copy (default 150 ms); a function
   * gives each URL its own (0: never wait, the copy is served and refreshed in the background).
   */
  graceMs?: number | ((url: URL) => number);
  /** How long past that it may still be served while being revalidated (default 5 min). */
  maxStaleMs?: number;
  /** Answers kept at most; the least recently stored goes first (default 500). */
  maxEntries?: number;
  /** Whether a GET to this URL may be cached. */
  cacheable: (url: URL) => boolean;
  now?: () => number;
}

interface Entry {
  /** The answer's bytes as received: a Response made from them copies bytes rather than encoding text again. */
  body: Uint8Array<ArrayBuffer>;
  status: number;
  headers: [string, string][];
  etag: string;
  storedAt: number;
  revalidating?: Promise<Entry | Response>;
}

export interface SwrFetch {
  (input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Requests sent to the API (misses and revalidations). */
  readonly upstreamCalls: number;
}

function urlOf(input: RequestInfo | URL): URL {
  return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
}

export function createSwrFetch(options: SwrFetchOptions): SwrFetch {
  const freshMs = options.freshMs ?? 1_000;
  const graceOf = (url: URL) => (typeof options.graceMs === "function" ? options.graceMs(url) : (options.graceMs ?? 150));
  const maxStaleMs = options.maxStaleMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | Response>>();
  let upstreamCalls = 0;

  const toResponse = (entry: Entry) => new Response(entry.body, { status: entry.status, headers: entry.headers });

  function store(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
  }

  /** Asks the API (conditionally when there is a stored copy); answers the entry now stored, or the raw answer. */
  async function ask(key: string, input: RequestInfo | URL, init: RequestInit | undefined, held?: Entry): Promise<Entry | Response> {
    const headers = new Headers(init?.headers);
    if (held) headers.set("If-None-Match", held.etag);
    upstreamCalls++;
    const response = await options.fetch(input, { ...init, headers });
    if (held && response.status === 304) {
      const refreshed = { ...held, storedAt: now(), revalidating: undefined };
      store(key, refreshed);
      return refreshed;
    }
    const etag = response.headers.get("ETag");
    if (response.status !== 200 || !etag) return response;
    const entry: Entry = { body: new Uint8Array(await response.arrayBuffer()), status: 200, headers: [...response.headers], etag, storedAt: now() };
    store(key, entry);
    return entry;
  }

  const swrFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const url = urlOf(input);
    if (method !== "GET" || !options.cacheable(url)) return options.fetch(input, init);
    const key = url.href;
    const held = entries.get(key);
    const age = held ? now() - held.storedAt : Infinity;
    if (held && age <= freshMs) return toResponse(held);
    if (held && age <= freshMs + maxStaleMs) {
      // Another request is already revalidating this copy: serve it at once rather than queue behind that call.
      if (held.revalidating) return toResponse(held);
      const revalidation = (held.revalidating = ask(key, input, init, held).then(
        (answer) => {
          if (answer instanceof Response) entries.delete(key); // gone or failing: ask again next time
          return answer;
        },
        (): Entry => {
          held.revalidating = undefined; // the API could not be reached: keep serving the copy
          return held;
        },
      ));
      const graceMs = graceOf(url);
      if (graceMs <= 0) return toResponse(held);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<Entry>((resolve) => (timer = setTimeout(() => resolve(held), graceMs)));
      const answer = await Promise.race([revalidation, grace]).finally(() => clearTimeout(timer));
      return answer instanceof Response ? answer.clone() : toResponse(answer);
    }
    let pending = inflight.get(key);
    if (!pending) {
      pending = ask(key, input, init, held).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    const answer = await pending;
    return answer instanceof Response ? answer.clone() : toResponse(answer);
  }) as SwrFetch;

  Object.defineProperty(swrFetch, "upstreamCalls", { get: () => upstreamCalls });
  return swrFetch;
}
