import { catalog } from '../catalog/endpoints';
import type { EndpointId } from '../catalog/endpoints';
import { endpointSpec, isPaginated, recordKindOf } from '../catalog/queries';
import { RESOURCE_LABELS } from '../catalog/resources';
import type { ParamSpec } from '../catalog/types';
import { DEFAULT_AGENT_LIMIT, MAX_AGENT_LIMIT } from './budget';
import { agentOutputSchema } from './output-schema';
import { MODEL_FIELDS } from './view';

import type { JsonSchema } from './json-schema';

export type { JsonSchema } from './json-schema';

export interface AgentTool {
  id: EndpointId;
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  /** What a successful result holds (`structuredContent`), see `agentOutputSchema`. */
  outputSchema: JsonSchema & { type: 'object' };
  annotations: {
    title: string;
    readOnlyHint: boolean;
    idempotentHint: boolean;
    destructiveHint: boolean;
    openWorldHint: boolean;
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `getUserFollowers` → `get_user_followers`: the snake case function-calling models know best. */
export function agentToolName(id: string): string {
  return snakeCase(id);
}

/**
 * A catalog input as a tool's argument: `userName` → `user_name`, `userIds` → `user_ids`, so
 * every tool speaks one style beside the API's own `tweet_ids` and `list_id` (issue 40).
 */
export function agentArgName(param: string): string {
  return snakeCase(param);
}

/**
 * Inputs a tool does not offer: `count` is the API's page size, which a model has no reason to
 * choose beside `limit` (the records it wants); a host may still pass it.
 */
const NOT_OFFERED = new Set(['count']);

const ID_LIST = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };

function paramSchema(spec: ParamSpec): JsonSchema {
  const description = spec.description;
  switch (spec.format) {
    case 'tweetIdList':
    case 'userIdList':
      return { ...ID_LIST, description: `${description} A JSON array of ids works too.` };
    case 'boolean':
      return { type: 'boolean', description };
    case 'cursor':
      return {
        type: 'string',
        description:
          'next_cursor from the previous call of this tool with the same inputs, to get the records after those; leave it out for the first records.',
      };
    default:
      return spec.required ? { type: 'string', minLength: 1, description } : { type: 'string', description };
  }
}

/** The input schema of an endpoint's tool: its catalog parameters, plus `limit` on paged ones. */
export function agentInputSchema(id: EndpointId): JsonSchema & { type: 'object' } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(endpointSpec(id).params)) {
    if (NOT_OFFERED.has(name)) continue;
    properties[agentArgName(name)] = paramSchema(spec);
    if (spec.required) required.push(agentArgName(name));
  }
  if (endpointSpec(id).result.kind === 'records')
    properties.cursor = paramSchema({
      in: 'query',
      format: 'cursor',
      required: false,
      displayName: 'Cursor',
      description: '',
    });
  if (isPaginated(id))
    properties.limit = {
      type: 'integer',
      minimum: 1,
      maximum: MAX_AGENT_LIMIT,
      default: DEFAULT_AGENT_LIMIT,
      description:
        'The most records to return in this call. Fewer come back when they would pass the output size budget; next_cursor then continues.',
    };
  return { type: 'object', properties, required, additionalProperties: false };
}

function returns(id: EndpointId, most: string): string {
  const result = endpointSpec(id).result;
  const kind = recordKindOf(id);
  const fields = kind ? ` Fields: ${MODEL_FIELDS[kind].join(', ')}.` : '';
  switch (result.kind) {
    case 'record':
      return `Returns one ${result.record} as "record".${fields}`;
    case 'records':
      return `Returns the ${result.record}s found as "records", in the order asked, as many as fit in the output size budget; ids that do not exist are listed in "not_found". When ids are left, it returns "next_cursor": call this tool again with the same inputs and cursor set to it.${fields}`;
    case 'tweetPage':
    case 'userPage':
      return `Returns ${kind}s as "records", at most ${most} and no more than fit in the output size budget, with a "summary". When more exist it returns "next_cursor": call this tool again with the same inputs and cursor set to it to get the next ones.${fields}`;
    case 'createdList':
      return 'Returns the new list\'s "list_id". Each call creates another list, so call it once per list wanted.';
  }
}

/** How a host offers a tool where it differs from the MCP server's. */
export interface ToolHost {
  /** The inputs the model may fill (n8n: those its node fills with `$fromAI`); default all. */
  offered?: (name: string) => boolean;
  /** How many records one call returns at most; default the `limit` input's words. */
  most?: string;
  /** Where the session cookie and proxy are set; default this server. */
  settings?: string;
  /** How the host names an input to the model; default the tools' snake case (`user_name`). */
  argName?: (param: string) => string;
}

/** What a model reads to choose the tool and fill its inputs. */
export function agentToolDescription(id: EndpointId, host: ToolHost = {}): string {
  const {
    offered = () => true,
    most = `limit (default ${DEFAULT_AGENT_LIMIT})`,
    settings = 'configured for this server',
    argName = agentArgName,
  } = host;
  const spec = endpointSpec(id);
  const inputs = Object.entries(spec.params)
    .filter(([name]) => name !== 'cursor' && !NOT_OFFERED.has(name) && offered(name))
    .map(([name, param]) => `${argName(name)}${param.required ? '' : ' (optional)'}: ${param.description}`);
  const parts = [spec.description, returns(id, most)];
  if (inputs.length) parts.push(`Inputs: ${inputs.join(' ')}`);
  if (spec.mode === 'session')
    parts.push(`Runs with the session cookie and proxy ${settings} (the account's own view).`);
  return parts.join(' ');
}

/** One tool per endpoint of the catalog, in catalog order. */
export function agentTools(): AgentTool[] {
  return (Object.keys(catalog) as EndpointId[]).map((id) => {
    const spec = endpointSpec(id);
    const title = `${RESOURCE_LABELS[spec.resource]}: ${spec.displayName}`;
    const readOnly = spec.idempotent && spec.result.kind !== 'createdList';
    return {
      id,
      name: agentToolName(id),
      title,
      description: agentToolDescription(id),
      inputSchema: agentInputSchema(id),
      outputSchema: agentOutputSchema(id),
      annotations: {
        title,
        readOnlyHint: readOnly,
        idempotentHint: spec.idempotent,
        destructiveHint: false,
        openWorldHint: true,
      },
    };
  });
}
