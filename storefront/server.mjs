#!/usr/bin/env node
// The storefront's production server: remix-serve's Express setup (compression, hashed assets cached for a
// year, the Remix handler) plus what it cannot do: the security headers on every answer (static files and the
// panel included); each request's client address and browser at hand, so the API calls made on the visitor's behalf
// carry them (X-Forwarded-For and X-Forwarded-User-Agent, which the API trusts from here through TRUST_PROXY: a staff
// login at /login is recorded with the person's own address and browser); and a form posted from another site
// refused with a plain 403 before Remix, which would answer 500 and log a stack.
// Pages rendered for anonymous visitors from the catalogue alone are kept for a second (page-cache.mjs).
// Usage: node server.mjs [build/server/index.js]  (PORT, HOST as remix-serve; PAGE_CACHE=off renders every page).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import onHeaders from "on-headers";
import { DEFAULT_PORTS } from "@tours/domain/default-ports";
import { CATALOGUE_FRESH_MS } from "./catalogue-freshness.mjs";
import { createPageCache } from "./page-cache.mjs";
import { requestLogger } from "./request-log.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const buildPath = path.resolve(process.argv[2] ?? path.join(here, "build/server/index.js"));
process.env.NODE_ENV ??= "production";

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
const list = (value) => (value ?? "").split(",").map((s) => s.trim()).filter(Boolean);

/**
 * The sources the policy allows besides the storefront itself, from the same settings the rest of the product
 * reads: the API (images, the panel's and the browser's calls), the object store's public URL, the free-tour
 * provider's image hosts, and PayPal (the checkout form ends in a redirect to PayPal's approval page; the local
 * simulator plays PayPal when no credentials are set).
 */
function policySources(env) {
  const apiOrigin = originOf(env.PUBLIC_API_URL || `http://localhost:${env.API_PORT || DEFAULT_PORTS.api}`);
  const images = [
    apiOrigin,
    originOf(env.S3_PUBLIC_URL ?? ""),
    ...list(env.FREETOUR_IMAGE_ORIGINS).map(originOf),
    originOf(env.FREETOUR_API_URL ?? ""),
  ].filter(Boolean);
  const paypal = ["https://www.paypal.com", "https://www.sandbox.paypal.com"];
  if (!(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET)) {
    const simPort = env.PAYPAL_SIM_PORT || DEFAULT_PORTS.paypalSimulator;
    paypal.push(`http://127.0.0.1:${simPort}`, `http://localhost:${simPort}`);
  }
  return { connect: [apiOrigin].filter(Boolean), images: [...new Set(images)], forms: paypal };
}

