import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The storefront's signed cookies (cart, favourites, visited activities, Mi reserva, toasts): secrets and flags. */

let cachedSecrets: string[] | null = null;

/**
 * Secrets for the storefront's signed cookies. SESSION_SECRET (comma separated, newest first, so secrets can be
 * rotated) wins; otherwise one is generated once and kept under DATA_DIR so restarts keep existing carts valid.
 * Several storefront processes must share SESSION_SECRET (or DATA_DIR).
 */
export function sessionSecrets(): string[] {
  if (cachedSecrets) return cachedSecrets;
  const fromEnv = (process.env.SESSION_SECRET ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (fromEnv.length > 0) return (cachedSecrets = fromEnv);
  const dir = path.resolve(process.env.DATA_DIR ?? "data");
  const file = path.join(dir, "storefront-session-secret");
  try {
    cachedSecrets = [readFileSync(file, "utf8").trim()];
  } catch {
    mkdirSync(dir, { recursive: true });
    try {
      // "wx": if another process created it meanwhile, use theirs instead of overwriting it.
      writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    cachedSecrets = [readFileSync(file, "utf8").trim()];
  }
  return cachedSecrets;
}

/** `secure` only when served in production over https (directly or behind a proxy that says so). */
export function isSecureRequest(request: Request): boolean {
  if (process.env.NODE_ENV !== "production") return false;
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

/** A signed, script-proof cookie for the whole site, kept `maxAge` seconds. */
export function signedCookie(maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secrets: sessionSecrets(), maxAge };
}
