import { palette, stripePeriod, stripeRow } from './png';

const MAX_CODE = 4096;

/**
 * GIF's variable-width LZW (as omggif and every browser read it): a dictionary of
 * (prefix code, pixel) pairs, codes growing from minCodeSize + 1 bits to 12, a clear code when
 * the table is full. Stripes compress to a few percent of the pixels.
 */
function lzw(minCodeSize: number, pixels: Buffer): Buffer {
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  let size = minCodeSize + 1;
  const put = (code: number) => {
    buffer |= code << bits;
    bits += size;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  };
  let table = new Map<number, number>();
  let next = end + 1;
  put(clear);
  let prefix = pixels[0]!;
  for (let i = 1; i < pixels.length; i += 1) {
    const pixel = pixels[i]!;
    const key = (prefix << 8) | pixel;
    const found = table.get(key);
    if (found !== undefined) {
      prefix = found;
      continue;
    }
    put(prefix);
    if (next === MAX_CODE) {
      put(clear);
      table = new Map();
      next = end + 1;
      size = minCodeSize + 1;
    } else {
      if (next >= 1 << size) size += 1;
      table.set(key, next);
      next += 1;
    }
    prefix = pixel;
  }
  put(prefix);
  put(end);
  if (bits > 0) bytes.push(buffer & 0xff);
  const blocks: Buffer[] = [Buffer.from([minCodeSize])];
  for (let at = 0; at < bytes.length; at += 255) {
    const part = bytes.slice(at, at + 255);
    blocks.push(Buffer.from([part.length, ...part]));
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat(blocks);
}

function u16(value: number): number[] {
  return [value & 0xff, value >> 8];
}

/** A real, decodable GIF89a of `width`×`height`: two frames, the second with the colours swapped. */
export function encodeGif(width: number, height: number, tone: number): Buffer {
  const colours = palette(tone);
  const period = stripePeriod(tone);
  const cycle = Array.from({ length: Math.min(period, height) }, (_, y) => stripeRow(width, y, tone));
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1) cycle[y % period]!.copy(pixels, y * width);
  const data = lzw(2, pixels);
  const frame = (swap: boolean) =>
    Buffer.concat([
      // Graphic control: 50 centiseconds a frame.
      Buffer.from([0x21, 0xf9, 4, 0, ...u16(50), 0, 0]),
      Buffer.from([0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0x80]),
      swap ? Buffer.concat([colours.subarray(3), colours.subarray(0, 3)]) : colours,
      data,
    ]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([...u16(width), ...u16(height), 0, 0, 0]),
    // NETSCAPE2.0: loop forever, as GIFs on the platform do.
    Buffer.from([0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0]),
    frame(false),
    frame(true),
    Buffer.from([0x3b]),
  ]);
}
