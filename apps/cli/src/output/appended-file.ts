import { closeSync, openSync, readSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { UsageError } from '../run/failure';

/** A header line is a record's top-level field names: far below this. */
const HEADER_BYTES = 64 * 1024;

/**
 * The columns of the CSV file a run appends to (`watch -o`), so that its rows follow that
 * header whatever the flags of this run make of a record: a row with other columns under it
 * would shift every cell. A file that holds no CSV header is refused before any request.
 */
export function csvHeaderOf(path: string, flag: string): string[] {
  const fd = openSync(path, 'r');
  let first: string;
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const read = readSync(fd, buffer, 0, HEADER_BYTES, 0);
    first = buffer.subarray(0, read).toString('utf8').split('\n', 1)[0]!.replace(/\r$/, '');
  } finally {
    closeSync(fd);
  }
  const refuse = () =>
    new UsageError(
      `${flag} ${path} holds no CSV header, so CSV rows cannot be added to it.`,
      `Give --format the format the file was written in, or a new ${flag} file.`,
    );
  if (first.startsWith('{') || first.startsWith('[')) throw refuse();
  try {
    const [columns] = parse(first) as string[][];
    if (!columns?.length) throw refuse();
    return columns;
  } catch {
    throw refuse();
  }
}
