import { parse } from 'csv-parse/sync';

import { ConnectionError, Paginator } from '../../src';
import { prefetchUntil } from '../../src/feeds/filtered-read';
import type { Page } from '../../src';
import { extraFieldNotice, pageFile } from '../../src/files';
import type { Format, PageFileSummary } from '../../src/files';

/**
 * A paged read written as one file (issue 41: Output → File). The invariant, for every feed,
 * Limit, filter, format and failed page below: a chain of files, each started from the cursor
 * the last one's summary gave, holds every record (that the filter keeps) once, in order; each
 * file parses back to exactly the records its summary counts; pages are never cut, so a file
 * stops only after the page that reaches the Limit; a failed page ends its file with what was
 * read before it and says so; no file reads a page beyond the one after its last (the one on the
 * wire, or the one that failed); and only the last file of the chain says the feed ended.
 */

interface Record_ {
  id: string;
  name: string;
  verified: boolean;
  note: string | null;
}

interface FeedShape {
  pages: number;
  size: number;
  /** This page fails once; the next file asks for it again. */
  failAt?: number | undefined;
}

function feed({ pages, size, failAt }: FeedShape) {
  let failed = false;
  let fetched = 0;
  const fetchPage = async (cursor: string | undefined): Promise<Page<Record_>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    fetched += 1;
    await new Promise((resolve) => setImmediate(resolve));
    if (index === failAt && !failed) {
      failed = true;
      throw new ConnectionError('connection reset', { reachedServer: true });
    }
    const records = Array.from({ length: size }, (_, i) => {
      const n = index * size + i + 1;
      // Text a CSV must quote: commas, quotes and a line break.
      return {
        id: String(n),
        name: `user, "${n}"\nline two`,
        verified: n % 2 === 0,
        note: n % 3 ? null : 'x',
      };
    });
    const last = index === pages - 1;
    return { records, next_cursor: last ? '' : String(index + 1), has_next_page: !last };
  };
  return { fetchPage, fetched: () => fetched };
}

async function readAll(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

function idsIn(text: string, format: Format): string[] {
  if (format === 'csv') {
    if (text === '') return [];
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    // A cell reads back as the record held it: booleans as true/false, null as empty.
    for (const row of rows) {
      expect(row.name).toBe(`user, "${row.id}"\nline two`);
      expect(row.verified).toBe(String(Number(row.id) % 2 === 0));
      expect(row.note).toBe(Number(row.id) % 3 ? '' : 'x');
    }
    return rows.map((row) => row.id!);
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as Record_).id);
}

interface Case extends FeedShape {
  format: Format;
  limit: number | undefined;
  keepOdd: boolean;
}

const isOdd = (record: unknown) => Number((record as Record_).id) % 2 === 1;

async function chain(c: Case) {
  const source = feed(c);
  const ids: string[] = [];
  const files: PageFileSummary[] = [];
  const keep = c.keepOdd ? isOdd : undefined;
  let cursor: string | undefined;
  for (let turn = 0; turn < 100; turn += 1) {
    const before = source.fetched();
    const paginator = new Paginator(source.fetchPage, {
      startCursor: cursor,
      prefetch: prefetchUntil(c.limit, keep),
    });
    const file = pageFile(paginator, {
      format: c.format,
      shape: (record) => record,
      keep,
      limit: c.limit,
      onExtraField: () => undefined,
    });
    const text = await readAll(file.chunks);
    const summary = file.summary();
    files.push(summary);
    const inFile = idsIn(text, c.format);
    expect(inFile).toHaveLength(summary.records);
    ids.push(...inFile);
    // The pages it wrote, and at most the one after (prefetched, or the one that failed).
    expect(source.fetched() - before).toBeLessThanOrEqual(summary.pages + 1);
    if (c.limit !== undefined && summary.ended === 'limit') {
      expect(summary.records).toBeGreaterThanOrEqual(c.limit);
      expect(summary.records).toBeLessThan(c.limit + c.size);
    }
    if (summary.ended === 'failed') expect(summary.error).toBeInstanceOf(ConnectionError);
    else expect(summary.error).toBeUndefined();
    if (summary.ended === 'end') {
      expect(summary.nextCursor).toBe('');
      return { ids, files };
    }
    cursor = summary.nextCursor || undefined;
  }
  throw new Error('the chain never ended');
}

const cases: Case[] = [];
for (const pages of [1, 2, 3, 5])
  for (const size of [1, 3])
    for (const failAt of [undefined, ...Array.from({ length: pages }, (_, i) => i)])
      for (const limit of [undefined, 1, 4, 10])
        for (const format of ['csv', 'jsonl'] as const)
          for (const keepOdd of [false, true]) cases.push({ pages, size, failAt, limit, format, keepOdd });

