import {
  MAX_CONCURRENCY,
  RequestGate,
  endpointIds,
  notFoundNotice,
  settleWithConcurrency,
} from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { foldedLookups } from './folded-lookups';
import { runOperation } from './operation';
import type { RunShared, Sink } from './operation';

type NodeError = NodeApiError | NodeOperationError;

function operationOf(context: IExecuteFunctions, itemIndex: number): EndpointId {
  const value = context.getNodeParameter('operation', itemIndex) as string;
  if (!(endpointIds as string[]).includes(value)) {
    throw new NodeOperationError(context.getNode(), `Unknown operation "${value}"`, {
      itemIndex,
      description: 'Pick an operation from the list; this version of the node does not know this one.',
    });
  }
  return value as EndpointId;
}

/**
 * A failure as an item paired with its input. n8n's "Continue (using error output)" routes an
 * item to the error output when its JSON holds `error` alone, then merges the input item's JSON
 * into it; so there the details go inside `error`. (An `error` set on the item would route it
 * too, but n8n then replaces the JSON with the bare message, losing the input and failed_ids.)
 * "Continue" keeps the flat shape: `error`, `description`, `httpCode`.
 */
function errorItem(
  context: IExecuteFunctions,
  nodeError: NodeError,
  itemIndex: number,
  about: IDataObject = {},
): INodeExecutionData {
  const details: IDataObject = { message: nodeError.message };
  if (nodeError.description) details.description = nodeError.description;
  if (nodeError instanceof NodeApiError && nodeError.httpCode) details.httpCode = nodeError.httpCode;
  Object.assign(details, about);
  const pairedItem = { item: itemIndex };
  if (context.getNode().onError === 'continueErrorOutput') return { json: { error: details }, pairedItem };
  const { message, ...rest } = details;
  return { json: { error: message, ...rest }, pairedItem };
}

/** Input items run at once when the node's Options set none. */
export const DEFAULT_ITEMS_AT_ONCE = 10;

function itemsAtOnce(context: IExecuteFunctions): number {
  const value = context.getNodeParameter('options.itemsAtOnce', 0, DEFAULT_ITEMS_AT_ONCE);
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_CONCURRENCY)
    return value;
  throw new NodeOperationError(
    context.getNode(),
    `Items at Once must be a whole number from 1 to ${MAX_CONCURRENCY}`,
    {
      description: `It is ${JSON.stringify(value)}. Set Options > Items at Once to how many input items may run at the same time (${DEFAULT_ITEMS_AT_ONCE} by default), or remove the option.`,
    },
  );
}

/** What the run tells the user once, whatever number of items said it. */
interface Said {
  notices: Set<string>;
  notFound: Set<string>;
}

/**
 * One input item's run: its records as items paired with it, each pushed as it arrives (never
 * spread into a call: Return All can bring hundreds of thousands). With Continue On Fail, a
 * failure becomes an error item paired with the input and the run goes on; a batch lookup keeps
 * the records it found next to an error item for the ids that failed, and a tweet whose file
 * could not be downloaded becomes an error item naming it.
 */
async function runItem(
  context: IExecuteFunctions,
  itemIndex: number,
  shared: RunShared,
  said: Said,
): Promise<INodeExecutionData[]> {
  const output: INodeExecutionData[] = [];
  let operation: EndpointId | undefined;
  const pairedItem = { item: itemIndex };
  const failed: { ids: string[]; error: NodeError }[] = [];
  const sink: Sink = {
    record: (json, binary) => output.push(binary ? { json, binary, pairedItem } : { json, pairedItem }),
    failure: (ids, error) =>
      failed.push({ ids, error: toNodeError(context.getNode(), error, itemIndex, operation) }),
    // The tweets before and after a failed file still come out, the failure as an item of its own.
    mediaFailure: (tweetId, error) => {
      const nodeError = toNodeError(context.getNode(), error, itemIndex, operation);
      if (!context.continueOnFail()) throw nodeError;
      output.push(errorItem(context, nodeError, itemIndex, { tweet_id: tweetId }));
    },
    notice: (message) => said.notices.add(message),
    notFound: (ids) => ids.forEach((id) => said.notFound.add(id)),
  };
  try {
    operation = operationOf(context, itemIndex);
    await runOperation(context, operation, itemIndex, sink, shared);
  } catch (error) {
    const nodeError = toNodeError(context.getNode(), error, itemIndex, operation);
    if (!context.continueOnFail()) throw nodeError;
    output.push(errorItem(context, nodeError, itemIndex));
  }
  if (failed.length === 0) return output;
  if (!context.continueOnFail()) {
    const [{ error }] = failed as [(typeof failed)[number]];
    error.description =
      `${error.description ?? ''} The other ids were found; set Settings > On Error to "Continue" to keep them and get the failed ids as an error item.`.trim();
    throw error;
  }
  for (const { ids, error } of failed) output.push(errorItem(context, error, itemIndex, { failed_ids: ids }));
  return output;
}

/**
 * Runs the chosen operation for every input item, up to Items at Once of them at a time, and
 * outputs their items in input order. They share one request pace, so a 429 met by one holds
 * back all, and batch lookups of many items are folded into shared requests. Without Continue On
 * Fail, the first failing item in input order fails the node, as when items ran one by one: no
 * item after it starts, and those already running finish first.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const count = this.getInputData().length;
  if (count === 0) return [[]];
  const said: Said = { notices: new Set(), notFound: new Set() };
  const gate = new RequestGate();
  const shared: RunShared = { gate, lookup: foldedLookups(this, gate) };
  const atOnce = itemsAtOnce(this);
  const indexes = Array.from({ length: count }, (_, itemIndex) => itemIndex);
  const settled = await settleWithConcurrency(
    indexes,
    atOnce,
    (itemIndex) => runItem(this, itemIndex, shared, said),
    () => true,
  );
  const output: INodeExecutionData[] = [];
  for (const outcome of settled) {
    if (!outcome.ok) throw outcome.error;
    for (const item of outcome.value) output.push(item);
  }
  // Ids that do not exist, of every item together: one hint, not one per item.
  const missing = notFoundNotice([...said.notFound]);
  if (missing) said.notices.add(missing);
  if (typeof this.addExecutionHints === 'function')
    for (const message of said.notices) this.addExecutionHints({ message, location: 'outputPane' });
  return [output];
}
