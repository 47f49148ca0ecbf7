import { inflateSync } from 'node:zlib';

/**
 * Readers written apart from the sandbox's encoders, so a test proves the files decode as any
 * viewer would read them: PNG chunks and pixels, GIF LZW frames, MP4 boxes.
 */

export function decodePng(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (;;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8)]).toEqual([8, 3, 0, 0, 0]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
    if (type === 'IEND') break;
  }
  expect(at).toBe(bytes.length);
  const rows = inflateSync(Buffer.concat(data));
  expect(rows.length).toBe((width + 1) * height);
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) {
    expect(rows[y * (width + 1)]).toBe(0);
    rows.copy(pixels, y * width, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return { width, height, pixels };
}

/** A general GIF LZW decoder (variable code width, clear and end codes). */
function lzw(minCodeSize: number, data: Buffer, pixels: number): number[] {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  let size = minCodeSize + 1;
  let table: number[][] = [];
  const reset = () => {
    table = Array.from({ length: clear + 2 }, (_, i) => [i]);
    size = minCodeSize + 1;
  };
  reset();
  const out: number[] = [];
  let previous: number[] | undefined;
  let bit = 0;
  while (out.length < pixels) {
    let code = 0;
    for (let i = 0; i < size; i += 1, bit += 1) code |= ((data[bit >> 3]! >> (bit & 7)) & 1) << i;
    if (code === clear) {
      reset();
      previous = undefined;
      continue;
    }
    if (code === end) break;
    const entry = code < table.length ? table[code]! : [...previous!, previous![0]!];
    out.push(...entry);
    if (previous) table.push([...previous, entry[0]!]);
    previous = entry;
    if (table.length === 1 << size && size < 12) size += 1;
  }
  return out;
}

export function decodeGif(bytes: Buffer): { width: number; height: number; frames: number[][] } {
  expect(bytes.toString('latin1', 0, 6)).toBe('GIF89a');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  let at = 13 + (bytes[10]! & 0x80 ? 3 * 2 ** ((bytes[10]! & 7) + 1) : 0);
  const frames: number[][] = [];
  while (bytes[at] !== 0x3b) {
    if (bytes[at] === 0x21) {
      at += 2;
      while (bytes[at] !== 0) at += bytes[at]! + 1;
      at += 1;
      continue;
    }
    expect(bytes[at]).toBe(0x2c);
    const packed = bytes[at + 9]!;
    at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
    const minCodeSize = bytes[at]!;
    at += 1;
    const blocks: Buffer[] = [];
    while (bytes[at] !== 0) {
      blocks.push(bytes.subarray(at + 1, at + 1 + bytes[at]!));
      at += bytes[at]! + 1;
    }
    at += 1;
    frames.push(lzw(minCodeSize, Buffer.concat(blocks), width * height));
  }
  expect(at).toBe(bytes.length - 1);
  return { width, height, frames };
}

/** The top-level boxes of an MP4 and what its mvhd and tkhd say. */
export function readMp4(bytes: Buffer): {
  boxes: string[];
  brand: string;
  durationMs: number;
  width: number;
  height: number;
} {
  const boxes: string[] = [];
  let moov: Buffer | undefined;
  for (let at = 0; at < bytes.length;) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    boxes.push(type);
    if (type === 'moov') moov = bytes.subarray(at, at + size);
    expect(size).toBeGreaterThanOrEqual(8);
    at += size;
    if (at === bytes.length) break;
    expect(at).toBeLessThan(bytes.length);
  }
  const find = (type: string) => moov!.indexOf(type, 0, 'latin1') + 4;
  const mvhd = find('mvhd');
  const tkhd = find('tkhd');
  return {
    boxes,
    brand: bytes.toString('latin1', 8, 12),
    durationMs: (moov!.readUInt32BE(mvhd + 16) * 1000) / moov!.readUInt32BE(mvhd + 12),
    width: moov!.readUInt32BE(tkhd + 76) / 0x10000,
    height: moov!.readUInt32BE(tkhd + 80) / 0x10000,
  };
}
