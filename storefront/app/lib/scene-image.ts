import { resolveImage } from "~/lib/images";

// Apart from lib/images: pages whose records all come with their pictures from the loader (the tour and free-tour
// pages) do not ship this drawing code to the browser; only client-only lists (visited, cart) and static art need it.

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
