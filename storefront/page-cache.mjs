// The storefront's page cache: a catalogue page rendered for an anonymous visitor is kept for a second and served
// again to the next anonymous visitors of the same address instead of being rendered anew. A render costs ~5 ms of
// CPU (Remix's routing, the loaders' checks, React's renderer); a popular page asked for many times a second is
// then rendered once a second, whatever its traffic (docs/decisions/0026-page-cache.md).
//
// What may be kept is what HTTP already lets a shared cache keep, and no longer than the data it was made from:
// - only a GET with no Cookie and no Authorization (the cart, the toasts and the staff's session are cookies; the
//   pages say `Vary: Cookie`), and not when the request asks for a fresh answer (`Cache-Control: no-cache`,
//   `no-store` or `max-age=0`, `Pragma: no-cache`: a browser's reload);
// - only a 200 HTML answer that declares itself `public` (the catalogue's and the static pages' headers, lib/seo.ts)
//   and sets no cookie; a page rendered without its upstream data says `no-store` and is never kept;
// - only when every API read of the render was a catalogue read (api.server.ts marks the request otherwise: the
//   banner, schedules and availability, "con lugares el …", must be seen to change at once);
// - for as long as the catalogue reads themselves are used without asking the API (1 s, api.server.ts): a change
//   made in the panel reaches the pages as soon as it did before.
// The CSP nonce is the one thing a kept page must not repeat: the body is stored split around the nonce it was
// rendered with, and each answer gets its request's own nonce. Every process keeps its own copies; they decide
// nothing (a booking, a price and a place are always decided by the API).
import { isbot } from "isbot";
import { LRUCache } from "lru-cache";

/** Response headers not replayed from a kept page: they belong to one answer (or are set again for every one). */
const PER_ANSWER = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "set-cookie",
  "content-security-policy",
]);

const NOT_FROM_CACHE = /(?:^|,)\s*(?:no-cache|no-store|max-age\s*=\s*0)\s*(?:,|$)/i;
const PUBLIC = /(?:^|,)\s*public\s*(?:,|$)/i;
const FORBIDS_SHARING = /(?:^|,)\s*(?:private|no-store|no-cache)\s*(?:[=,]|$)/i;

/** Whether a request may be answered from the cache (and its answer kept). */
function mayUseCache(req) {
  if (req.method !== "GET") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  if (NOT_FROM_CACHE.test(req.headers["cache-control"] ?? "")) return false;
  return !/no-cache/i.test(req.headers.pragma ?? "");
}

/** Whether an answer, as the storefront is about to send it, may be kept for others. */
function mayKeep(statusCode, headers) {
  if (statusCode !== 200) return false;
  if (headers["set-cookie"] !== undefined) return false;
  if (!/^text\/html\b/i.test(String(headers["content-type"] ?? ""))) return false;
  const cacheControl = String(headers["cache-control"] ?? "");
  return PUBLIC.test(cacheControl) && !FORBIDS_SHARING.test(cacheControl);
}

/**
 * `middleware(req, res, next)` goes just before the Remix handler, once `res.locals.cspNonce` is set;
 * `renderMayBeKept(res)` says, when the render ends, whether it read anything but the catalogue.
 * @param {{ freshMs: number, renderMayBeKept: (res: import("express").Response) => boolean, maxEntries?: number,
 *   maxBytes?: number, maxPageBytes?: number, now?: () => number }} options
 */
export function createPageCache({
  freshMs,
  renderMayBeKept,
  maxEntries = 500,
  maxBytes = 64 * 1024 * 1024,
  maxPageBytes = 1024 * 1024,
  now = Date.now,
}) {
  /** @type {LRUCache<string, { headers: [string, string | number | string[]][], parts: string[], bytes: number, storedAt: number }>} */
  const pages = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (page) => page.bytes, ttl: freshMs, perf: { now } });

  const keyOf = (req) => {
    // the address as Remix sees it (canonical links and og:url are built on it), and whether the whole document is
    // rendered at once (crawlers) or streamed from its shell
    const host = req.get("x-forwarded-host") ?? req.get("host") ?? "";
    return `${isbot(req.get("user-agent") ?? "") ? "bot" : "browser"} ${req.protocol}://${host}${req.originalUrl}`;
  };

  function serve(page, res) {
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("Age", String(Math.floor((now() - page.storedAt) / 1000)));
    res.setHeader("X-Page-Cache", "hit");
    res.status(200).end(page.parts.join(res.locals.cspNonce));
  }

  /** Tees what the render writes, and keeps it if, at its end, it may be kept. */
  function keepWhatIsSent(key, res) {
    const chunks = [];
    let bytes = 0;
    let tooBig = false;
    const write = res.write;
    const end = res.end;
    const collect = (chunk, encoding) => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk);
      bytes += buffer.length;
      if (bytes > maxPageBytes) tooBig = true;
      else chunks.push(buffer);
    };
    res.write = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function (chunk, encoding, callback) {
      collect(chunk, encoding);
      res.write = write;
      res.end = end;
      const headers = res.getHeaders();
      if (!tooBig && renderMayBeKept(res) && mayKeep(res.statusCode, headers)) {
        const nonce = res.locals.cspNonce;
        const body = Buffer.concat(chunks);
        const text = body.toString("utf8");
        pages.set(key, {
          headers: Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)),
          parts: nonce ? text.split(nonce) : [text],
          bytes: body.length,
          storedAt: now(),
        });
      }
      return end.call(this, chunk, encoding, callback);
    };
  }

  return {
    middleware(req, res, next) {
      if (freshMs <= 0 || !mayUseCache(req)) return next();
      const key = keyOf(req);
      const page = pages.get(key);
      if (page) return serve(page, res);
      res.setHeader("X-Page-Cache", "miss");
      keepWhatIsSent(key, res);
      next();
    },
  };
}
