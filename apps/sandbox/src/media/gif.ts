import { palette, stripe } from './png';

/** LZW codes of a two-colour GIF: colour 0 and 1, then clear (4) and end (5); 3 bits each. */
const CLEAR = 4;
const END = 5;
const CODE_BITS = 3;

/**
 * The image data of a GIF without compression: a clear code after every two pixels keeps the
 * decoder's table from growing, so every code stays 3 bits wide (the classic "uncompressed GIF").
 */
function imageData(width: number, height: number, tone: number): Buffer {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  const put = (code: number) => {
    buffer |= code << bits;
    bits += CODE_BITS;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  };
  let run = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (run % 2 === 0) put(CLEAR);
      put(stripe(x, y, tone));
      run += 1;
    }
  }
  put(END);
  if (bits > 0) bytes.push(buffer & 0xff);
  const blocks: Buffer[] = [Buffer.from([2])];
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
  const frame = (swap: boolean) =>
    Buffer.concat([
      // Graphic control: 50 centiseconds a frame.
      Buffer.from([0x21, 0xf9, 4, 0, ...u16(50), 0, 0]),
      Buffer.from([0x2c, 0, 0, 0, 0, ...u16(width), ...u16(height), 0x80]),
      swap ? Buffer.concat([colours.subarray(3), colours.subarray(0, 3)]) : colours,
      imageData(width, height, tone),
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
