import { IDS_PER_REQUEST, Paginator, catalog, endpointIds, normalizeIdList } from '@social-data/core';
import type { BatchLookupId, OpenPaginator, Page } from '@social-data/core';

import { readWithinStep } from './bounded-read';
import { paramFields, simplifyInput } from './fields';
import { lineItemsOutput, nounOf, shapeFor } from './records';
import { dehydratorFor } from './media';
import { withFields } from './step';
import { isNotFound } from '../http/errors';

/** The batch lookups: every id of a list, 100 a request. */
const lookupIds = endpointIds.filter((id): id is BatchLookupId => catalog[id].result.kind === 'records');

/**
 * A batch lookup as an action, so every record found reaches the next step: a search hands on
 * only its first result, an action's records are line items. Batches are read like feed pages,
 * within Zapier's size and time limits; `remaining_ids` holds the ids not looked up yet.
 */
export const lookupActions = Object.fromEntries(
  lookupIds.map((id) => {
    const result = catalog[id].result as { record: 'tweet' | 'user'; idsParam: string };
    const key = `${id}Items`;
    return [
      key,
      {
        key,
        noun: nounOf(id),
        display: {
          label: `${catalog[id].action} as line items`,
          description: `${catalog[id].description} Every record found, as line items for the next step.`,
        },
        operation: {
          ...withFields(
            `${catalog[id].action} as line items`,
            [...paramFields(id), ...simplifyInput(id)],
            async (client, bundle, deadline, z) => {
              const shape = shapeFor(id, bundle.inputData.simplify, dehydratorFor(z));
              const ids = normalizeIdList(result.record, bundle.inputData[result.idsParam], result.idsParam);
              const batch = async (cursor: string | undefined): Promise<Page<unknown>> => {
                const start = Number(cursor ?? 0);
                const next = start + IDS_PER_REQUEST < ids.length ? String(start + IDS_PER_REQUEST) : '';
                const wanted = ids.slice(start, start + IDS_PER_REQUEST).join(',');
                // A batch of ids none of which exist is answered "not found": they are named in
                // not_found_ids like any other id that does not exist, not a failure (decision N19).
                const records: unknown[] = await client
                  .callUntyped(id, { [result.idsParam]: wanted })
                  .catch((error: unknown) => (isNotFound(error) ? [] : Promise.reject(error)));
                return { records, next_cursor: next, has_next_page: next !== '' };
              };
              // Batches found empty are not a feed that ran dry: go on through all of them.
              const open: OpenPaginator = (prefetch) =>
                new Paginator(batch, { maxEmptyPages: Number.MAX_SAFE_INTEGER, prefetch });
              const read = await readWithinStep(open, { shape, deadline });
              const found = new Set(read.records.map((record) => (record as { id?: unknown }).id));
              const asked = ids.slice(0, read.nextCursor === '' ? ids.length : Number(read.nextCursor));
              return {
                records: read.records,
                count: read.records.length,
                not_found_ids: asked.filter((wanted) => !found.has(wanted)).join(','),
                remaining_ids: read.nextCursor === '' ? '' : ids.slice(Number(read.nextCursor)).join(','),
                truncated_by: read.cut ?? '',
              };
            },
          ),
          ...lineItemsOutput(id, { not_found_ids: '', remaining_ids: '', truncated_by: '' }),
        },
      },
    ];
  }),
);
