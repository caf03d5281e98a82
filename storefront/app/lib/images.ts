import { useRouteLoaderData, type MetaDescriptor } from "@remix-run/react";
import { imageUrl } from "@tours/contract/urls";

interface RootImageData {
  publicApiUrl?: string;
}

/** The image base handed to the browser by the root loader (PUBLIC_API_URL). */
export function useImageBase(): string {
  const data = useRouteLoaderData("root") as RootImageData | undefined;
  return data?.publicApiUrl ?? "";
}

/**
 * URL of a stored image: absolute URLs (free-tour provider images, data URIs) pass through, relative stored
 * paths are joined to the API's public base. Null when there is no image.
 */
export function resolveImage(base: string, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:)/i.test(path)) return path;
  return imageUrl(base, path);
}

/** Widths the API writes next to every stored WebP as `<name>-<width>w.webp`; the WebP itself is ≤ 1600 px. */
export const IMAGE_VARIANT_WIDTHS = [480, 960] as const;
const FULL_WIDTH = 1600;
const STORED_WEBP = /^uploads\/.+\.webp$/;

/**
 * `srcSet` of a stored image ("uploads/…/<name>.webp"): its 480 and 960 px variants and the full WebP. Undefined
 * for anything else (absolute provider URLs, data URIs, other formats), which keeps its single `src`.
 */
export function storedSrcSet(base: string, path: string | null | undefined): string | undefined {
  if (!path || !STORED_WEBP.test(path)) return undefined;
  const stem = path.slice(0, -".webp".length);
  return [
    ...IMAGE_VARIANT_WIDTHS.map((w) => `${imageUrl(base, `${stem}-${w}w.webp`)} ${w}w`),
    `${imageUrl(base, path)} ${FULL_WIDTH}w`,
  ].join(", ");
}

/**
 * `srcSet` for an image URL already resolved against the API base (what the cards and heroes receive): only
 * URLs of stored uploads on that base get one; provider images and drawn stand-ins do not.
 */
export function srcSetForUrl(base: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const prefix = imageUrl(base, "uploads/").slice(0, -"uploads/".length);
  if (!url.startsWith(prefix)) return undefined;
  return storedSrcSet(base, url.slice(prefix.length));
}

/** `sizes` for the 4:3 cards of the 1 / 2 / 3-column grids (container 1200 px, 1rem gutters). */
export const CARD_SIZES = "(max-width: 639px) calc(100vw - 2rem), (max-width: 959px) calc(50vw - 1.5rem), 390px";
/** `sizes` for full-width heroes. */
export const HERO_SIZES = "100vw";
/** `sizes` for the photo carousel: one photo per view on phones, two side by side from 640 px. */
export const CAROUSEL_SIZES = "(max-width: 639px) calc(100vw - 2rem), (max-width: 1231px) calc(50vw - 1.4rem), 594px";

/**
 * `fetchpriority="high"` for the first hero picture. Spelled in lowercase and spread: React 18 does not know the
 * camel-case prop (it warns and React 19 renames it), while browsers read the attribute in any case.
 */
export const FETCH_PRIORITY_HIGH: Record<string, string> = { fetchpriority: "high" };

/** What a page's loader hands its meta function to preload its largest picture (see `imagePreload`). */
export interface PreloadImage {
  href: string;
  imageSrcSet?: string;
  imageSizes?: string;
}

/**
 * For a loader: the page's largest picture (its LCP element) with the srcset and sizes of its <img>, so that the
 * preload fetches the very file the browser will pick. Null for drawn stand-ins (data URIs: nothing to fetch).
 */
export function preloadImage(base: string, url: string | null | undefined, sizes: string): PreloadImage | null {
  if (!url || url.startsWith("data:")) return null;
  const srcSet = srcSetForUrl(base, url);
  return srcSet ? { href: url, imageSrcSet: srcSet, imageSizes: sizes } : { href: url };
}

/** For a meta function: `<link rel="preload" as="image" fetchpriority="high">` of that picture, before the body. */
export const imagePreload = (image: PreloadImage | null | undefined): MetaDescriptor[] =>
  image ? [{ tagName: "link", rel: "preload", as: "image", ...image, ...FETCH_PRIORITY_HIGH }] : [];
