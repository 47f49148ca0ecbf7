import { endpointIds } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { runOperation } from './operation';
import type { Sink } from './operation';

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

/**
 * Runs the chosen operation once per input item, each record pushed as an item as it arrives
 * (never spread into a call: Return All can bring hundreds of thousands). With Continue On Fail,
 * a failed item becomes an error item paired with its input and the rest still run; a batch
 * lookup keeps the records it found next to an error item for the ids that failed, and a tweet
 * whose file could not be downloaded becomes an error item naming it.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = this.getInputData();
  const output: INodeExecutionData[] = [];
  const notices = new Set<string>();
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    let operation: EndpointId | undefined;
    const pairedItem = { item: itemIndex };
    const failed: { ids: string[]; error: NodeError }[] = [];
    const sink: Sink = {
      record: (json, binary) => output.push(binary ? { json, binary, pairedItem } : { json, pairedItem }),
      failure: (ids, error) =>
        failed.push({ ids, error: toNodeError(this.getNode(), error, itemIndex, operation) }),
      // The tweets before and after a failed file still come out, the failure as an item of its own.
      mediaFailure: (tweetId, error) => {
        const nodeError = toNodeError(this.getNode(), error, itemIndex, operation);
        if (!this.continueOnFail()) throw nodeError;
        output.push(errorItem(this, nodeError, itemIndex, { tweet_id: tweetId }));
      },
      notice: (message) => notices.add(message),
    };
    try {
      operation = operationOf(this, itemIndex);
      await runOperation(this, operation, itemIndex, sink);
    } catch (error) {
      const nodeError = toNodeError(this.getNode(), error, itemIndex, operation);
      if (!this.continueOnFail()) throw nodeError;
      output.push(errorItem(this, nodeError, itemIndex));
    }
    if (failed.length === 0) continue;
    if (!this.continueOnFail()) {
      const [{ error }] = failed as [(typeof failed)[number]];
      error.description =
        `${error.description ?? ''} The other ids were found; set Settings > On Error to "Continue" to keep them and get the failed ids as an error item.`.trim();
      throw error;
    }
    for (const { ids, error } of failed) output.push(errorItem(this, error, itemIndex, { failed_ids: ids }));
  }
  if (typeof this.addExecutionHints === 'function')
    for (const message of notices) this.addExecutionHints({ message, location: 'outputPane' });
  return [output];
}
