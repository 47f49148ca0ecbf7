import {
  ApiError,
  SocialDataError,
  ValidationError,
  endpointSpec,
  SETTING_LABELS,
  errorInHostWords,
} from '@social-data/core';
import { READ_OPTION_LABELS, accountsField, filterFields } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { operationLabel } from '../SocialData/actions/resources';
import { CREDENTIAL_TITLE } from './credential';

/** Names core gives inputs, as the node panel labels them. */
const LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(SETTING_LABELS).map(([name, label]) => [
      name,
      `${label} ("${CREDENTIAL_TITLE}" credential)`,
    ]),
  ),
  limit: 'Limit',
  ...READ_OPTION_LABELS,
  maxPagesPerPoll: 'Max Pages per Poll',
  [accountsField.name]: accountsField.label,
};

/** A credential field or a node-wide one by its label; own names only (never `toString`). */
const settingLabel = (name: string): string | undefined =>
  Object.hasOwn(LABELS, name) ? LABELS[name] : undefined;

/** A credential field by its label, as a message names it; undefined for anything else. */
export const credentialLabel = (name: string): string | undefined =>
  Object.hasOwn(SETTING_LABELS, name) ? settingLabel(name) : undefined;

/** A parameter or a filter option of the operation by its label in the panel, else a node-wide field. */
function labelOf(name: string, operation: EndpointId | undefined): string | undefined {
  if (!operation) return settingLabel(name);
  const { params } = endpointSpec(operation);
  const param = Object.hasOwn(params, name) ? params[name] : undefined;
  const filter = filterFields(operation, true).find((field) => field.name === name);
  return param?.displayName ?? filter?.label ?? settingLabel(name);
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
  label = operation && operationLabel(operation),
): NodeApiError | NodeOperationError {
  const at = itemIndex === undefined ? {} : { itemIndex };
  if (error instanceof NodeApiError || error instanceof NodeOperationError) {
    error.context.itemIndex ??= itemIndex;
    return error;
  }
  if (!(error instanceof SocialDataError)) {
    return new NodeOperationError(node, error instanceof Error ? error.message : String(error), at);
  }
  // In n8n's words: the credential by its name, and the operation as the panel shows it
  // (User → Get Followers) wherever core names one of the requests it made.
  const words = errorInHostWords(error, {
    settings: `the "${CREDENTIAL_TITLE}" credential`,
    operation: label,
    field: (name) => labelOf(name, operation),
  });
  if (error instanceof ValidationError && error.status === undefined)
    return new NodeOperationError(node, words.message, { ...at, description: words.hint });
  const status = error instanceof ApiError ? error.status : undefined;
  const { message } = words;
  const response: JsonObject = { name: error.name, message };
  if (status !== undefined) response.httpCode = String(status);
  return new NodeApiError(node, response, {
    ...at,
    message,
    description: words.hint,
    ...(status !== undefined ? { httpCode: String(status) } : {}),
  });
}
