import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

/** Formats we accept, judged by decoding the bytes (never the file name or the declared type). SVG is refused. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif"]);
/** Width of the WebP the pages use. */
export const WEB_MAX_WIDTH = 1600;
/**
 * Smaller copies written next to every web WebP as `<uuid>-<width>w.webp`, for `srcset` (the storefront builds
 * the names from the stored path, so they must always exist: an image narrower than a width gets a copy).
 */
export const VARIANT_WIDTHS = [480, 960] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
/** Decompression-bomb guard: no image above ~50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_REQUEST = 20;

export class InvalidImageError extends Error {
  constructor(public readonly filename: string) {
    super(`El archivo ${filename} no es una imagen válida`);
    this.name = "InvalidImageError";
  }
}

export interface IncomingImage {
  filename: string;
  data: Buffer;
}

/** An image decoded and re-encoded in memory, ready to be written. Nothing has touched the disk yet. */
export interface PreparedImage {
  filename: string;
  /** The original re-encoded in its own format (metadata stripped, orientation applied); none for generated images. */
  original?: { data: Buffer; ext: string };
  /** The web-sized WebP the pages use. */
  web: Buffer;
  /** The same picture at each of VARIANT_WIDTHS (never upscaled: the web WebP itself when it is narrower). */
  variants: Record<VariantWidth, Buffer>;
}

/** Decoded pixels (sRGB, orientation applied) as sharp's raw output describes them. */
export interface RawPixels {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

/**
 * Encodes decoded pixels as the web WebP (≤ WEB_MAX_WIDTH) and its width variants. The pixels are decoded once
 * by the caller; every size is resized from them, never enlarged.
 */
export async function encodeWebSet(
  pixels: RawPixels,
  options: { quality?: number; effort?: number } = {},
): Promise<Pick<PreparedImage, "web" | "variants">> {
  const { width, height, channels } = pixels.info;
  const webp = { quality: options.quality ?? 80, effort: options.effort ?? 4 };
  const from = () => sharp(pixels.data, { raw: { width, height, channels } });
  const web = await from().resize({ width: WEB_MAX_WIDTH, withoutEnlargement: true }).webp(webp).toBuffer();
  const variants = {} as Record<VariantWidth, Buffer>;
  for (const target of VARIANT_WIDTHS) {
    variants[target] = width <= target ? web : await from().resize({ width: target }).webp(webp).toBuffer();
  }
  return { web, variants };
}

/** File name of a width variant next to a web WebP named `<name>.webp`. */
export function variantName(name: string, width: VariantWidth): string {
  return `${name}-${width}w.webp`;
}

export interface Storage {
  /** Decodes and re-encodes every image; throws InvalidImageError naming the first bad one. Writes nothing. */
  prepareImages(images: IncomingImage[]): Promise<PreparedImage[]>;
  /**
   * Writes prepared images under generated names (`<uuid>.webp`, `<uuid>-480w.webp`, `<uuid>-960w.webp`, the
   * original); returns the relative paths of their WebPs ("uploads/tours/…").
   */
  writeImages(images: PreparedImage[], folder: string): Promise<string[]>;
  /** Validates and writes one image: prepareImages + writeImages. */
  saveImage(data: Buffer, folder: string, filename?: string): Promise<string>;
  /** Removes stored images (their WebP, its width variants and original) by the relative path a record holds. Never throws. */
  remove(paths: Array<string | null | undefined>): Promise<void>;
  /** Absolute directory served at /uploads and /api/uploads. */
  readonly root: string;
}

const FOLDER_PATTERN = /^[a-z0-9-]+$/;
const PUBLIC_PREFIX = "uploads/";

export function createLocalStorage(uploadsDir: string): Storage {
  const root = path.resolve(uploadsDir);

  async function prepareOne(image: IncomingImage): Promise<PreparedImage> {
    let format: string | undefined;
    try {
      const meta = await sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      format = meta.format;
    } catch {
      throw new InvalidImageError(image.filename);
    }
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidImageError(image.filename);
    try {
      const base = () => sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
      const ext = format === "jpeg" ? "jpg" : format === "heif" ? "avif" : format;
      const original = await encodeAs(base(), ext);
      // decoded once at web size; the web WebP and its smaller variants are all encoded from these pixels
      const { data, info } = await base()
        .resize({ width: WEB_MAX_WIDTH, withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels: RawPixels = { data, info: { width: info.width, height: info.height, channels: info.channels } };
      const { web, variants } = await encodeWebSet(pixels);
      return { filename: image.filename, original: { data: original, ext }, web, variants };
    } catch {
      throw new InvalidImageError(image.filename);
    }
  }

  async function writeImages(images: PreparedImage[], folder: string): Promise<string[]> {
    if (!FOLDER_PATTERN.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
    const dir = path.join(root, folder);
    await mkdir(dir, { recursive: true });
    const written: string[] = [];
    try {
      for (const image of images) {
        const name = randomUUID();
        const webPath = `${PUBLIC_PREFIX}${folder}/${name}.webp`;
        written.push(webPath);
        if (image.original) await writeFile(path.join(dir, `${name}.original.${image.original.ext}`), image.original.data);
        for (const width of VARIANT_WIDTHS) await writeFile(path.join(dir, variantName(name, width)), image.variants[width]);
        await writeFile(path.join(dir, `${name}.webp`), image.web);
      }
    } catch (err) {
      await remove(written);
      throw err;
    }
    return written;
  }

  async function remove(paths: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      paths.map(async (stored) => {
        const file = resolveStored(root, stored);
        if (!file) return;
        const dir = path.dirname(file);
        const name = path.basename(file, ".webp");
        await rm(file, { force: true }).catch(() => {});
        for (const width of VARIANT_WIDTHS) {
          await rm(path.join(dir, variantName(name, width)), { force: true }).catch(() => {});
        }
        for (const ext of ["jpg", "png", "webp", "gif", "avif"]) {
          await rm(path.join(dir, `${name}.original.${ext}`), { force: true }).catch(() => {});
        }
      }),
    );
  }

  return {
    root,
    async prepareImages(images) {
      // two at a time: 20 large photos decoded at once could need gigabytes
      const prepared: PreparedImage[] = new Array(images.length);
      let next = 0;
      const worker = async () => {
        while (next < images.length) {
          const index = next++;
          prepared[index] = await prepareOne(images[index]!);
        }
      };
      await Promise.all([worker(), worker()]);
      return prepared;
    },
    writeImages,
    async saveImage(data, folder, filename = "imagen") {
      const prepared = await prepareOne({ filename, data });
      const [stored] = await writeImages([prepared], folder);
      return stored!;
    },
    remove,
  };
}

function encodeAs(pipeline: sharp.Sharp, ext: string): Promise<Buffer> {
  switch (ext) {
    case "jpg":
      return pipeline.jpeg({ quality: 88 }).toBuffer();
    case "png":
      return pipeline.png().toBuffer();
    case "webp":
      return pipeline.webp({ quality: 88 }).toBuffer();
    case "gif":
      return pipeline.gif().toBuffer();
    default:
      return pipeline.avif().toBuffer();
  }
}

/** The absolute file behind a stored relative path, or null if the path does not point inside the root. */
function resolveStored(root: string, stored: string | null | undefined): string | null {
  if (!stored || !stored.startsWith(PUBLIC_PREFIX)) return null;
  const file = path.resolve(root, stored.slice(PUBLIC_PREFIX.length));
  return file.startsWith(root + path.sep) ? file : null;
}
