import { createCookie } from "@remix-run/node";
import { isSecureRequest, signedCookie } from "./cookies.server";

/** Favourite activities of a visitor (provider ids), kept in a signed cookie so the button works without JS. */
const MAX_FAVORITES = 50;

let jar: ReturnType<typeof createCookie> | null = null;
function favoritesCookie() {
  return (jar ??= createCookie("favoritos", {
    ...signedCookie(60 * 60 * 24 * 365),
  }));
}

export async function readFavorites(request: Request): Promise<string[]> {
  try {
    const value: unknown = await favoritesCookie().parse(request.headers.get("Cookie"));
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, MAX_FAVORITES) : [];
  } catch {
    return [];
  }
}

/** Adds or removes `id`; returns the new state and the Set-Cookie value. */
export async function toggleFavorite(request: Request, id: string): Promise<{ favorite: boolean; setCookie: string }> {
  const list = await readFavorites(request);
  const favorite = !list.includes(id);
  const next = favorite ? [id, ...list].slice(0, MAX_FAVORITES) : list.filter((v) => v !== id);
  return { favorite, setCookie: await favoritesCookie().serialize(next, { secure: isSecureRequest(request) }) };
}
