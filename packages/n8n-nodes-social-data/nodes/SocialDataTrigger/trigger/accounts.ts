import { normalizeParams, normalizeScreenNameList } from '@social-data/core';
import {
  MAX_ACCOUNTS,
  feedPages,
  feeds,
  newestRecord,
  pollAccountsOnce,
  pollPages,
  timeBudget,
} from '@social-data/core/feeds';
import type { FeedId } from '@social-data/core/feeds';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { shapeFor } from '../../shared/records';
import { withNotice } from './notice';
import { pollClient, pollDeadline } from './poll-time';
import { STATE, itemsOf, nothingToShow } from './items';
import type { Options } from './items';

/**
 * Where versions before core kept the failing accounts (name → message); core's state holds them
 * now, so a workflow updated while an account fails does not report that failure again.
 */
const FAILING = 'socialDataFailing';

function withFailing(state: unknown, failing: unknown): unknown {
  if (!state || typeof state !== 'object' || 'failing' in state || !failing || typeof failing !== 'object')
    return state;
  return { ...state, failing: Object.keys(failing) };
}

/**
 * One poll of New Tweet or New Reply on a list of accounts. Each account keeps a watch of its
 * own in one state (core's `pollAccountsOnce`); items carry `watched_account`. An account that fails
 * is reported once, as an item with `error`, when it starts failing, and logged at every poll;
 * the others go on. Only a poll in which every account failed fails.
 */
export async function pollAccountList(
  context: IPollFunctions,
  event: FeedId,
  options: Options,
  keep: ((record: unknown) => boolean) | undefined,
): Promise<INodeExecutionData[][] | null> {
  const feed = feeds[event];
  const names = normalizeScreenNameList(context.getNodeParameter('userNames'), MAX_ACCOUNTS, 'userNames');
  const deadline = pollDeadline(context);
  const client = await pollClient(context, feed, deadline);
  const readFor = (name: string) =>
    feedPages(client, feed.endpoint, normalizeParams(feed.endpoint, { userName: name }), deadline);
  const account = new Map<string, string>();
  const base = shapeFor(feed.endpoint, options.simplify);
  const shape = (record: unknown) => ({
    ...base(record),
    watched_account: account.get((record as { id: string }).id) ?? '',
  });

  if (context.getMode() === 'manual') {
    const newest = await newestRecord(readFor(names[0]!), keep);
    if (!newest) throw nothingToShow(context, feed.displayName, keep !== undefined);
    account.set(newest.id, names[0]!);
    return [await itemsOf(context, client, event, [newest], options, shape)];
  }

  const staticData = context.getWorkflowStaticData('node');
  const result = await pollAccountsOnce({
    feed: event,
    names,
    readFor,
    store: {
      get: () => withFailing(staticData[STATE], staticData[FAILING]),
      set: (state) => {
        staticData[STATE] = state as unknown as IDataObject;
        delete staticData[FAILING];
      },
    },
    maxPages: pollPages(options.maxPages, 'maxPagesPerPoll'),
    ...(keep ? { keep } : {}),
    // Accounts not reached in time keep their watch and lead the next poll.
    ...(deadline === undefined ? {} : { budget: { fits: () => true, more: timeBudget(deadline) } }),
    describe: (error) =>
      toNodeError(context.getNode(), error, undefined, feed.endpoint, `the ${feed.displayName} event`)
        .message,
  });
  for (const note of result.notes) context.logger.warn(`Social Data Trigger: ${note}`);

  for (const entry of result.records) account.set(entry.record.id, entry.account);
  const items = await itemsOf(
    context,
    client,
    event,
    result.records.map((entry) => entry.record),
    options,
    shape,
  );
  return withNotice([...result.failing.map((json) => ({ json: { ...json } })), ...items], result.notice);
}
