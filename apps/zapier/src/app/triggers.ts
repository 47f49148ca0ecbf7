import { feedIds, feeds } from '@social-data/core';

import { readBounded } from './bounded-read';
import { DEFAULT_TRIGGER_PAGES, maxPagesField, paramFields, paramsFrom, simplifyField } from './fields';
import { nounOf, recordFieldsOf, sampleOf, shapeFor } from './records';
import { dehydratorFor } from './media';
import { step } from './step';

/** Each record once, the first time it comes: a feed that moves between two pages repeats one. */
function uniqueById(records: object[]): object[] {
  const seen = new Set<unknown>();
  return records.filter((record) => {
    const id = (record as { id?: unknown }).id;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * One polling trigger per feed of core's feed catalog. Zapier polls, keeps the ids it has seen
 * and starts the Zap for the rest, so a poll returns up to Max Pages per Poll pages, newest first,
 * as many as it can afford within Zapier's time and size limits (decision Z8), with `id` as the
 * dedupe key. The
 * editor's sample asks for one page only: Zapier shows three records of it.
 */
export const triggers = Object.fromEntries(
  feedIds.map((id) => {
    const feed = feeds[id];
    const endpoint = feed.endpoint;
    return [
      id,
      {
        key: id,
        noun: nounOf(endpoint),
        display: {
          label: feed.displayName,
          description: `Triggers on each new item: ${feed.description.toLowerCase()}.`,
        },
        operation: {
          inputFields: [...paramFields(endpoint), ...simplifyField(endpoint), maxPagesField()],
          perform: step(async (client, bundle, deadline, z) => {
            const shape = shapeFor(endpoint, bundle.inputData.simplify, dehydratorFor(z));
            const params = paramsFrom(endpoint, bundle.inputData);
            const maxPages =
              (bundle.inputData.max_pages as number | string | undefined) ?? DEFAULT_TRIGGER_PAGES;
            const paginator = client.paginateUntyped(endpoint, params, { maxPages: maxPages as number });
            const maxItems = bundle.meta?.isLoadingSample ? 1 : undefined;
            return uniqueById((await readBounded(paginator, { shape, maxItems, deadline })).records);
          }),
          sample: sampleOf(endpoint),
          outputFields: [recordFieldsOf(endpoint)],
        },
      },
    ];
  }),
);
