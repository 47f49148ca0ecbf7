import { RateLimitError, catalog, endpointIds, settleLookup } from '@social-data/core';
import type { BatchLookupId, EndpointId, SocialDataClient } from '@social-data/core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { paramFields, paramsFrom, simplifyInput } from './fields';
import { nounOf, recordFieldsOf, sampleOf, shapeFor } from './records';
import { dehydratorFor } from './media';
import { withFields } from './step';
import { isNotFound } from '../http/errors';

/** Every lookup of the catalog: one record by name or id, or many by ids. */
const searchIds = endpointIds.filter((id) => ['record', 'records'].includes(catalog[id].result.kind));

/**
 * A batch lookup returns every record found. Batches that failed are logged for the Zap's
 * history; they fail the step only when nothing was found at all, for a reason other than "not
 * found": then "find or create" must not create and "continue if nothing found" must not go on.
 * A batch the API rate limited fails the step as Zapier's throttle, as the line-items action does
 * (one rule for both): Zapier runs the step again later, and it then finds every id, where a
 * success with 200 of 300 records would have gone on without the rest.
 */
async function lookupMany(
  z: ZObject,
  client: SocialDataClient,
  id: BatchLookupId,
  params: Record<string, unknown>,
): Promise<unknown[]> {
  const { records, failures: failed } = settleLookup(
    id,
    params,
    await client.lookupUntyped(id, params),
    isNotFound,
  );
  const throttled = failed.find((failure) => failure.error instanceof RateLimitError);
  if (throttled) throw throttled.error;
  if (records.length === 0 && failed[0]) throw failed[0].error;
  for (const { ids, error } of failed)
    z.console.log(
      `${ids.length} ids were not looked up (${ids[0]} to ${ids[ids.length - 1]}): ${error.message}`,
    );
  return records;
}

async function lookup(
  z: ZObject,
  client: SocialDataClient,
  id: EndpointId,
  bundle: Bundle,
): Promise<unknown[]> {
  const params = paramsFrom(id, bundle.inputData);
  if (catalog[id].result.kind === 'records') return lookupMany(z, client, id as BatchLookupId, params);
  try {
    return [await client.callUntyped(id, params)];
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}

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
        ...withFields(
          catalog[id].action,
          [...paramFields(id), ...simplifyInput(id)],
          async (client, bundle, _deadline, z) => {
            const shape = shapeFor(id, bundle.inputData.simplify, dehydratorFor(z));
            return (await lookup(z, client, id, bundle)).map(shape);
          },
        ),
        sample: sampleOf(id),
        outputFields: [recordFieldsOf(id)],
      },
    },
  ]),
);
