import { deflateSync } from 'node:zlib';

// zlib.crc32 arrived in Node 20.15; the engines field allows 20.11.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Two colours from a 24-bit value, so each tweet's picture differs from its neighbours'. */
export function palette(tone: number): Buffer {
  const r = (tone >> 16) & 0xff;
  const g = (tone >> 8) & 0xff;
  const b = tone & 0xff;
  return Buffer.from([r, g, b, 255 - r, 255 - g, 255 - b]);
}

/** The stripes' period along a row or a column. */
export function stripePeriod(tone: number): number {
  return 2 * (8 + (tone % 24));
}

/** Which of the two colours a pixel takes: diagonal stripes whose width depends on the tone. */
export function stripe(x: number, y: number, tone: number): number {
  return Math.floor((x + y) / (8 + (tone % 24))) % 2;
}

/** Row y of the picture; rows repeat every stripePeriod rows. */
export function stripeRow(width: number, y: number, tone: number): Buffer {
  const row = Buffer.alloc(width);
  for (let x = 0; x < width; x += 1) row[x] = stripe(x, y, tone);
  return row;
}

/**
 * A real, decodable PNG of `width`×`height` (8-bit palette, two colours): the rows repeat in a
 * short cycle, so even 1920×1080 is a few distinct rows to draw and deflates to a few KB.
 */
export function encodePng(width: number, height: number, tone: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 3, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height);
  const period = stripePeriod(tone);
  const cycle = Array.from({ length: Math.min(period, height) }, (_, y) => stripeRow(width, y, tone));
  for (let y = 0; y < height; y += 1) cycle[y % period]!.copy(rows, y * (width + 1) + 1);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', palette(tone)),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
