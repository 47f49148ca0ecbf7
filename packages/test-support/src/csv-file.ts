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
    const parser = createReadStream(path).pipe(
      parse({
        columns: (header: string[]) => {
          headers.push(header);
          return header;
        },
      }),
    );
    for await (const row of parser as AsyncIterable<Record<string, string>>) {
      rows += 1;
      ids.add(String(row.id));
    }
  }
  return { rows, unique: ids.size, headers };
}
