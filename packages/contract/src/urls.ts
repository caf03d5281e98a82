/*
 * Helpers a browser needs, kept free of zod and of every other module of the contract: the storefront's client
 * bundle imports `@tours/contract/urls`, never the package root (which brings the schemas, i.e. zod).
 */

/**
 * The URL of a stored file: `<image base>/<relative path>`. Absolute URLs (the free-tour provider's images)
 * are returned unchanged; a missing path gives null.
 */
export function imageUrl(base: string, path: string): string;
export function imageUrl(base: string, path: string | null | undefined): string | null;
export function imageUrl(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith("data:")) return path;
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}
