import { feedIds, feeds } from '@social-data/core';

import { paramFields, paramsFrom, simplifyField } from './fields';
import { nounOf, recordFieldsOf, sampleOf, shapeFor } from './records';
import { step } from './step';

/**
 * One polling trigger per feed of core's feed catalog. Zapier polls, keeps the ids it has seen
 * and starts the Zap for the rest, so a trigger returns the first page, newest first, with `id`
 * as the dedupe key.
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
          inputFields: [...paramFields(endpoint), ...simplifyField(endpoint)],
          perform: step(async (client, bundle) => {
            const shape = shapeFor(endpoint, bundle.inputData.simplify);
            const params = paramsFrom(endpoint, bundle.inputData);
            for await (const page of client.paginate(endpoint, params as never, { maxPages: 1 }).pages())
              return page.records.map(shape);
            return [];
          }),
          sample: sampleOf(endpoint),
          outputFields: [recordFieldsOf(endpoint)],
        },
      },
    ];
  }),
);
