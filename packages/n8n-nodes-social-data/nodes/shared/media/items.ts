import { CancelledError } from '@social-data/core';
import { mediaTargets } from '@social-data/core/media';
import type { Media, SocialDataClient } from '@social-data/core';
import type { IBinaryKeyData, IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { NodeContext } from '../transport/n8nTransport';
import { binaryDownloader } from './download';
import { maxBytesOf } from './options';
import type { MediaOptions } from './options';

/** The binary property a file gets in one-item-per-file output: the one n8n's file nodes read. */
const FILE_PROPERTY = 'data';

interface Tweet {
  id: string;
  media?: Media[];
}

/**
 * What to do when a file cannot be had. `throw`: the caller decides (the action node stops, or
 * with Continue On Fail makes an error item). A function: the tweet still comes out, the failure
 * named in `media_errors` (or a file's item in `media_error`) and passed to the function, for a
 * trigger, which must not lose a tweet.
 */
export type OnFailure = 'throw' | ((message: string) => void);

/** Turns one tweet (as the API sent it) and its item JSON into the items it becomes. */
export type MediaReader = (record: unknown, json: IDataObject) => Promise<INodeExecutionData[]>;

export function mediaReader(
  context: NodeContext,
  client: SocialDataClient,
  options: MediaOptions,
  onFailure: OnFailure,
): MediaReader {
  const download = binaryDownloader(context, {
    maxBytes: maxBytesOf(options),
    redact: client.redact,
    signal: 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined,
  });
  const perFile = options.mediaOutput === 'file';
  return async (record, json) => {
    const binary: IBinaryKeyData = {};
    const errors: IDataObject[] = [];
    const items: INodeExecutionData[] = [];
    for (const target of mediaTargets(record as Tweet)) {
      const about = { media_index: target.index, media_type: target.item.type, media_url: target.item.url };
      // A settled outcome, not a catch clause: the action node's caller turns the error into an
      // n8n error, and n8n's lint refuses a raw rethrow from a catch.
      const outcome = await download(target).then(
        (file) => ({ file }),
        (error: unknown) => ({ error }),
      );
      if ('file' in outcome) {
        if (perFile) items.push({ json: { ...json, ...about }, binary: { [FILE_PROPERTY]: outcome.file } });
        else binary[`media_${target.index}`] = outcome.file;
        continue;
      }
      if (onFailure === 'throw' || outcome.error instanceof CancelledError) throw outcome.error;
      const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
      onFailure(message);
      if (perFile) items.push({ json: { ...json, ...about, media_error: message } });
      else errors.push({ index: target.index, message });
    }
    if (perFile) return items;
    const item: INodeExecutionData = { json: errors.length ? { ...json, media_errors: errors } : json };
    if (Object.keys(binary).length) item.binary = binary;
    return [item];
  };
}
