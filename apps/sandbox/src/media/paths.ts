/**
 * Where each media item of the sandbox lives on its media host, and what the file there is. The
 * world builds an item's URL from these, and the media route reads the same URL back, so a file
 * is computed from its address alone and no file is ever stored.
 */
export type MediaKind = 'photo' | 'video' | 'animated_gif';

const FOLDERS: Record<MediaKind, string> = {
  photo: 'media',
  video: 'ext_tw_video',
  animated_gif: 'tweet_video',
};
const EXTENSIONS: Record<MediaKind, string> = { photo: 'png', video: 'mp4', animated_gif: 'gif' };
export const CONTENT_TYPES: Record<MediaKind, string> = {
  photo: 'image/png',
  video: 'video/mp4',
  animated_gif: 'image/gif',
};
/** The largest picture the route draws, and the largest file it streams (`?bytes=`). */
const MAX_SIDE = 4096;
export const MAX_BYTES = 1024 ** 3;

export interface MediaAddress {
  kind: MediaKind;
  tweetId: string;
  index: number;
  width: number;
  height: number;
}

/** A 24-bit value of (tweet, index), FNV-1a: the colours, stripes, duration and size of a file. */
export function mediaTone(tweetId: string, index: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${tweetId}_${index}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return (hash >>> 0) & 0xffffff;
}

/** A video's length: 2 to 15.5 seconds. */
export function videoDurationMs(tweetId: string, index: number): number {
  return 2000 + (mediaTone(tweetId, index) % 28) * 500;
}

/** A video's size when the URL asks for none: 96 to 160 KB, a short clip. */
export function videoBytes(tweetId: string, index: number): number {
  return 96 * 1024 + (mediaTone(tweetId, index) % (64 * 1024));
}

export function mediaPath({ kind, tweetId, index, width, height }: MediaAddress): string {
  return `/${FOLDERS[kind]}/${width}x${height}/${tweetId}_${index}.${EXTENSIONS[kind]}`;
}

const PATH = /^\/(media|ext_tw_video|tweet_video)\/(\d{1,4})x(\d{1,4})\/(\d{1,30})_(\d{1,2})\.(png|mp4|gif)$/;

export function parseMediaPath(path: string): MediaAddress | undefined {
  const match = PATH.exec(path);
  if (!match) return undefined;
  const [, folder, width, height, tweetId, index, extension] = match;
  const kind = (Object.keys(FOLDERS) as MediaKind[]).find((k) => FOLDERS[k] === folder);
  if (!kind || EXTENSIONS[kind] !== extension) return undefined;
  const address = {
    kind,
    tweetId: tweetId!,
    index: Number(index),
    width: Number(width),
    height: Number(height),
  };
  const fits = (side: number) => side >= 1 && side <= MAX_SIDE;
  return fits(address.width) && fits(address.height) ? address : undefined;
}
