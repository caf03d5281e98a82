import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { CALLS } from "@tours/contract";

/**
 * Conditional GETs on the public reads of the call table (GET, no auth; health aside): each 200 answer carries an
 * ETag (a hash of its body) and `Cache-Control: public, no-cache` (keep it, but ask before using it again), and a
 * request whose If-None-Match holds that ETag gets 304 with no body. The answer is still computed: what is saved
 * is sending and parsing it again (the storefront revalidates its cached reads this way). No answer may be served
 * stale by a browser or a proxy, so the panel sees its own edits at once.
 */
export const PUBLIC_READS: ReadonlySet<string> = new Set(
  Object.entries(CALLS)
    .filter(([name, call]) => call.method === "GET" && !call.auth && name !== "health")
    .map(([, call]) => call.path),
);

/** A route's shape without its parameters' names: the API may name a parameter unlike the call table does. */
const routeShape = (url: string) => url.replace(/:[^/]+/g, ":");

export const PUBLIC_READ_CACHE_CONTROL = "public, no-cache";

export function etagOf(body: string | Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** If-None-Match as RFC 9110 compares it for GET: weak comparison, a list of tags, or `*`. */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export function registerConditionalGets(app: FastifyInstance, routes: ReadonlySet<string> = PUBLIC_READS): void {
  const shapes = new Set([...routes].map(routeShape));
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD") return payload;
    if (reply.statusCode !== 200 || !shapes.has(routeShape(request.routeOptions.url ?? ""))) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const etag = etagOf(payload);
    reply.header("ETag", etag);
    reply.header("Cache-Control", PUBLIC_READ_CACHE_CONTROL);
    if (ifNoneMatchHolds(request.headers["if-none-match"], etag)) {
      reply.code(304);
      reply.removeHeader("Content-Length");
      return "";
    }
    return payload;
  });
}
