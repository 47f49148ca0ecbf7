import { Readable } from 'node:stream';

import { downloadMedia } from '@social-data/core/media';
import type { Media } from '@social-data/core';
import type { MediaTarget } from '@social-data/core/media';
import { sleep } from '@social-data/core/node';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { STEP_BUDGET_MS, redactorFor } from '../http/client';
import { toZapierError } from '../http/errors';
import { zapierMediaTransport } from '../http/media-transport';

/** What a dehydrated file carries to its hydration: the item, never a credential. */
interface MediaPointer {
  tweetId: string;
  index: number;
  type: Media['type'];
  url: string;
}

/**
 * Zapier calls this when a later step uses a media file: core downloads it (no API key, cookie or
 * proxy; the size cap, the type check, retries) and it is streamed into Zapier's file store, whose
 * link replaces the pointer. Within one invocation's 30 s, as a step's requests.
 */
async function hydrateMedia(z: ZObject, bundle: Bundle): Promise<string> {
  const { tweetId, index, type, url } = bundle.inputData as unknown as MediaPointer;
  const target: MediaTarget = { tweetId, index: Number(index), item: { type, url } };
  try {
    return await downloadMedia(
      target,
      // Typed as a string, z.stashFile answers with a promise of the file's link.
      async (file) => z.stashFile(Readable.from(file.body), file.size, file.fileName, file.mimeType),
      {
        transport: zapierMediaTransport(z),
        sleep,
        timeoutMs: STEP_BUDGET_MS,
        redact: redactorFor(bundle),
      },
    );
  } catch (error) {
    throw toZapierError(z, error);
  }
}

export const hydrators = { downloadMedia: hydrateMedia };

export type Dehydrate = (pointer: MediaPointer) => string;

/**
 * A shaped record with a file for each media item: `media[].file` as the API shape comes, and
 * `media_files` beside the simplified columns. Each is a pointer Zapier hydrates only when a
 * later step uses it, so a Zap that only reads text downloads nothing.
 */
export function withMediaFiles(shaped: object, record: unknown, dehydrate: Dehydrate): object {
  const tweet = record as { id: string; media?: Media[] };
  const pointers = (tweet.media ?? []).map((item, index) =>
    dehydrate({ tweetId: tweet.id, index, type: item.type, url: item.url }),
  );
  const result = shaped as { media?: unknown };
  if (!Array.isArray(result.media)) return { ...shaped, media_files: pointers };
  const media = (result.media as Media[]).map((item, index) => ({ ...item, file: pointers[index] }));
  return { ...shaped, media };
}

/** A sample's stand-in for a file: the media URL, as Zapier shows a file as a link. */
export const sampleFile: Dehydrate = (pointer) => pointer.url;

/** Makes the pointers of one step: `z.dehydrateFile` of the hydrator above. */
export function dehydratorFor(z: ZObject): Dehydrate {
  return (pointer) => z.dehydrateFile(hydrateMedia, { ...pointer });
}
