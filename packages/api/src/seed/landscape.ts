import sharp from "sharp";
import { encodeWebSet, type PreparedImage } from "../adapters/storage/index.ts";

/** A small deterministic PRNG (mulberry32) so the same seed always draws the same landscape. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Scene = "hills" | "sea" | "city" | "desert" | "snow";

const SKIES: Array<[string, string]> = [
  ["#1e3c72", "#f8b500"], // dusk
  ["#2b5876", "#4e4376"], // night blue
  ["#56ccf2", "#e0f7fa"], // clear day
  ["#ff7e5f", "#feb47b"], // sunset
  ["#0f2027", "#2c5364"], // deep evening
  ["#74ebd5", "#acb6e5"], // morning haze
  ["#f7971e", "#ffd200"], // golden hour
];
const GROUNDS: Record<Scene, string[]> = {
  hills: ["#2d6a4f", "#40916c", "#52b788", "#1b4332"],
  sea: ["#0077b6", "#0096c7", "#00b4d8", "#023e8a"],
  city: ["#3d405b", "#4a4e69", "#22223b", "#5c677d"],
  desert: ["#dda15e", "#bc6c25", "#e9c46a", "#a98467"],
  snow: ["#f1faee", "#a8dadc", "#caf0f8", "#90e0ef"],
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An SVG landscape: sky gradient, sun, layered ground for the scene, and the place's name. */
export function landscapeSvg(options: { seed: number; scene: Scene; title: string; width: number; height: number }): string {
  const { width: w, height: h, scene } = options;
  const rand = prng(options.seed);
  const [top, bottom] = SKIES[Math.floor(rand() * SKIES.length)]!;
  const palette = GROUNDS[scene];
  const sunX = Math.round(w * (0.15 + rand() * 0.7));
  const sunY = Math.round(h * (0.15 + rand() * 0.25));
  const sunR = Math.round(h * (0.06 + rand() * 0.06));
  const layers: string[] = [];
  const count = 3;
  for (let i = 0; i < count; i++) {
    const base = h * (0.55 + i * 0.12);
    const color = palette[(i + Math.floor(rand() * palette.length)) % palette.length]!;
    if (scene === "city" && i === count - 2) {
      let x = 0;
      const blocks: string[] = [];
      while (x < w) {
        const bw = Math.round(w * (0.04 + rand() * 0.06));
        const bh = Math.round(h * (0.12 + rand() * 0.3));
        blocks.push(`<rect x="${x}" y="${Math.round(base - bh)}" width="${bw - 4}" height="${bh + h}" fill="${color}"/>`);
        x += bw;
      }
      layers.push(blocks.join(""));
      continue;
    }
    const amp = scene === "sea" && i > 0 ? h * 0.015 : h * (0.05 + rand() * 0.1);
    const steps = scene === "sea" && i > 0 ? 12 : 4;
    let d = `M0 ${Math.round(base)}`;
    for (let s = 1; s <= steps; s++) {
      const x = Math.round((w / steps) * s);
      const cx = Math.round(x - w / steps / 2);
      const cy = Math.round(base + (rand() * 2 - 1) * amp);
      d += ` Q ${cx} ${cy} ${x} ${Math.round(base + (rand() * 2 - 1) * amp * 0.5)}`;
    }
    d += ` V ${h} H 0 Z`;
    layers.push(`<path d="${d}" fill="${color}" opacity="${(0.85 + i * 0.05).toFixed(2)}"/>`);
  }
  // Centred and kept off the edges: pages crop these pictures to 4:3 cards and wide heroes (object-fit: cover).
  const fontSize = Math.round(h * 0.08);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<circle cx="${sunX}" cy="${sunY}" r="${sunR}" fill="#fff3b0" opacity="0.9"/>
${layers.join("\n")}
<text x="${Math.round(w * 0.5)}" y="${Math.round(h * 0.84)}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${fontSize}" fill="#ffffff" fill-opacity="0.92">${escapeXml(options.title)}</text>
</svg>`;
}

/**
 * Renders a landscape straight into the storage's prepared form: the web WebP and its width variants, all from
 * one rasterisation of the SVG (there is no original).
 */
export async function renderLandscape(options: {
  seed: number;
  scene: Scene;
  title: string;
  width: number;
  height: number;
}): Promise<PreparedImage> {
  const svg = Buffer.from(landscapeSvg(options));
  const { data, info } = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  // effort 2 (not the default 4): the three WebPs cost ~1.2× the CPU of the one WebP the seed used to write, for
  // files ~10% bigger than at effort 4, so the first start stays about as fast
  const pixels = { data, info: { width: info.width, height: info.height, channels: info.channels } };
  const { web, variants } = await encodeWebSet(pixels, { quality: 78, effort: 2 });
  return { filename: `${options.title}.webp`, web, variants };
}
