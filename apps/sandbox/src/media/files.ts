import { encodeGif } from './gif';
import { mp4File } from './mp4';
import { encodePng } from './png';
import { CONTENT_TYPES, mediaTone, videoBytes, videoDurationMs } from './paths';
import type { MediaAddress } from './paths';

export interface MediaFile {
  contentType: string;
  size: number;
  /** The file's bytes in order; a fresh generator each call. */
  chunks: () => Iterable<Buffer>;
}

/** Pictures drawn lately (a retry, a test's second look): a GIF of 1920×1080 takes a moment to encode. */
const recent = new Map<string, Buffer>();
const RECENT_FILES = 16;

function drawn(address: MediaAddress, draw: () => Buffer): Buffer {
  const key = `${address.kind}/${address.width}x${address.height}/${address.tweetId}_${address.index}`;
  const cached = recent.get(key);
  if (cached) return cached;
  const file = draw();
  recent.set(key, file);
  if (recent.size > RECENT_FILES) recent.delete(recent.keys().next().value!);
  return file;
}

/** The file at an address: the same bytes every time, for hash checks across runs. */
export function mediaFile(address: MediaAddress, bytes?: number): MediaFile {
  const { kind, tweetId, index, width, height } = address;
  const tone = mediaTone(tweetId, index);
  if (kind === 'video') {
    const file = mp4File(
      width,
      height,
      videoDurationMs(tweetId, index),
      tone,
      bytes ?? videoBytes(tweetId, index),
    );
    return { contentType: CONTENT_TYPES.video, size: file.size, chunks: file.chunks };
  }
  const whole = drawn(address, () =>
    kind === 'photo' ? encodePng(width, height, tone) : encodeGif(width, height, tone),
  );
  return { contentType: CONTENT_TYPES[kind], size: whole.length, chunks: () => [whole] };
}
