import {
  ValidationError,
  catalog,
  describeRange,
  endpointIds,
  endpointSpec,
  isPaginated,
} from '@social-data/core';
import type { PaginatedId } from '@social-data/core';

import { paramFields, paramsFrom, simplifyField } from './fields';
import type { InputField } from './fields';
import { nounOf, recordFieldsOf, sampleOf, shapeFor } from './records';
import { step } from './step';

export const DEFAULT_MAX_ITEMS = 100;
/** Zapier ends a step after 30 s; reading stops after this much so the step still answers. */
export const READ_BUDGET_MS = 15_000;

function pagingFields(id: PaginatedId): InputField[] {
  const range = endpointSpec(id).count;
  return [
    {
      key: 'maxItems',
      label: 'Max Items',
      type: 'integer',
      default: String(DEFAULT_MAX_ITEMS),
      required: false,
      helpText:
        'Follow the feed until this many records (whole pages, so Next Cursor never skips any), or until about 15 seconds have passed.',
    },
    {
      key: 'cursor',
      label: 'Start Cursor',
      type: 'string',
      required: false,
      helpText: 'Continue where an earlier step stopped: map its Next Cursor here.',
    },
    ...(range
      ? [
          {
            key: 'pageSize',
            label: 'Page Size',
            type: 'integer' as const,
            required: false,
            helpText: `Records per request (${describeRange(range)}).`,
          },
        ]
      : []),
  ];
}

/** A whole number from a Zapier integer field, or undefined when left empty; core checks the range. */
function wholeNumber(value: unknown, field: string, label: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new ValidationError(`${field}: ${JSON.stringify(value)} is not a whole number of 1 or more.`, {
      field,
      hint: `Set ${label} to a whole number such as 100.`,
    });
  return number;
}

/**
 * One action per paginated read, so a Zap can chain lookups: the records as line items plus
 * `next_cursor` and `has_next_page` to go on from in a later step.
 */
export const readActions = Object.fromEntries(
  endpointIds.filter(isPaginated).map((id) => [
    id,
    {
      key: id,
      noun: nounOf(id),
      display: { label: catalog[id].action, description: catalog[id].description },
      operation: {
        inputFields: [...paramFields(id), ...pagingFields(id), ...simplifyField(id)],
        perform: step(async (client, bundle) => {
          const shape = shapeFor(id, bundle.inputData.simplify);
          const maxItems =
            wholeNumber(bundle.inputData.maxItems, 'maxItems', 'Max Items') ?? DEFAULT_MAX_ITEMS;
          const started = Date.now();
          const paginator = client.paginate(id, paramsFrom(id, bundle.inputData) as never, {
            startCursor: (bundle.inputData.cursor as string | undefined) || undefined,
            pageSize: endpointSpec(id).count
              ? wholeNumber(bundle.inputData.pageSize, 'pageSize', 'Page Size')
              : undefined,
          });
          const records: object[] = [];
          for await (const page of paginator.pages()) {
            records.push(...page.records.map(shape));
            if (records.length >= maxItems || Date.now() - started > READ_BUDGET_MS) break;
          }
          // The paginator's cursor, not the last page's flag: a run that gave up on empty pages
          // (decision B4) has not reached the end, and a later step must be able to go on.
          const next_cursor = paginator.nextCursor ?? '';
          return { records, count: records.length, next_cursor, has_next_page: next_cursor !== '' };
        }),
        sample: {
          records: [sampleOf(id)],
          count: 1,
          next_cursor: '1600000000000000000|1',
          has_next_page: true,
        },
        outputFields: [
          recordFieldsOf(id, 'records[]'),
          { key: 'count', label: 'Count', type: 'integer' as const },
          { key: 'next_cursor', label: 'Next Cursor', type: 'string' as const },
          { key: 'has_next_page', label: 'Has Next Page', type: 'boolean' as const },
        ],
      },
    },
  ]),
);

/** Create List, the one write of the API. */
export const createList = {
  key: 'createList',
  noun: 'List',
  display: { label: catalog.createList.action, description: catalog.createList.description },
  operation: {
    inputFields: paramFields('createList'),
    perform: step(async (client, bundle) =>
      client.call('createList', paramsFrom('createList', bundle.inputData) as never),
    ),
    sample: { list_id: '1500000000000000099' },
    outputFields: [{ key: 'list_id', label: 'List ID', type: 'string' as const }],
  },
};
