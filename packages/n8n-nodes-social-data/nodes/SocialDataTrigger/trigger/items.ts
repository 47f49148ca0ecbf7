import { feeds } from '@social-data/core/feeds';
import { tweetsCarryMedia } from '@social-data/core';
import type { SocialDataClient } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import { NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { FilterOptions } from '../../shared/filters';
import { mediaReader } from '../../shared/media/items';
import type { MediaOptions } from '../../shared/media/options';
import type { Shape } from '../../shared/records';

/** What a poll of one account and a poll of many share: the options, the items, the state's place. */
export interface Options extends MediaOptions, FilterOptions {
  maxPages?: number;
  simplify?: boolean;
}

/**
 * The items the new records become, oldest first. With Download Media, each tweet's files come
 * along; a file that cannot be had is named in the item rather than failing the poll, whose state
 * is already saved: the tweet is delivered once, with or without it.
 */
export async function itemsOf(
  context: IPollFunctions,
  client: SocialDataClient,
  event: FeedId,
  records: unknown[],
  options: Options,
  shape: Shape,
): Promise<INodeExecutionData[]> {
  if (!options.downloadMedia || !tweetsCarryMedia(feeds[event].endpoint))
    return records.map((record) => ({ json: shape(record) }));
  const read = mediaReader(context, client, options, (message) =>
    context.logger.warn(`Social Data Trigger: ${message}`),
  );
  const items: INodeExecutionData[] = [];
  for (const record of records) for (const item of await read(record, shape(record))) items.push(item);
  return items;
}

/** Where the watch state lives in the workflow's static data for this node. */
export const STATE = 'socialDataWatch';

/** Fetch Test Event on a feed with nothing to show (or nothing that passes the filters). */
export function nothingToShow(context: IPollFunctions, event: string, filtered: boolean): NodeOperationError {
  return filtered
    ? new NodeOperationError(
        context.getNode(),
        `Nothing to show yet: none of the newest tweets of "${event}" passes the filters`,
        {
          description:
            'Loosen the filters under Options, or wait for a tweet that passes them, then fetch again.',
        },
      )
    : new NodeOperationError(context.getNode(), `Nothing to show yet: the feed of "${event}" is empty`, {
        description: 'Pick an account, list or community whose feed has items, or add one, then fetch again.',
      });
}
