import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { createDiskObjectStore, type ObjectStore } from "./object-store.ts";
import { createS3ObjectStore, type S3Settings } from "./s3.ts";

export type { ObjectStore } from "./object-store.ts";
export type { S3Settings } from "./s3.ts";

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
  /** Where the files live (local disk or an S3 bucket); the API serves them at /uploads and /api/uploads. */
  readonly objects: ObjectStore;
}

const FOLDER_PATTERN = /^[a-z0-9-]+$/;
const PUBLIC_PREFIX = "uploads/";

/** Images on the local disk under `uploadsDir` (the default: one API process, or a shared volume). */
export function createLocalStorage(uploadsDir: string): Storage {
  return createStorage(createDiskObjectStore(uploadsDir));
}

/** Images in an S3-compatible bucket (STORAGE=s3): every API process sees every upload. */
export function createS3Storage(settings: S3Settings): Storage {
  return createStorage(createS3ObjectStore(settings));
}

/** The storage the settings ask for (STORAGE=disk, the default, or s3). */
export function createConfiguredStorage(config: { uploadsDir: string; storage: { kind: "disk" } | ({ kind: "s3" } & S3Settings) }): Storage {
  return config.storage.kind === "s3" ? createS3Storage(config.storage) : createLocalStorage(config.uploadsDir);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
};

function createStorage(objects: ObjectStore): Storage {
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
    const written: string[] = [];
    try {
      for (const image of images) {
        const name = randomUUID();
        const webPath = `${PUBLIC_PREFIX}${folder}/${name}.webp`;
        written.push(webPath);
        const key = (file: string) => `${folder}/${file}`;
        if (image.original) {
          const { ext, data } = image.original;
          await objects.put(key(`${name}.original.${ext}`), data, CONTENT_TYPES[ext] ?? "application/octet-stream");
        }
        for (const width of VARIANT_WIDTHS) await objects.put(key(variantName(name, width)), image.variants[width], "image/webp");
        // the web WebP last: a record only ever points at a complete set
        await objects.put(key(`${name}.webp`), image.web, "image/webp");
      }
    } catch (err) {
      await remove(written);
      throw err;
    }
    return written;
  }

  async function remove(paths: Array<string | null | undefined>): Promise<void> {
    const keys: string[] = [];
    for (const stored of paths) {
      const key = keyOf(stored);
      if (!key) continue;
      const stem = key.slice(0, -".webp".length);
      keys.push(key, ...VARIANT_WIDTHS.map((width) => variantName(stem, width)));
      keys.push(...Object.keys(CONTENT_TYPES).map((ext) => `${stem}.original.${ext}`));
    }
    if (keys.length > 0) await objects.delete(keys).catch(() => {});
  }

  return {
    objects,
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

/** The object key ("tours/<uuid>.webp") behind a stored relative path, or null when it is not one of ours. */
function keyOf(stored: string | null | undefined): string | null {
  if (!stored || !stored.startsWith(PUBLIC_PREFIX) || !stored.endsWith(".webp")) return null;
  const key = stored.slice(PUBLIC_PREFIX.length);
  return isSafeKey(key) ? key : null;
}

/** Keys are `<folder>/<file>` with plain names: nothing that could climb out of the uploads directory. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9-]+\/[A-Za-z0-9._-]+$/.test(key) && !key.includes("..");
}
