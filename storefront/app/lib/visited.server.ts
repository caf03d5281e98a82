import { createCookie } from "@remix-run/node";
import { isSecureRequest, signedCookie } from "./cookies.server";
import { MAX_VISITED, STORAGE_KEYS } from "@tours/domain";
import type { VisitedEntry } from "./visited";

let cookie: ReturnType<typeof createCookie> | null = null;
function visitedCookieJar() {
  return (cookie ??= createCookie(STORAGE_KEYS.visited, {
    ...signedCookie(60 * 60 * 24 * 180),
  }));
}

function isId(value: unknown): value is number | string {
  return (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.length > 0);
}

function normalise(raw: unknown): VisitedEntry | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  if (!isId(r.id) || typeof r.nombre !== "string") return null;
  const valor = Number(r.valor);
  return {
    id: r.id,
    nombre: r.nombre.slice(0, 120),
    imagen: typeof r.imagen === "string" ? r.imagen.slice(0, 300) : null,
    valor: Number.isFinite(valor) ? valor : 0,
    ...(isId(r.pais) ? { pais: r.pais } : {}),
    ...(isId(r.ciudad) ? { ciudad: r.ciudad } : {}),
  };
}

/** Most recent first. */
export async function readVisited(request: Request): Promise<VisitedEntry[]> {
  const value: unknown = await visitedCookieJar().parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.map(normalise).filter((v): v is VisitedEntry => v !== null).slice(0, MAX_VISITED);
}

/** The same list with `entry` moved to the front, for both the cookie and localStorage. */
function mergeVisited(list: VisitedEntry[], entry: VisitedEntry): VisitedEntry[] {
  const clean = normalise(entry);
  if (!clean) return list;
  return [clean, ...list.filter((v) => String(v.id) !== String(clean.id))].slice(0, MAX_VISITED);
}

/** Set-Cookie header value recording a visit to `entry`. */
export async function visitedCookie(request: Request, entry: VisitedEntry): Promise<string> {
  const list = mergeVisited(await readVisited(request), entry);
  return visitedCookieJar().serialize(list, { secure: isSecureRequest(request) });
}
