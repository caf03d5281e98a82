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

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A locally drawn 4:3 landscape (sky, sun, hills), varied by the seed: the stand-in when a record has no photo
 * or the API cannot be reached, and the artwork of the static sections. No download involved.
 */
export function sceneImage(seed: string, label?: string): string {
  const h = hash(seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >> 9) % 60)) % 360;
  const sunX = 120 + ((h >> 3) % 560);
  const sunY = 90 + ((h >> 11) % 120);
  const ridge = (offset: number, amp: number, base: number) => {
    const pts: string[] = [];
    for (let x = 0; x <= 800; x += 80) {
      const y = base - Math.round(Math.abs(Math.sin((x + offset + (h % 97)) / 97)) * amp);
      pts.push(`${x},${y}`);
    }
    return `M0,600 L${pts.join(" L")} L800,600 Z`;
  };
  const text = label
    ? `<text x="40" y="560" font-family="system-ui,sans-serif" font-size="44" font-weight="700" fill="#fff" fill-opacity="0.92">${escapeXml(label)}</text>`
    : "";
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,62%)"/><stop offset="1" stop-color="hsl(${hue2},80%,84%)"/></linearGradient></defs><rect width="800" height="600" fill="url(#s)"/><circle cx="${sunX}" cy="${sunY}" r="54" fill="hsl(40,95%,70%)" fill-opacity="0.9"/><path d="${ridge(0, 140, 420)}" fill="hsl(${(hue + 160) % 360},30%,45%)"/><path d="${ridge(200, 90, 500)}" fill="hsl(${(hue + 180) % 360},35%,30%)"/><path d="${ridge(420, 50, 560)}" fill="hsl(${(hue + 200) % 360},40%,20%)"/>${text}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Image URL of a record, or its drawn stand-in. */
export function imageOrScene(base: string, path: string | null | undefined, seed: string, label?: string): string {
  return resolveImage(base, path) ?? sceneImage(seed, label);
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
