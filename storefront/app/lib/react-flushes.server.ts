import { Transform, type TransformCallback } from "node:stream";

/**
 * Hands the page on in the pieces React means to send, not in its 2 kB writes: React calls `flush()` when it has
 * nothing more to write for now (the convention of compression streams), so a page without a pending Suspense
 * boundary leaves here as one chunk. Passed through piece by piece, every 2 kB write became a Remix stream read,
 * a write to the compression middleware and a zlib sync flush (Remix flushes after each chunk): ~13 % of a city
 * page's CPU, and a worse compression.
 */
export class ReactFlushes extends Transform {
  private pending: Uint8Array[] = [];

  /** `edit` sees each piece before it leaves (entry.server: lib/paint-first.server.ts). */
  constructor(private readonly edit: (piece: Uint8Array) => Uint8Array = (piece) => piece) {
    super();
  }

  override _transform(chunk: Uint8Array, _encoding: BufferEncoding, done: TransformCallback) {
    this.pending.push(chunk);
    done();
  }

  flush() {
    if (this.pending.length === 0) return;
    const chunks = this.pending;
    this.pending = [];
    this.push(this.edit(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
