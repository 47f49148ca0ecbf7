import {
  MAX_CONCURRENCY,
  endpointIds,
  isPaginated,
  isSimplifiable,
  recordKindOf,
  tweetsCarryMedia,
} from '@social-data/core';
import { maxPagesField, pageSizeField, simplifyField, startCursorField } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import type { INodeProperties } from 'n8n-workflow';

import { optionOf } from '../../../shared/fields';
import { filterOptions, isTweetFeed } from '../../../shared/filters';
import { mediaOptions } from '../../../shared/media/options';
import { DEFAULT_ITEMS_AT_ONCE } from '../router';

function pageOptions(id: EndpointId): INodeProperties[] {
  const pageSize = pageSizeField(id);
  return [
    ...(pageSize ? [optionOf(pageSize)] : []),
    optionOf(startCursorField),
    optionOf(maxPagesField),
    optionOf(simplifyField([recordKindOf(id)])),
    {
      displayName: 'Output',
      name: 'outputMode',
      type: 'options',
      options: [
        {
          name: 'One Item per Record',
          value: 'records',
          description: 'Each tweet or user becomes an item',
        },
        {
          name: 'One Item per Page',
          value: 'pages',
          description:
            'Each page becomes an item with records, next_cursor and has_next_page, for looping by hand. Pages are never cut: Limit stops after the page that reaches it.',
        },
        {
          name: 'One File',
          value: 'file',
          description:
            'All records go into one CSV or JSON Lines file, written page by page, so memory stays flat however many there are: one item comes out with the file, its record count, next_cursor and why it ended. Pages are never cut.',
        },
      ],
      default: 'records',
    },
    ...fileOptions(id),
  ];
}

/** How Output "One File" writes its file. */
function fileOptions(id: EndpointId): INodeProperties[] {
  return [
    {
      displayName: 'File Format',
      name: 'fileFormat',
      type: 'options',
      options: [
        {
          name: 'CSV',
          value: 'csv',
          description:
            "A header of the first record's fields (the Simplify columns when Simplify is on); nested values as JSON",
        },
        { name: 'JSON Lines', value: 'jsonl', description: 'One record as JSON per line, every field kept' },
      ],
      default: 'csv',
      description: 'With Output "One File": how the records are written',
    },
    {
      displayName: 'File Fields',
      name: 'fileFields',
      type: 'string',
      default: '',
      placeholder: 'userName, name, followers',
      description:
        'With Output "One File": only these fields of each record, in this order, comma-separated (the CSV\'s columns; with Simplify on, its flat names). Empty: every field of the first record.',
    },
    {
      displayName: 'File Name',
      name: 'fileName',
      type: 'string',
      default: '',
      placeholder: `${id}.csv`,
      description: `With Output "One File": the file's name; the format's extension is added when it has none. Empty: ${id} with the format's extension.`,
    },
    {
      displayName: 'Put Output File in Field',
      name: 'binaryPropertyName',
      type: 'string',
      default: 'data',
      description: 'With Output "One File": the name of the output binary field to put the file in',
    },
  ];
}

/** How many input items run at the same time; every operation has it. */
const itemsAtOnceOption: INodeProperties = {
  displayName: 'Items at Once',
  name: 'itemsAtOnce',
  type: 'number',
  typeOptions: { minValue: 1, maxValue: MAX_CONCURRENCY },
  default: DEFAULT_ITEMS_AT_ONCE,
  description:
    'How many input items run at the same time. Output keeps the input order, and a rate limit (429) met by one item slows them all. Set 1 to run items one after another.',
};

/** Return All, Limit and Options for paginated operations; Simplify for single lookups; media for tweets. */
export function pagingProperties(): INodeProperties[] {
  const paginated = endpointIds.filter(isPaginated);
  const properties: INodeProperties[] = [
    {
      displayName: 'Return All',
      name: 'returnAll',
      type: 'boolean',
      default: false,
      description: 'Whether to return all results or only up to a given limit',
      displayOptions: { show: { operation: paginated } },
    },
    {
      displayName: 'Limit',
      name: 'limit',
      type: 'number',
      typeOptions: { minValue: 1 },
      default: 50,
      description: 'Max number of results to return',
      displayOptions: { show: { operation: paginated, returnAll: [false] } },
    },
  ];
  for (const id of endpointIds) {
    const options = [
      ...(isPaginated(id)
        ? pageOptions(id)
        : isSimplifiable(id)
          ? [optionOf(simplifyField([recordKindOf(id)]))]
          : []),
      ...(tweetsCarryMedia(id) ? mediaOptions : []),
      ...(isPaginated(id) && isTweetFeed(id) ? filterOptions(id, true) : []),
      itemsAtOnceOption,
    ];
    properties.push({
      displayName: 'Options',
      name: 'options',
      type: 'collection',
      placeholder: 'Add Option',
      default: {},
      displayOptions: { show: { operation: [id] } },
      options,
    });
  }
  return properties;
}
