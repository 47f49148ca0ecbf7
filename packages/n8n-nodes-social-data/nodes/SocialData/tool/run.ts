import { endpointSpec, isPaginated } from '@social-data/core';
import { DEFAULT_OUTPUT_BUDGET, MAX_AGENT_LIMIT, agentError, runAgentTool } from '@social-data/core/agent';
import type { EndpointId } from '@social-data/core';
import type { AgentOutput } from '@social-data/core/agent';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { CREDENTIAL_TITLE } from '../../shared/credential';
import { credentialLabel, toNodeError } from '../../shared/errors';
import { clientFor } from '../../shared/transport/client';
import { readParams } from '../actions/params';
import { operationLabel } from '../actions/resources';
import { CONTINUABLE, TOOL_CURSOR } from './properties';

/**
 * n8n hands the model a tool's items as a JSON array (`[` … `]`): the budget leaves room for it,
 * so what the model reads stays within DEFAULT_OUTPUT_BUDGET (decision M1).
 */
const BUDGET = DEFAULT_OUTPUT_BUDGET - '[]'.length;

/** How n8n names a node's tool for the model (n8n-workflow's nodeNameToToolName). */
function toolNameOf(nodeName: string): string {
  const name = nodeName.replace(/[^a-zA-Z0-9_-]+/g, '_');
  return name.length > 64 ? name.slice(0, 64).replace(/[_-]+$/, '') : name;
}

/** The call's inputs as core's agent layer takes them: the panel's, the Limit and the model's cursor. */
function toolArgs(context: IExecuteFunctions, operation: EndpointId, itemIndex: number): IDataObject {
  const args = readParams(context, operation, itemIndex);
  if (isPaginated(operation)) {
    const returnAll = context.getNodeParameter('returnAll', itemIndex, false) as boolean;
    args.limit = returnAll ? MAX_AGENT_LIMIT : (context.getNodeParameter('limit', itemIndex) as number);
    const { pageSize } = context.getNodeParameter('options', itemIndex, {}) as { pageSize?: number };
    if (pageSize !== undefined && 'count' in endpointSpec(operation).params) args.count = pageSize;
  }
  if (CONTINUABLE.includes(operation)) {
    const cursor = String(context.getNodeParameter(TOOL_CURSOR, itemIndex, '') ?? '').trim();
    if (cursor) args.cursor = cursor;
  }
  return args;
}

/** A setting the model cannot fix (a session the credential lacks), said so it can tell the user. */
function settingsError(error: unknown): AgentOutput {
  const { message, description } = error as { message: string; description?: string };
  return agentError('SettingsError', message, {
    hint: description,
    settings: `the "${CREDENTIAL_TITLE}" credential`,
  });
}

async function callAsTool(context: IExecuteFunctions, itemIndex: number): Promise<AgentOutput> {
  const operation = context.getNodeParameter('operation', itemIndex) as EndpointId;
  const args = toolArgs(context, operation, itemIndex);
  const node = context.getNode();
  let client;
  try {
    client = await clientFor(context, operation, operationLabel(operation), itemIndex);
  } catch (error) {
    // In the node's words, as its errors are: the credential's fields by their labels.
    return settingsError(toNodeError(node, error, itemIndex, operation));
  }
  return runAgentTool(client, operation, args, {
    budget: BUDGET,
    settings: `the "${CREDENTIAL_TITLE}" credential of the "${node.name}" node in n8n`,
    settingsName: `the "${CREDENTIAL_TITLE}" credential`,
    toolName: toolNameOf(node.name),
    signal: context.getExecutionCancelSignal?.(),
    // The node's fields are the catalog's inputs, which its $fromAI names are too.
    argNames: 'catalog',
    settingNames: credentialLabel,
  });
}

/**
 * The node as an agent's tool: one item per call holding what core's agent layer made of it,
 * records as a model reads them within the output budget, a summary, and a cursor to go on;
 * a failure is an item the model reads (`{ error: { type, message, field, hint } }`), so the
 * agent can correct its call or tell the user, instead of a failed run.
 */
export async function toolRouter(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
  const items = this.getInputData();
  const output: INodeExecutionData[] = [];
  for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
    const result = await callAsTool(this, itemIndex);
    output.push({ json: JSON.parse(result.text) as IDataObject, pairedItem: { item: itemIndex } });
  }
  return [output];
}
