import { endpointIds, endpointSpec, isPaginated } from '@social-data/core';
import { agentToolDescription } from '@social-data/core/agent';
import type { EndpointId } from '@social-data/core';
import type { INodeProperties } from 'n8n-workflow';

import { CREDENTIAL_TITLE } from '../../shared/credential';

/** `$fromAI` as an expression, its texts quoted for n8n's parser and the JavaScript it runs. */
function fromAi(key: string, description: string, fallback?: string): string {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const args = [quote(key), quote(description), quote('string')];
  if (fallback !== undefined) args.push(quote(fallback));
  return `={{ $fromAI(${args.join(', ')}) }}`;
}

/** Operations that hand back records a model may want more of: paged reads and batch lookups. */
export const CONTINUABLE = endpointIds.filter(
  (id) => isPaginated(id) || endpointSpec(id).result.kind === 'records',
);

export const TOOL_CURSOR = 'toolCursor';

const CURSOR_TEXT =
  'next_cursor from the previous call of this tool with the same inputs, to get the records after those; leave it empty for the first records';

/** Shown only when the node is an agent's tool ("Social Data Tool"). */
const asTool = (operation: EndpointId[]) => ({ show: { '@tool': [true], operation } });

/**
 * What the model reads to choose the tool and fill it, per operation: what it returns and the
 * inputs it cannot run without. n8n adds no Tool Description of its own when a node has one.
 */
function descriptionProperty(id: EndpointId): INodeProperties {
  const offered = (name: string) => endpointSpec(id).params[name]?.required === true;
  return {
    displayName: 'Description',
    name: 'toolDescription',
    type: 'string',
    typeOptions: { rows: 4 },
    default: agentToolDescription(id, {
      offered,
      most: 'the Limit set on this tool',
      settings: `of this tool's "${CREDENTIAL_TITLE}" credential`,
      // n8n's $fromAI keys are the node's field names, the catalog's.
      argName: (name) => name,
    }),
    description:
      'What the model reads to decide when to call this tool and how to fill its inputs. The default says what the operation returns and which inputs it takes.',
    displayOptions: asTool([id]),
  };
}

/**
 * The fields only the node as an agent's tool shows: a Cursor the model continues a read with
 * (filled by the model through `$fromAI`) and a description written for a model. n8n builds
 * the tool from the node's own description when it runs, so these live there, not in
 * `usableAsTool` replacements, which only its editor applies.
 */
export function toolProperties(): INodeProperties[] {
  return [
    {
      displayName: 'Cursor',
      name: TOOL_CURSOR,
      type: 'string',
      default: fromAi('cursor', CURSOR_TEXT, ''),
      description:
        'Where a read continues: the model passes the next_cursor of its previous call. Leave the default so the model can page on.',
      displayOptions: asTool(CONTINUABLE),
    },
    ...endpointIds.map(descriptionProperty),
  ];
}
