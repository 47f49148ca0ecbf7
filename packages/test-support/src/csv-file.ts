import { createReadStream } from 'node:fs';

import { parse } from 'csv-parse';

export interface CsvIds {
  /** Data rows, across every file. */
  rows: number;
  /** Distinct values of the `id` column, across every file. */
  unique: number;
  /** The header of each file, in order. */
  headers: string[][];
}

/**
 * Reads CSV files with a header as one stream of rows, a file at a time, counting rows and distinct
 * ids: a million-row export parses back without being held as text.
 */
export async function csvIds(paths: string[]): Promise<CsvIds> {
  const ids = new Set<string>();
  const headers: string[][] = [];
  let rows = 0;
  for (const path of paths) {
    // Rows as arrays rather than objects of twenty keys each: a million of them are read here.
    let id = -1;
    for await (const row of createReadStream(path).pipe(parse()) as AsyncIterable<string[]>) {
      if (id === -1) {
        headers.push(row);
        id = row.indexOf('id');
        if (id === -1) throw new Error(`${path} has no "id" column: ${row.join(',')}`);
        continue;
      }
      rows += 1;
      ids.add(row[id]!);
    }
  }
  return { rows, unique: ids.size, headers };
}
