import { endpointSpec } from '@social-data/core';
import { listSize } from '@social-data/core/feeds';
import type { PaginatedId, SocialDataClient } from '@social-data/core';
import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

/**
 * The most records Return All puts in one n8n execution: the largest run measured to complete on
 * both n8n lines (README, "Big accounts"). n8n holds every item in memory and writes them all to
 * its database in one piece: 250,000 followers took 2.9 GB of RSS in n8n 1.x, so a million would
 * exhaust memory after reading every page.
 */
const RETURN_ALL_MAX_RECORDS = 250_000;

/**
 * Refuses, before reading, a Return All that would hold more than RETURN_ALL_MAX_RECORDS items in
 * one execution, when the profile tells the feed's size; costs one profile lookup. Output "One
 * File" holds no records and is never refused. `bound` is the
 * most records the run can read anyway (Max Pages × Page Size), when set.
 */
export async function checkReturnAllSize(
  context: IExecuteFunctions,
  client: SocialDataClient,
  operation: PaginatedId,
  params: IDataObject,
  itemIndex: number,
  bound: number | undefined,
): Promise<void> {
  const { counter } = endpointSpec(operation);
  if (!counter || (bound !== undefined && bound <= RETURN_ALL_MAX_RECORDS)) return;
  const list = await listSize(client, operation, params);
  if (!list || list.size <= RETURN_ALL_MAX_RECORDS) return;
  const size = list.size.toLocaleString('en-US');
  throw new NodeOperationError(
    context.getNode(),
    `@${list.userName} has ${size} ${counter === 'followers' ? 'followers' : 'accounts followed'}: more than Return All keeps in one execution (${RETURN_ALL_MAX_RECORDS.toLocaleString('en-US')})`,
    {
      itemIndex,
      description:
        'To export all of them, set Options > Output to "One File": every record goes into one CSV or JSON Lines file, page by page, with flat memory. To get items, read it in parts: Output "One Item per Page" and Max Pages (1,000 pages of 200 are 200,000 users, as the example does), then run again with Start Cursor set to the next_cursor of the last page, as the package\'s example workflow "followers-in-parts" does. Nothing was read: only the profile was looked up.',
    },
  );
}
