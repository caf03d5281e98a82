import { createCookie } from "@remix-run/node";
import { STORAGE_KEYS } from "@tours/domain";
import { isSecureRequest, sessionSecrets } from "./cart.server";

/** An entry of the spec's `actividadesVisitadas` list (browser storage key of the same name). */
export interface VisitedActivity {
  id: number | string;
  nombre: string;
  imagen: string | null;
  valor: number;
  pais?: number | string;
  ciudad?: number | string;
}

export const VISITED_KEY = STORAGE_KEYS.visited;
const MAX_ENTRIES = 8;

let cookie: ReturnType<typeof createCookie> | null = null;
function visitedCookieJar() {
  return (cookie ??= createCookie(VISITED_KEY, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: sessionSecrets(),
    maxAge: 60 * 60 * 24 * 180,
  }));
}

function isId(value: unknown): value is number | string {
  return (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value.length > 0);
}

function normalise(raw: unknown): VisitedActivity | null {
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
export async function readVisited(request: Request): Promise<VisitedActivity[]> {
  const value: unknown = await visitedCookieJar().parse(request.headers.get("Cookie"));
  if (!Array.isArray(value)) return [];
  return value.map(normalise).filter((v): v is VisitedActivity => v !== null).slice(0, MAX_ENTRIES);
}

/** The same list with `entry` moved to the front, for both the cookie and localStorage. */
export function mergeVisited(list: VisitedActivity[], entry: VisitedActivity): VisitedActivity[] {
  const clean = normalise(entry);
  if (!clean) return list;
  return [clean, ...list.filter((v) => String(v.id) !== String(clean.id))].slice(0, MAX_ENTRIES);
}

/** Set-Cookie header value recording a visit to `entry`. */
export async function visitedCookie(request: Request, entry: VisitedActivity): Promise<string> {
  const list = mergeVisited(await readVisited(request), entry);
  return visitedCookieJar().serialize(list, { secure: isSecureRequest(request) });
}
