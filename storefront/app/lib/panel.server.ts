import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";

// The staff panel (admin/, a react-admin SPA) is built by Vite into admin/dist with base "/panel/" and served
// from here so that it shares the storefront's origin (docs/decisions/0005-panel.md).

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".txt": "text/plain; charset=utf-8",
};

const CONFIG_MARKER = "<!--panel-config-->";

export function panelDistDir(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const candidates = env.PANEL_DIST_DIR
    ? [path.resolve(cwd, env.PANEL_DIST_DIR)]
    : [path.resolve(cwd, "../admin/dist"), path.resolve(cwd, "admin/dist")];
  return candidates.find((dir) => existsSync(path.join(dir, "index.html"))) ?? null;
}

export function panelConfigScript(apiUrl: string, nonce?: string): string {
  // "<" is escaped so that no value can close the script element.
  const json = JSON.stringify({ apiUrl }).replace(/</g, "\\u003c");
  // the nonce of the response's Content-Security-Policy (storefront/server.mjs): no 'unsafe-inline' needed
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, "")}"` : "";
  return `<script${nonceAttribute}>window.__PANEL_CONFIG__=${json}</script>`;
}

/** Resolves a request path below /panel/ to a file inside dist, or null when it would leave dist. */
export function resolvePanelFile(dist: string, splat: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(splat);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const target = path.resolve(dist, "." + path.posix.normalize("/" + decoded));
  if (target !== dist && !target.startsWith(dist + path.sep)) return null;
  return target;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function indexResponse(dist: string, apiUrl: string, nonce: string | undefined): Promise<Response> {
  const html = await readFile(path.join(dist, "index.html"), "utf8");
  const injected = html.includes(CONFIG_MARKER)
    ? html.replace(CONFIG_MARKER, panelConfigScript(apiUrl, nonce))
    : html.replace("</head>", `${panelConfigScript(apiUrl, nonce)}</head>`);
  return new Response(injected, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}

/**
 * Answers a /panel request: a built file when the path names one (hashed assets cached for a year),
 * 404 for a missing file-like path, and index.html with the runtime config for every other path so that deep
 * links into the SPA survive a reload.
 */
export async function servePanel(
  splat: string,
  nonce: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Response> {
  const dist = panelDistDir(env);
  if (!dist) {
    return new Response("El panel no está compilado: ejecute `npm run build`.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const apiUrl = env.PUBLIC_API_URL || `http://localhost:${env.API_PORT || "4000"}`;
  const relative = splat.replace(/^\/+/, "");
  if (relative === "" || relative === "index.html") return indexResponse(dist, apiUrl, nonce);

  const file = resolvePanelFile(dist, relative);
  if (!file) return new Response("Not Found", { status: 404 });
  if (await isFile(file)) {
    const body = await readFile(file);
    const immutable = relative.startsWith("assets/");
    return new Response(body, {
      headers: {
        "Content-Type": CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream",
        "Cache-Control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=300",
      },
    });
  }
  // A missing asset must not be answered with HTML (the browser would try to run it as a script).
  if (relative.startsWith("assets/") || path.extname(relative) !== "") {
    return new Response("Not Found", { status: 404 });
  }
  return indexResponse(dist, apiUrl, nonce);
}
