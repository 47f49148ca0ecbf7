import type { EndpointId } from '../catalog/endpoints';
import { endpointSpec, recordKindOf } from '../catalog/queries';
import type { RecordKind } from '../catalog/types';
import type { JsonSchema } from './json-schema';
import { MODEL_FIELDS } from './view';

/**
 * What a tool's result holds when it succeeds, as JSON Schema (issue 42): MCP's `outputSchema`,
 * which a client validates `structuredContent` against and maps without parsing text. Written
 * from the same pieces the results are built from: the record view of `view.ts` (its fields, each
 * a scalar as the API sends it, the id as text) and the bodies `run.ts` builds.
 */
const SCALAR: JsonSchema = { type: ['string', 'number', 'boolean', 'null'] };
const TEXT: JsonSchema = { type: 'string' };

function viewSchema(kind: RecordKind): JsonSchema {
  const properties = Object.fromEntries(
    MODEL_FIELDS[kind].map((field) => [field, field === 'id' ? TEXT : SCALAR]),
  );
  return { type: 'object', properties, additionalProperties: false };
}

function body(properties: Record<string, JsonSchema>, required: string[]): JsonSchema & { type: 'object' } {
  return { type: 'object', properties: { summary: TEXT, ...properties }, required: ['summary', ...required] };
}

export function agentOutputSchema(id: EndpointId): JsonSchema & { type: 'object' } {
  const result = endpointSpec(id).result;
  const kind = recordKindOf(id);
  const records = kind ? { type: 'array', items: viewSchema(kind) } : {};
  switch (result.kind) {
    case 'record':
      return body({ record: viewSchema(kind!) }, ['record']);
    case 'records':
      return body(
        {
          records,
          not_found: { type: 'array', items: TEXT },
          failed: {
            type: 'array',
            items: {
              type: 'object',
              properties: { ids: { type: 'array', items: TEXT }, error: TEXT },
              required: ['ids', 'error'],
            },
          },
          next_cursor: TEXT,
        },
        ['records'],
      );
    case 'tweetPage':
    case 'userPage':
      return body({ records, next_cursor: TEXT }, ['records']);
    case 'createdList':
      return body({ list_id: TEXT }, ['list_id']);
  }
}
