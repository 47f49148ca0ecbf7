import {
  ValidationError,
  catalog,
  endpointIds,
  endpointSpec,
  isPaginated,
  normalizeCount,
} from '@social-data/core';
import {
  filteredRead,
  filteredReadNotice,
  pageSizeField,
  readOptions,
  startCursorField,
} from '@social-data/core/feeds';
import type { OpenPaginator, PaginatedId } from '@social-data/core';

import { readWithinStep } from './bounded-read';
import { inputOf, paramFields, paramsFrom, simplifyInput } from './fields';
import { filterFields, filterFrom, isTweetFeed } from './filters';
import type { InputField } from './fields';
import { DEFAULT_MAX_ITEMS, MAX_ITEMS_CEILING } from './limits';
import { lineItemsOutput, nounOf, shapeFor } from './records';
import { dehydratorFor } from './media';
import { withFields } from './step';

function pagingFields(id: PaginatedId): InputField[] {
  const pageSize = pageSizeField(id);
  return [
    {
      key: 'maxItems',
      label: 'Max Items',
      type: 'integer',
      default: String(DEFAULT_MAX_ITEMS),
      required: false,
      helpText: `Follow the feed until this many records, in whole pages so Next Cursor never skips any (at most ${MAX_ITEMS_CEILING.toLocaleString('en-US')}; a larger Page Size is lowered to it). A step also stops before its output would pass 5 MB (Zapier takes 6 MB) and before a page it could not finish within Zapier's 30 seconds; Truncated By says which limit cut the read.`,
    },
    {
      ...inputOf(startCursorField, 'cursor'),
      helpText: `${startCursorField.description} Map an earlier step's Next Cursor here to continue where it stopped. Empty starts at the first page, and a read that reached the end gives an empty Next Cursor: where a Zap keeps Next Cursor between runs, go on only while Has Next Page is true, or the next run reads the feed again from the top.`,
    },
    ...(pageSize ? [inputOf(pageSize)] : []),
  ];
}

function countOrNaN(value: unknown): number {
  try {
    return normalizeCount(value, { min: 1 }, 'count');
  } catch {
    return NaN;
  }
}

/** A whole number from a Zapier integer field, or undefined when left empty; core checks the range. */
function wholeNumber(value: unknown, field: string, label: string, max = Infinity): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  // Core's reading of a whole number ("0x10" and "1e3" are not), in this form's words.
  const number = countOrNaN(value);
  if (!(number >= 1))
    throw new ValidationError(`${field}: ${JSON.stringify(value)} is not a whole number of 1 or more.`, {
      field,
      hint: `Set ${label} to a whole number such as 100.`,
    });
  if (number > max)
    throw new ValidationError(`${field}: ${number} is more than one step can return.`, {
      field,
      hint: `Set ${label} to at most ${max}, and map Next Cursor into Start Cursor of a later step for the rest.`,
    });
  return number;
}

/**
 * One action per paginated read, so a Zap can chain lookups: the records as line items plus
 * `next_cursor` and `has_next_page` to go on from in a later step, and `truncated_by`: what cut
 * the read short of the feed's end (Max Items, Zapier's size or time limit), empty when nothing did.
 */
export const readActions = Object.fromEntries(
  endpointIds.filter(isPaginated).map((id) => [
    id,
    {
      key: id,
      noun: nounOf(id),
      display: { label: catalog[id].action, description: catalog[id].description },
      operation: {
        ...withFields(
          catalog[id].action,
          [...paramFields(id), ...pagingFields(id), ...simplifyInput(id), ...filterFields(id, true)],
          async (client, bundle, deadline, z) => {
            const shape = shapeFor(id, bundle.inputData.simplify, dehydratorFor(z));
            const maxItems =
              wholeNumber(bundle.inputData.maxItems, 'maxItems', 'Max Items', MAX_ITEMS_CEILING) ??
              DEFAULT_MAX_ITEMS;
            // Filters apply after reading (decision N24): Max Items counts tweets that passed, and
            // a page cap stops a filter that matches little or nothing.
            const keep = filterFrom(id, bundle.inputData);
            const plan = readOptions(id, {
              keep,
              // Pages no larger than Max Items where Page Size is empty: Max Items 1 is one record.
              limit: maxItems,
              wholePages: true,
              startCursor: bundle.inputData.cursor as string | undefined,
              pageSize: wholeNumber(bundle.inputData.pageSize, 'pageSize', 'Page Size'),
            });
            const open: OpenPaginator = (prefetch) =>
              client.paginateUntyped(id, paramsFrom(id, bundle.inputData), { ...plan, prefetch });
            const pageSize = endpointSpec(id).count !== undefined;
            const read = await readWithinStep(open, { shape, maxItems, deadline, keep, pageSize });
            // The cursor, not the last page's flag: a run that gave up on empty pages (decision B4)
            // has not reached the end, and a later step must be able to go on.
            const output = {
              records: read.records,
              count: read.records.length,
              next_cursor: read.nextCursor,
              has_next_page: read.nextCursor !== '',
              truncated_by: read.cut ?? '',
            };
            if (!isTweetFeed(id)) return output;
            const note = filteredReadNotice(
              filteredRead(read.read, read.records.length, read.pages, read.cut === 'max_pages', maxItems),
              'Map Next Cursor into Start Cursor of a later step to read further',
            );
            return { ...output, read_count: read.read, note: note ?? '' };
          },
        ),
        ...lineItemsOutput(id, {
          next_cursor: '1600000000000000000|1',
          has_next_page: true,
          truncated_by: 'max_items',
          ...(isTweetFeed(id) ? { read_count: '100', note: '' } : {}),
        }),
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
    ...withFields(catalog.createList.action, paramFields('createList'), async (client, bundle) =>
      client.callUntyped('createList', paramsFrom('createList', bundle.inputData)),
    ),
    sample: { list_id: '1500000000000000099' },
    outputFields: [{ key: 'list_id', label: 'List ID', type: 'string' as const }],
  },
};
