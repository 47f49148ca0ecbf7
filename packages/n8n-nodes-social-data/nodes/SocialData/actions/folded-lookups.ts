import type { BatchLookupId, BatchResult, RequestGate, Settled } from '@social-data/core';
import type { IExecuteFunctions } from 'n8n-workflow';

import { clientFor } from '../../shared/transport/client';
import { readParams } from './params';
import { operationLabel } from './resources';

/** An input item's share of its run's folded batch lookup; undefined when it was left out of the fold. */
export type FoldedLookup = (
  operation: BatchLookupId,
  itemIndex: number,
) => Promise<BatchResult<unknown> | undefined>;

/**
 * The batch lookups (users or tweets by id) of a run's input items, folded: the first item of an
 * operation to run asks for the ids of every item of that operation at once, 100 ids a request,
 * and each item gets back what its own lookup would have found. 2,000 items of one user id each
 * cost 20 requests instead of 2,000. An item whose parameters cannot be read is left out and
 * fails on its own when it runs.
 */
export function foldedLookups(context: IExecuteFunctions, gate: RequestGate): FoldedLookup {
  const folds = new Map<BatchLookupId, Promise<Map<number, Settled<BatchResult<unknown>>>>>();
  return async (operation, itemIndex) => {
    let fold = folds.get(operation);
    if (!fold) {
      fold = lookUpAll(context, gate, operation);
      folds.set(operation, fold);
    }
    const share = (await fold).get(itemIndex);
    if (share && !share.ok) throw share.error;
    return share?.value;
  };
}

async function lookUpAll(
  context: IExecuteFunctions,
  gate: RequestGate,
  operation: BatchLookupId,
): Promise<Map<number, Settled<BatchResult<unknown>>>> {
  const members: number[] = [];
  const callers: Record<string, unknown>[] = [];
  const count = context.getInputData().length;
  for (let itemIndex = 0; itemIndex < count; itemIndex++) {
    try {
      if (context.getNodeParameter('operation', itemIndex) !== operation) continue;
      callers.push(readParams(context, operation, itemIndex));
      members.push(itemIndex);
    } catch {
      // Left out: the item reads its parameters again when it runs and reports the failure then.
    }
  }
  const client = await clientFor(context, operation, operationLabel(operation), members[0], gate);
  const settled = await client.lookupEachUntyped(operation, callers);
  return new Map(members.map((itemIndex, at) => [itemIndex, settled[at]!]));
}
