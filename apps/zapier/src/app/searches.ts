import { catalog, endpointIds } from '@social-data/core';
import type { EndpointId } from '@social-data/core';

import { zapierErrorStatus } from '../http/errors';
import { paramFields, paramsFrom, simplifyField } from './fields';
import { nounOf, recordFieldsOf, sampleOf, shapeFor } from './records';
import { step } from './step';

/** Every lookup of the catalog: one record by name or id, or many by ids. */
export const searchIds = endpointIds.filter((id) => ['record', 'records'].includes(catalog[id].result.kind));

/**
 * One search per lookup. Nothing found is an empty result, not an error, so a Zap can branch
 * on it (Zapier's "find or create"); every other failure stops the step with its reason.
 */
export const searches = Object.fromEntries(
  searchIds.map((id: EndpointId) => [
    id,
    {
      key: id,
      noun: nounOf(id),
      display: { label: catalog[id].action, description: catalog[id].description },
      operation: {
        inputFields: [...paramFields(id), ...simplifyField(id)],
        perform: step(async (client, bundle) => {
          const shape = shapeFor(id, bundle.inputData.simplify);
          const call = client.call as (id: EndpointId, params: object) => Promise<unknown>;
          try {
            const result = await call.call(client, id, paramsFrom(id, bundle.inputData));
            return (Array.isArray(result) ? result : [result]).map(shape);
          } catch (error) {
            if (zapierErrorStatus(error) === 404) return [];
            throw error;
          }
        }),
        sample: sampleOf(id),
        outputFields: [recordFieldsOf(id)],
      },
    },
  ]),
);
