import { extraFieldNotice, pageFile } from '@social-data/core/files';
import { filteredReadNotice } from '@social-data/core/feeds';
import { stopNotice } from '@social-data/core';
import type { Paginator, PaginatedId } from '@social-data/core';
import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { toNodeError } from '../../shared/errors';
import type { Shape } from '../../shared/records';
import { binaryBody, knownStreamClass } from '../../shared/transport/stream-class';
import type { Sink } from './operation';

/** Extensions of text files a user may name a CSV or JSON Lines file with. */
const TEXT_EXTENSION = /\.(csv|tsv|txt|json|jsonl|ndjson)$/i;

export interface FileOptions {
  fileFormat?: string;
  fileFields?: string;
  fileName?: string;
  binaryPropertyName?: string;
}

const FILE_FORMATS = { csv: 'text/csv', jsonl: 'application/x-ndjson' } as const;
type FileFormat = keyof typeof FILE_FORMATS;

/**
 * A file n8n keeps in memory (binary data mode "default", n8n 1.x's own) is held whole, and as
 * base64 besides: past this size the user is told how to have it written to disk instead.
 */
const HELD_IN_MEMORY_NOTICE_BYTES = 16 * 1024 * 1024;

function formatOf(context: IExecuteFunctions, options: FileOptions, itemIndex: number): FileFormat {
  const format = options.fileFormat ?? 'csv';
  if (format in FILE_FORMATS) return format as FileFormat;
  throw new NodeOperationError(context.getNode(), `File Format "${format}" is not one this node writes`, {
    itemIndex,
    description: 'Set Options > File Format to CSV or JSON Lines.',
  });
}

export interface FileRead {
  operation: PaginatedId;
  shape: Shape;
  keep: ((record: unknown) => boolean) | undefined;
  limit: number | undefined;
}

/**
 * Output "One File" (decision N32): the pages go into one file in n8n's binary store as they are
 * read, so no record outlives its page (issue 41). The store sets the pace: a page is asked for
 * when the file wants more text. One item comes out, with the file, its count, the cursor that
 * continues it and why it ended. A page that fails ends the file with what was read: with
 * Continue On Fail the item says so (and its next_cursor reads the failed page again); otherwise
 * the node fails.
 */
export async function readToFile(
  context: IExecuteFunctions,
  paginator: Paginator<unknown>,
  read: FileRead,
  options: FileOptions,
  itemIndex: number,
  sink: Sink,
): Promise<void> {
  const format = formatOf(context, options, itemIndex);
  // A name typed without a file type's extension gets the format's, so the file opens as what it
  // is: "report.2026" is a name with a dot, not a type.
  const given = options.fileName?.trim() || read.operation;
  const fileName = TEXT_EXTENSION.test(given) ? given : `${given}.${format}`;
  const field = options.binaryPropertyName?.trim() || 'data';
  const fields = [...new Set((options.fileFields ?? '').split(',').map((name) => name.trim()))].filter(
    Boolean,
  );
  const file = pageFile(paginator, {
    format,
    shape: read.shape,
    keep: read.keep,
    limit: read.limit,
    onExtraField: (extra) =>
      sink.notice(extraFieldNotice(extra, 'Set Options > File Format to JSON Lines to keep every field.')),
    ...(fields.length
      ? {
          fields,
          onMissingField: (missing: string) =>
            sink.notice(
              `File Fields: the records have no field "${missing}", so its column is empty. Check the name against a record of this operation (with Simplify on, its flat names).`,
            ),
        }
      : {}),
  });
  // The first page is read before the store opens: its answer is the Node stream whose class
  // makes the file's Readable (see stream-class.ts), and a first page that fails stores nothing.
  const chunks = file.chunks[Symbol.asyncIterator]();
  const first = await chunks.next();
  if (first.done && file.summary().error !== undefined) throw file.summary().error;
  let bytes = 0;
  async function* text(): AsyncGenerator<string> {
    if (first.done) return;
    bytes += Buffer.byteLength(first.value);
    yield first.value;
    for await (const chunk of { [Symbol.asyncIterator]: () => chunks }) {
      bytes += Buffer.byteLength(chunk);
      yield chunk;
    }
  }
  const binary = await context.helpers.prepareBinaryData(
    await binaryBody(text(), knownStreamClass()),
    fileName,
    FILE_FORMATS[format],
  );
  const summary = file.summary();
  if (summary.error !== undefined && !context.continueOnFail()) throw summary.error;
  // A filter that matched little stops at the page cap: the user is told the file may hold less.
  const capped = summary.filtered && filteredReadNotice(summary.filtered);
  if (capped) sink.notice(capped);
  const stopped = stopNotice(summary.ended);
  if (stopped) sink.notice(stopped);
  if (binary.id === undefined && bytes > HELD_IN_MEMORY_NOTICE_BYTES)
    sink.notice(
      `The file (${Math.round(bytes / 1024 / 1024)} MB) is held in memory, as n8n's binary data mode here is "default": set N8N_DEFAULT_BINARY_DATA_MODE=filesystem so files go to disk as they are written and big exports keep memory flat.`,
    );
  sink.record(
    {
      file_name: fileName,
      format,
      records: summary.records,
      pages: summary.pages,
      bytes,
      next_cursor: summary.nextCursor,
      has_next_page: summary.nextCursor !== '',
      ended: summary.ended,
      ...(summary.error !== undefined
        ? { error: toNodeError(context.getNode(), summary.error, itemIndex, read.operation).message }
        : {}),
    },
    { [field]: binary },
  );
}
