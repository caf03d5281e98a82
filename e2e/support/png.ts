import { deflateSync } from "node:zlib";

/** Real PNG images made here (the API decodes every upload), for photos, banners and "a picture with no QR code". */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB gradient of this size; `seed` changes its colours, so images of different seeds differ byte for byte. */
export function png(width = 32, height = 24, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Array.from({ length: height }, (_, y) => {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([(seed * 53 + x * 4) & 0xff, (seed * 97 + y * 6) & 0xff, (seed * 31 + 120) & 0xff], 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat(rows))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A photo as a file input or a multipart field takes it: a 48×32 PNG coloured by `seed`. */
export const pngFile = (seed: number, name = `foto-${seed}.png`) => ({ name, mimeType: "image/png", buffer: png(48, 32, seed) });

/** `count` photos of consecutive seeds from `from`. */
export const pngFiles = (count: number, from = 1) => Array.from({ length: count }, (_, i) => pngFile(from + i));
