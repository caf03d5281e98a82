import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

/** One stored file as the API serves it. */
export interface StoredObject {
  body: Readable;
  contentType: string;
  length: number;
  lastModified: Date;
  etag?: string;
}

/**
 * Where uploaded files live, by key ("tours/<uuid>.webp"). The disk and S3 implementations behave the same:
 * put overwrites, delete ignores missing keys, get answers null for a missing key.
 */
export interface ObjectStore {
  readonly kind: "disk" | "s3";
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(keys: string[]): Promise<void>;
  /** The directory behind the keys, when they are files on this machine (served by @fastify/static). */
  readonly localRoot: string | null;
}

const TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

export function createDiskObjectStore(directory: string): ObjectStore {
  const root = path.resolve(directory);
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return file;
  };
  return {
    kind: "disk",
    localRoot: root,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // a temporary name first: a crash mid-write never leaves a truncated file under the real name
      const tmp = `${file}.${process.pid}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          contentType: TYPES[path.extname(file)] ?? "application/octet-stream",
          length: info.size,
          lastModified: info.mtime,
        };
      } catch {
        return null;
      }
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true }).catch(() => {})));
    },
  };
}
