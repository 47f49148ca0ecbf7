/** ISO BMFF boxes: a 32-bit size, a four-letter type, then the payload. */
function box(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

function u32(...values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => bytes.writeUInt32BE(value >>> 0, i * 4));
  return bytes;
}

const UNITY_MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000);
const TIMESCALE = 1000;

/** The boxes before the media data: ftyp, and a moov whose mvhd and tkhd carry duration and size. */
function header(width: number, height: number, durationMs: number): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2mp41', 'latin1'));
  const mvhd = box(
    'mvhd',
    u32(0, 0, 0, TIMESCALE, durationMs, 0x10000),
    Buffer.from([0x01, 0x00]),
    Buffer.alloc(10),
    UNITY_MATRIX,
    Buffer.alloc(24),
    u32(2),
  );
  const tkhd = box(
    'tkhd',
    u32(3, 0, 0, 1, 0, durationMs, 0, 0),
    Buffer.alloc(8),
    UNITY_MATRIX,
    u32(width * 0x10000, height * 0x10000),
  );
  return Buffer.concat([ftyp, box('moov', mvhd, box('trak', tkhd))]);
}

const CHUNK_BYTES = 64 * 1024;

/**
 * An MP4 (ISO BMFF) file of exactly `bytes` bytes, streamed: ftyp and moov as a player reads them
 * (brand isom, the duration, the track's width×height) and an mdat of deterministic bytes, made a
 * chunk at a time so a file of any size costs the sandbox one 64 KB buffer. The mdat holds no
 * encoded frames: the file is a container a client can identify and measure, not a playable clip.
 */
export function mp4File(
  width: number,
  height: number,
  durationMs: number,
  tone: number,
  bytes: number,
): { size: number; chunks: () => Generator<Buffer> } {
  const head = header(width, height, durationMs);
  const dataBytes = Math.max(0, bytes - head.length - 8);
  const pattern = Buffer.alloc(CHUNK_BYTES);
  for (let i = 0; i < CHUNK_BYTES; i += 1) pattern[i] = (i * 31 + tone) & 0xff;
  return {
    size: head.length + 8 + dataBytes,
    *chunks() {
      yield head;
      yield u32(dataBytes + 8, 0x6d646174);
      for (let sent = 0; sent < dataBytes; sent += CHUNK_BYTES)
        yield pattern.subarray(0, Math.min(CHUNK_BYTES, dataBytes - sent));
    },
  };
}