export function contentSecurityPolicy(nonce, sources) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React and the panel's MUI set inline styles; scripts stay strict
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${sources.images.join(" ")}`,
    "font-src 'self' data:",
    `connect-src 'self' ${sources.connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action 'self' ${sources.forms.join(" ")}`,
  ].join("; ");
}

const sources = policySources(process.env);
// whose X-Forwarded-For (and -Proto) to believe: as the API's TRUST_PROXY, a hop count or addresses (default loopback)
const trustSetting = (process.env.TRUST_PROXY ?? "loopback").trim();
const trustProxy = /^\d+$/.test(trustSetting) ? Number(trustSetting) : trustSetting === "false" ? false : list(trustSetting);

/**
 * Read by app/lib/api.server.ts (the server build is bundled apart from this file, hence the global key): the
 * client's address and browser, and `onlyCatalogueReads`, which the render turns false when it asks the API for
 * anything the catalogue cache does not keep (the page is then not kept either).
 */
const requestContext = new AsyncLocalStorage();
globalThis[Symbol.for("tours.request-context")] = requestContext;

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origin check Remix makes for actions, answered as what it is: a refused request, not a server error. */
function crossOriginPost(req) {
  if (!UNSAFE.has(req.method)) return false;
  const origin = req.get("origin");
  if (!origin || origin === "null") return false;
  const host = (req.get("x-forwarded-host") ?? req.get("host") ?? "").split(",")[0].trim();
  return originOf(origin) === null || new URL(origin).host !== host;
}

/** The policy is the same for every answer but its nonce: built once, around a placeholder no nonce can contain. */
const [policyBefore, policyAfter] = contentSecurityPolicy("\0", sources).split("\0");

function securityHeaders(req, res, next) {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  // set just before the head is written, replacing whatever a route sent, so each header appears once
  onHeaders(res, () => {
    res.setHeader("Content-Security-Policy", policyBefore + nonce + policyAfter);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    // the panel's Check-in screen reads vouchers' QR codes with the phone camera; no other page may use it
    const camera = req.path === "/panel" || req.path.startsWith("/panel/") ? "camera=(self)" : "camera=()";
    res.setHeader("Permissions-Policy", `${camera}, microphone=(), geolocation=(), usb=(), payment=(), interest-cohort=()`);
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (!req.secure) return;
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // every cookie of an https answer is Secure, whichever module set it (cart, toasts, favourites…)
    const cookies = res.getHeader("Set-Cookie");
    if (!cookies) return;
    const all = Array.isArray(cookies) ? cookies : [String(cookies)];
    res.setHeader("Set-Cookie", all.map((c) => (/;\s*secure\b/i.test(c) ? c : `${c}; Secure`)));
  });
  next();
}

/**
 * Only addresses that name a file (a last segment with an extension: /assets/x.js, /favicon.ico) are looked up on
 * disk; a page's address goes straight to Remix instead of paying a failed stat (and its Error) on every render.
 * No route of the storefront has a dot in its last segment.
 */
const FILE_PATH = /\.[A-Za-z0-9]+$/;
function filesOnly(serveStatic) {
  return (req, res, next) => (FILE_PATH.test(req.path) ? serveStatic(req, res, next) : next());
}

const build = await import(pathToFileURL(buildPath).href);
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const app = express();
app.disable("x-powered-by");
// req.secure follows X-Forwarded-Proto only behind a proxy we were told about (the API's TRUST_PROXY)
app.set("trust proxy", trustProxy);
app.use(securityHeaders);
app.use(compression());
app.use(build.publicPath, filesOnly(express.static(path.resolve(here, build.assetsBuildDirectory), { immutable: true, maxAge: "1y" })));
app.use(filesOnly(express.static(path.join(here, "public"), { maxAge: "1h" })));
app.use(requestLogger());
app.use((req, res, next) => {
  if (crossOriginPost(req)) {
    res.status(403).type("text/plain; charset=utf-8").send("Solicitud rechazada: envía el formulario desde este sitio.");
    return;
  }
  res.locals.requestContext = { clientIp: req.ip, userAgent: req.get("user-agent"), onlyCatalogueReads: true };
  requestContext.run(res.locals.requestContext, next);
});
const pageCacheSetting = (process.env.PAGE_CACHE ?? "on").trim();
if (pageCacheSetting !== "on" && pageCacheSetting !== "off") {
  console.error(`Invalid settings: PAGE_CACHE\n  must be "on" or "off", got "${pageCacheSetting}"`);
  process.exit(1);
}
if (pageCacheSetting === "on") {
  const pageCache = createPageCache({
    freshMs: CATALOGUE_FRESH_MS,
    renderMayBeKept: (res) => res.locals.requestContext.onlyCatalogueReads,
  });
  app.use(pageCache.middleware);
}
app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }),
  }),
);

const port = Number(process.env.PORT || DEFAULT_PORTS.storefront);
const onListen = () => console.log(`[storefront] http://localhost:${port}`);
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
server.on("error", (err) => {
  if (err.code !== "EADDRINUSE") throw err;
  console.error(`No se puede iniciar la tienda: el puerto ${port} ya está en uso. Libéralo o elige otro con PORT.`);
  process.exit(1);
});
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close(() => process.exit(0)));