const name = (c: Case) =>
  `${c.pages} pages of ${c.size}, ${c.failAt === undefined ? 'no failure' : `page ${c.failAt + 1} fails`}, limit ${c.limit ?? 'none'}, ${c.format}${c.keepOdd ? ', odd ids only' : ''}`;

describe('a chain of files holds every record once, in order', () => {
  it.each(cases.map((c) => [name(c), c] as const))('%s', async (_, c) => {
    const { ids, files } = await chain(c);
    const all = Array.from({ length: c.pages * c.size }, (_, i) => String(i + 1));
    expect(ids).toEqual(c.keepOdd ? all.filter((id) => Number(id) % 2 === 1) : all);
    // One file ends because of the failure, and only when there was one.
    expect(files.filter((file) => file.ended === 'failed')).toHaveLength(c.failAt === undefined ? 0 : 1);
    expect(files.filter((file) => file.ended === 'end')).toHaveLength(1);
  });
});

describe('a file', () => {
  it('ends with Max Pages, saying so, with the cursor of the next page', async () => {
    const source = feed({ pages: 5, size: 2 });
    const file = pageFile(new Paginator(source.fetchPage, { maxPages: 2, prefetch: true }), {
      format: 'jsonl',
      shape: (record) => record,
      onExtraField: () => undefined,
    });
    expect(await readAll(file.chunks)).toMatch(/^(\{.*\}\n){4}$/);
    expect(file.summary()).toEqual({ records: 4, pages: 2, nextCursor: '2', ended: 'max_pages' });
  });

  it('with a filter, counts what it read and says when Max Pages stopped it short of the Limit', async () => {
    const odd = (record: unknown) => Number((record as Record_).id) % 2 === 1;
    const summaryOf = async (maxPages: number, limit: number | undefined) => {
      const source = feed({ pages: 5, size: 2 });
      const paginator = new Paginator(source.fetchPage, { maxPages, prefetch: prefetchUntil(limit, odd) });
      const file = pageFile(paginator, {
        format: 'jsonl',
        shape: (r) => r,
        keep: odd,
        limit,
        onExtraField: () => undefined,
      });
      await readAll(file.chunks);
      return file.summary().filtered;
    };
    expect(await summaryOf(2, 5)).toEqual({ read: 4, kept: 2, pages: 2, capped: true });
    expect(await summaryOf(2, undefined)).toEqual({ read: 4, kept: 2, pages: 2, capped: true });
    expect(await summaryOf(3, 2)).toEqual({ read: 4, kept: 2, pages: 2, capped: false });
    expect(await summaryOf(9, undefined)).toEqual({ read: 10, kept: 5, pages: 5, capped: false });
  });

  it('reports the first record with a field the CSV header lacks, once', async () => {
    const records = [{ id: '1' }, { id: '2', extra: 'a' }, { id: '3', more: 'b' }];
    const fetchPage = async (): Promise<Page<object>> => ({ records, next_cursor: '', has_next_page: false });
    const heard: string[] = [];
    const file = pageFile(new Paginator(fetchPage), {
      format: 'csv',
      shape: (record) => record,
      onExtraField: (field) => heard.push(extraFieldNotice(field, 'Use JSON Lines.')),
    });
    expect(await readAll(file.chunks)).toBe('id\n1\n2\n3\n');
    // One sentence, naming the field, what became of it and the host's way to keep it.
    expect(heard).toEqual([
      'CSV: a record has the field "extra", which the first record did not have; the columns stay those of the first record. Use JSON Lines.',
    ]);
  });

  it('writes only the chosen fields, in their order, and names a chosen field the records lack', async () => {
    const source = feed({ pages: 2, size: 2 });
    const missing: string[] = [];
    const file = pageFile(new Paginator(source.fetchPage), {
      format: 'csv',
      shape: (record) => record,
      fields: ['verified', 'id', 'followers'],
      onExtraField: () => undefined,
      onMissingField: (field) => missing.push(field),
    });
    expect(await readAll(file.chunks)).toBe('verified,id,followers\nfalse,1,\ntrue,2,\nfalse,3,\ntrue,4,\n');
    expect(missing).toEqual(['followers']);
  });

  it('stops reading when its reader stops, with the next page on the wire let go', async () => {
    const source = feed({ pages: 50, size: 2 });
    const paginator = new Paginator(source.fetchPage, { prefetch: true });
    const file = pageFile(paginator, {
      format: 'jsonl',
      shape: (record) => record,
      onExtraField: () => undefined,
    });
    for await (const chunk of file.chunks) {
      expect(chunk).toContain('"id":"1"');
      break;
    }
    expect(source.fetched()).toBeLessThanOrEqual(2);
    expect(paginator.stopReason).toBe('stopped');
    expect(file.summary()).toMatchObject({ records: 2, pages: 1, nextCursor: '1' });
  });
});
