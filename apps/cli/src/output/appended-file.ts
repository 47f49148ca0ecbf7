import { closeSync, openSync, readSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Format } from '@social-data/core/files';
import { UsageError } from '../run/failure';

/** A header line is a record's top-level field names: far below this. */
const FIRST_LINE_BYTES = 64 * 1024;

/** What the first line of a file each format writes looks like (`json` is never appended). */
const FIRST_LINES: Partial<Record<Format, RegExp>> = {
  jsonl: /^\{/,
  ids: /^\d+$/,
};
/** A CSV header's cell: a field name as core writes one (`id`, `author_userName`). */
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

function firstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(FIRST_LINE_BYTES);
    const read = readSync(fd, buffer, 0, FIRST_LINE_BYTES, 0);
    return buffer.subarray(0, read).toString('utf8').split('\n', 1)[0]!.replace(/\r$/, '');
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks that the file a run appends to (`watch -o`) holds what `format` writes, and gives a
 * CSV's columns, so that its rows follow that header whatever the flags of this run make of a
 * record: a row with other columns under it would shift every cell, and lines of another format
 * would mix two files in one. Refused before any request.
 */
export function appendedColumns(path: string, format: Format, flag: string): string[] | undefined {
  const line = firstLine(path);
  const refuse = () =>
    new UsageError(
      `${flag} ${path} holds no ${format === 'csv' ? 'CSV header' : `${format} lines`}, so this run's ${format} cannot be added to it.`,
      `Give --format the format the file was written in, or a new ${flag} file.`,
    );
  if (format !== 'csv') {
    if (!(FIRST_LINES[format]?.test(line) ?? true)) throw refuse();
    return undefined;
  }
  let columns: string[] | undefined;
  try {
    [columns] = parse(line) as string[][];
  } catch {
    throw refuse();
  }
  if (!columns?.length || !columns.every((column) => FIELD.test(column))) throw refuse();
  return columns;
}
