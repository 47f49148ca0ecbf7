import { ApiError, SocialDataError, ValidationError, endpointSpec } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { CREDENTIAL_FIELDS, CREDENTIAL_TITLE } from './credential';

/** Names core gives inputs, as the node panel labels them. */
const LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(CREDENTIAL_FIELDS).map(([name, label]) => [
      name,
      `${label} ("${CREDENTIAL_TITLE}" credential)`,
    ]),
  ),
  limit: 'Limit',
  pageSize: 'Page Size',
  startCursor: 'Start Cursor',
  maxPages: 'Max Pages',
};

function labelOf(field: string, operation: EndpointId | undefined): string {
  const [name = field, index] = field.split(/[[\]]/);
  const param = operation ? endpointSpec(operation).params[name] : undefined;
  const label = param?.displayName ?? LABELS[name] ?? name;
  return index === undefined ? label : `${label} (entry ${Number(index) + 1})`;
}

/**
 * Core's errors as n8n errors. Core has already redacted them; only their message, hint and
 * status are carried over, never the original object, so nothing else reaches the execution data.
 * Input problems found before any request are NodeOperationErrors naming the panel field.
 */
export function toNodeError(
  node: INode,
  error: unknown,
  itemIndex: number | undefined,
  operation: EndpointId | undefined,
): NodeApiError | NodeOperationError {
  const at = itemIndex === undefined ? {} : { itemIndex };
  if (error instanceof NodeApiError || error instanceof NodeOperationError) {
    error.context.itemIndex ??= itemIndex;
    return error;
  }
  if (!(error instanceof SocialDataError)) {
    return new NodeOperationError(node, error instanceof Error ? error.message : String(error), at);
  }
  if (error instanceof ValidationError && error.status === undefined) {
    const message = error.field
      ? error.message.replace(`${error.field}:`, `${labelOf(error.field, operation)}:`)
      : error.message;
    return new NodeOperationError(node, message, { ...at, description: error.hint });
  }
  const status = error instanceof ApiError ? error.status : undefined;
  const response: JsonObject = { name: error.name, message: error.message };
  if (status !== undefined) response.httpCode = String(status);
  return new NodeApiError(node, response, {
    ...at,
    message: error.message,
    description: error.hint,
    ...(status !== undefined ? { httpCode: String(status) } : {}),
  });
}
