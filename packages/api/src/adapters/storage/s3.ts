import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Readable } from "node:stream";
import type { ObjectStore } from "./object-store.ts";

/** STORAGE=s3: an S3-compatible bucket (AWS S3, MinIO, R2, …). */
export interface S3Settings {
  /** S3_ENDPOINT; absent for AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** S3_FORCE_PATH_STYLE: bucket in the path (most self-hosted servers) instead of the host name. */
  forcePathStyle: boolean;
  /** Optional folder inside the bucket (S3_PREFIX), e.g. "uploads". */
  prefix?: string | undefined;
}

export function createS3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // checksums only where S3 requires them: several S3-compatible servers reject the newer default trailers
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const prefix = settings.prefix ? `${settings.prefix.replace(/^\/+|\/+$/g, "")}/` : "";
  const Key = (key: string) => prefix + key;
  const missing = (err: unknown) =>
    err instanceof NoSuchKey ||
    err instanceof NotFound ||
    (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

  return {
    kind: "s3",
    localRoot: null,
    async put(key, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentType: contentType }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return {
          body: answer.Body as Readable,
          contentType: answer.ContentType ?? "application/octet-stream",
          length: answer.ContentLength ?? 0,
          lastModified: answer.LastModified ?? new Date(0),
          etag: answer.ETag,
        };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(keys) {
      // at most 1000 keys per call (S3's limit)
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: Key(key) }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
  };
}
