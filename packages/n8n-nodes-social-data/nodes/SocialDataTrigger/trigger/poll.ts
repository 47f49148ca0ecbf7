import {
  catalog,
  feedPages,
  feeds,
  newestRecord,
  normalizeParams,
  pollFeed,
  watchKey,
} from '@social-data/core';
import type { FeedId, SocialDataClient } from '@social-data/core';
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { API_CREDENTIAL } from '../../shared/credential';
import { namingInput, toNodeError } from '../../shared/errors';
import { mediaReader } from '../../shared/media/items';
import { hasMedia } from '../../shared/media/options';
import type { MediaOptions } from '../../shared/media/options';
import { plain, shapeFor } from '../../shared/records';
import type { Shape } from '../../shared/records';
import { clientFor } from '../../shared/transport/client';
import { eventParams } from './events';
import { DEFAULT_MAX_PAGES } from './properties';

interface Options extends MediaOptions {
  maxPages?: number;
  simplify?: boolean;
}

/**
 * The items the new records become, oldest first. With Download Media, each tweet's files come
 * along; a file that cannot be had is named in the item rather than failing the poll, whose state
 * is already saved: the tweet is delivered once, with or without it.
 */
async function itemsOf(
  context: IPollFunctions,
  client: SocialDataClient,
  event: FeedId,
  records: unknown[],
  options: Options,
  shape: Shape,
): Promise<INodeExecutionData[]> {
  if (!options.downloadMedia || !hasMedia(feeds[event].endpoint))
    return records.map((record) => ({ json: shape(record) }));
  const read = mediaReader(context, client, options, (message) =>
    context.logger.warn(`Social Data Trigger: ${message}`),
  );
  const items: INodeExecutionData[] = [];
  for (const record of records) for (const item of await read(record, shape(record))) items.push(item);
  return items;
}

/** Where the watch state lives in the workflow's static data for this node. */
const STATE = 'socialDataWatch';

/**
 * One poll of the trigger. Activation records where the feed stands and emits nothing; later
 * polls emit what appeared since, oldest first so a Slack channel or a sheet reads in order. A
 * manual run ("Fetch Test Event") emits the newest item and leaves the state alone. The state is
 * written only after a poll succeeded, so a failed poll is simply tried again by the next one.
 */
export async function pollEvent(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
  const event = this.getNodeParameter('event') as FeedId;
  const feed = feeds[event];
  const raw: IDataObject = {};
  try {
    for (const [name] of eventParams(event)) raw[name] = plain(this.getNodeParameter(name)) as string;
    const params = normalizeParams(feed.endpoint, raw) as IDataObject;
    const options = this.getNodeParameter('options', {}) as Options;
    const client = await clientFor(this, feed.endpoint, `the ${feed.displayName} event`);
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    const read = feedPages(client, feed.endpoint, params);
    const shape = shapeFor(feed.endpoint, options.simplify);

    if (this.getMode() === 'manual') {
      const newest = await newestRecord(read);
      if (!newest) {
        throw new NodeOperationError(
          this.getNode(),
          `Nothing to show yet: the feed of "${feed.displayName}" is empty`,
          {
            description:
              'Pick an account, list or community whose feed has items, or add one, then fetch again.',
          },
        );
      }
      return [await itemsOf(this, client, event, [newest], options, shape)];
    }

    const staticData = this.getWorkflowStaticData('node');
    // Own-session feeds (bookmarks, For You, muted...) belong to the session's account, so
    // another credential is another feed.
    const session =
      catalog[feed.endpoint].mode === 'session'
        ? (this.getNode().credentials?.[API_CREDENTIAL]?.id ?? '')
        : '';
    const result = await pollFeed(read, staticData[STATE], {
      key: watchKey(event, session ? { ...params, session } : params),
      order: feed.order,
      maxPages,
    });
    if (result.state) staticData[STATE] = result.state as unknown as IDataObject;
    else delete staticData[STATE];
    for (const note of result.notes) this.logger.warn(`Social Data Trigger: ${note}`);
    if (result.records.length === 0) return null;
    return [await itemsOf(this, client, event, result.records.reverse(), options, shape)];
  } catch (error) {
    throw toNodeError(this.getNode(), namingInput(error, feed.endpoint, raw), undefined, feed.endpoint);
  }
}
