import { endpointIds } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import { asItems, runOperation } from './operation';

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
 * Runs the chosen operation once per input item. With Continue On Fail, a failed item becomes an
 * error item paired with its input and the rest still run.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = this.getInputData();
  const output: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    let operation: EndpointId | undefined;
    try {
      operation = operationOf(this, itemIndex);
      output.push(...asItems(await runOperation(this, operation, itemIndex), itemIndex));
    } catch (error) {
      const nodeError = toNodeError(this.getNode(), error, itemIndex, operation);
      if (!this.continueOnFail()) throw nodeError;
      const json: IDataObject = { error: nodeError.message };
      if (nodeError.description) json.description = nodeError.description;
      if (nodeError instanceof NodeApiError && nodeError.httpCode) json.httpCode = nodeError.httpCode;
      output.push({ json, pairedItem: { item: itemIndex } });
    }
  }
  return [output];
}
