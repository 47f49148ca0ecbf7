import type { Media } from '../records/types';

/** An image/type or video/type without its parameters, in lower case. */
export function essence(contentType: string | undefined): string | undefined {
  const value = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  return value ? value : undefined;
}

/**
 * Whether a Content-Type fits an item's type (docs/decisions.md, B28): a photo is any image, a
 * video an MP4, an animated GIF an MP4 (as the platform serves them) or a GIF (as the sandbox and
 * some mirrors do). A type the document does not name takes any image or video.
 */
export function fitsType(type: Media['type'], mime: string): boolean {
  switch (type) {
    case 'photo':
      return mime.startsWith('image/');
    case 'video':
      return mime === 'video/mp4';
    case 'animated_gif':
      return mime === 'video/mp4' || mime === 'image/gif';
    default:
      return mime.startsWith('image/') || mime.startsWith('video/');
  }
}

/** What an item of this type must be, for the error when it is not. */
export function expectedTypes(type: Media['type']): string {
  switch (type) {
    case 'photo':
      return 'an image';
    case 'video':
      return 'video/mp4';
    case 'animated_gif':
      return 'video/mp4 or image/gif';
    default:
      return 'an image or a video';
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/svg+xml': 'svg',
  'video/quicktime': 'mov',
};

/** The file extension of a media type: jpg, png, gif, webp, mp4, or the subtype's letters. */
function extensionOf(mime: string): string {
  const known = EXTENSIONS[mime];
  if (known) return known;
  const subtype = (mime.split('/')[1] ?? '').replace(/^x-/, '').replace(/[^a-z0-9]/g, '');
  return subtype.slice(0, 8) || 'bin';
}

/**
 * `<tweet id>-<index>.<ext>`: the same name for the same file on every run, and safe on every
 * file system and in a multipart upload. Tweet ids are digits; anything else is replaced.
 */
export function mediaFileName(tweetId: string, index: number, mime: string): string {
  const id = tweetId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return `${id}-${index}.${extensionOf(mime)}`;
}
