import { normalizeParams } from '@social-data/core';
import {
  feedPages,
  feeds,
  isRemovalFeed,
  newestRecord,
  pollOnce,
  pollPages,
  pollPagesField,
  takesManyAccounts,
} from '@social-data/core/feeds';
import type { FeedId } from '@social-data/core/feeds';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { API_CREDENTIAL } from '../../shared/credential';
import { toNodeError } from '../../shared/errors';
import { filterFrom, isTweetFeed } from '../../shared/filters';
import { plain, shapeFor } from '../../shared/records';
import { clientFor } from '../../shared/transport/client';
import { eventParams } from './events';
import { pollAccountList } from './accounts';
import { STATE, itemsOf, nothingToShow } from './items';
import type { Options } from './items';
import { withNotice } from './notice';
import { pollClient, pollDeadline } from './poll-time';

/**
 * One poll of the trigger. Activation records where the feed stands and emits nothing; later
 * polls emit what appeared since (or, for a removal event, what certainly left), oldest first so
 * a Slack channel or a sheet reads in order. A manual run ("Fetch Test Event") emits the newest
 * item and leaves the state alone. The state is written only after a poll succeeded, so a
 * failed poll is simply tried again by the next one.
 */
export async function pollEvent(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
  const event = this.getNodeParameter('event') as FeedId;
  const feed = feeds[event];
  try {
    const options = this.getNodeParameter('options', {}) as Options;
    const keep = isTweetFeed(feed.endpoint) ? filterFrom(options) : undefined;
    const maxPages = pollPages(options.maxPages, 'maxPagesPerPoll');
    const shape = shapeFor(feed.endpoint, options.simplify);
    if (takesManyAccounts(event) && this.getNodeParameter('accounts', 'one') === 'many')
      return await pollAccountList(this, event, options, keep);

    const raw: IDataObject = {};
    for (const [name] of eventParams(event)) raw[name] = plain(this.getNodeParameter(name)) as string;
    const params = normalizeParams(feed.endpoint, raw) as IDataObject;
    // The poll's time bounds its pages and each request in them: a page that never finishes
    // ends with the poll's time, not three 30 s attempts later (issue 38, case 1).
    const deadline = pollDeadline(this);
    const client = await pollClient(this, feed, deadline);
    const read = feedPages(client, feed.endpoint, params, deadline);

    if (this.getMode() === 'manual') {
      const newest = await newestRecord(read, keep);
      if (!newest) throw nothingToShow(this, feed.displayName, keep !== undefined);
      return [await itemsOf(this, client, event, [newest], options, shape)];
    }

    const staticData = this.getWorkflowStaticData('node');
    // Whose session: another credential is another own-session feed.
    const session = this.getNode().credentials?.[API_CREDENTIAL]?.id ?? '';
    const removals = isRemovalFeed(event);
    const polled = await pollOnce({
      feed: event,
      read,
      params,
      session,
      store: {
        get: () => staticData[STATE],
        set: (state) => {
          if (state) staticData[STATE] = state as unknown as IDataObject;
          else delete staticData[STATE];
        },
      },
      maxPages,
      pagesSetting: `${pollPagesField().label} (under Options)`,
      ...(keep ? { keep } : {}),
      // Accounts that left are looked up with the lookup's own name in its errors.
      client: () => clientFor(this, 'getUsersByIds', 'the lookup of accounts that left'),
      shape,
    });
    for (const note of polled.notes) this.logger.warn(`Social Data Trigger: ${note}`);
    const items = removals
      ? polled.lost.map((json) => ({ json: json as IDataObject }))
      : await itemsOf(this, client, event, polled.records, options, shape);
    return withNotice(items, polled.notice);
  } catch (error) {
    throw toNodeError(this.getNode(), error, undefined, feed.endpoint, `the ${feed.displayName} event`);
  }
}
