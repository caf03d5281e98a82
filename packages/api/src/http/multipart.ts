import type { FastifyRequest } from "fastify";
import type { IncomingImage, PreparedImage, Storage } from "../adapters/storage/index.ts";
import { InvalidImageError } from "../adapters/storage/index.ts";
import { HTTP_MSG, HttpError, badRequest, fieldError, forbiddenCharacter } from "./errors.ts";

/** No form of the panel has more text fields than this. */
export const MAX_MULTIPART_FIELDS = 50;

export interface MultipartForm {
  fields: Record<string, string>;
  files: Array<IncomingImage & { field: string }>;
}

/**
 * Reads a whole multipart request into memory within the limits registered with @fastify/multipart
 * (10 MB per file, 20 files, capped parts and fields). An oversized file throws FST_REQ_FILE_TOO_LARGE,
 * which the error handler answers in Spanish. Empty file inputs (a form sent with nothing chosen) are skipped.
 */
export async function readMultipart(request: FastifyRequest): Promise<MultipartForm> {
  const form: MultipartForm = { fields: {}, files: [] };
  let fieldCount = 0;
  for await (const part of request.parts()) {
    if (part.type === "file") {
      const data = await part.toBuffer();
      if (data.length === 0 && !part.filename) continue;
      form.files.push({ field: part.fieldname, filename: part.filename || "imagen", data });
    } else if (typeof part.value === "string") {
      if (++fieldCount > MAX_MULTIPART_FIELDS) throw new HttpError(413, { errors: [fieldError(HTTP_MSG.tooManyParts)] });
      if (part.value.includes("\u0000")) throw forbiddenCharacter(part.fieldname);
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

/** The files of `field`, between min and max of them, or a 400 with the given Spanish messages. */
export function filesOf(
  form: MultipartForm,
  field: string | string[],
  rules: { min: number; max: number; missing: string; tooMany: string },
): IncomingImage[] {
  const names = Array.isArray(field) ? field : [field];
  const files = form.files.filter((f) => names.includes(f.field));
  if (files.length < rules.min) throw badRequest([fieldError(rules.missing, names[0])]);
  if (files.length > rules.max) throw badRequest([fieldError(rules.tooMany, names[0])]);
  return files;
}

/** Decodes every image before anything is written; a bad one is a 400 naming the file. */
export async function prepareImages(storage: Storage, images: IncomingImage[], field: string): Promise<PreparedImage[]> {
  try {
    return await storage.prepareImages(images);
  } catch (err) {
    if (err instanceof InvalidImageError) throw badRequest([fieldError(err.message, field, err.filename)]);
    throw err;
  }
}

/**
 * Writes prepared images, then runs `save` with their paths; if saving fails the files are removed again, so a
 * rejected request leaves nothing behind.
 */
export async function storeThen<T>(
  storage: Storage,
  images: PreparedImage[],
  folder: string,
  save: (paths: string[]) => Promise<T>,
): Promise<T> {
  const paths = await storage.writeImages(images, folder);
  try {
    return await save(paths);
  } catch (err) {
    await storage.remove(paths);
    throw err;
  }
}
