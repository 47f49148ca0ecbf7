import { Paginator, ValidationError, readBounded, stopNotice } from '../../src';
import type { Page, StopReason } from '../../src';
import { pageFile } from '../../src/files';

/**
 * The promise: a read the API ended early (a cursor handed out twice, pages that bring nothing
 * new while claiming more) is never taken for the whole feed. Whatever reads it (the paginator
 * itself, a bounded read, a file), the reason it reports gives the user a notice; a read that
 * ended as asked (the feed's end, Limit, Max Pages) gives none. Checked for every feed of up to
 * five pages and every page at which the API misbehaves.
 */

type Fault = 'none' | 'repeatedCursor' | 'emptyPages';

/** A feed of `pages` pages of 2 records; from page `at`, the fault. */
function feed(pages: number, fault: Fault, at: number) {
  return async (cursor: string | undefined): Promise<Page<{ id: string }>> => {
    const index = cursor === undefined ? 0 : Number(cursor.split(':')[0]);
    const faulty = fault !== 'none' && index >= at;
    const last = index === pages - 1 && !faulty;
    // A repeated cursor is the one that led to this page; empty pages claim more for ever.
    const next = faulty && fault === 'repeatedCursor' ? `${index}:${index - 1}` : `${index + 1}:${index}`;
    const records =
      faulty && fault === 'emptyPages' ? [] : [0, 1].map((n) => ({ id: String(index * 2 + n + 1) }));
    return { records, next_cursor: last ? '' : next, has_next_page: !last };
  };
}

const cases: Array<[number, Fault, number]> = [];
for (let pages = 1; pages <= 5; pages++) {
  cases.push([pages, 'none', 0]);
  for (let at = 1; at < pages; at++) cases.push([pages, 'repeatedCursor', at], [pages, 'emptyPages', at]);
}
const early = (fault: Fault) => fault !== 'none';

describe('a read the API ended early is said, on every kind of read', () => {
  it.each(cases)('%i pages, %s from page %i: the paginator', async (pages, fault, at) => {
    const paginator = new Paginator(feed(pages, fault, at));
    const ids: string[] = [];
    for await (const record of paginator) ids.push(record.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(stopNotice(paginator.stopReason) !== undefined).toBe(early(fault));
    if (fault === 'repeatedCursor')
      expect(stopNotice(paginator.stopReason)).toMatch(/cursor it had given before/);
    if (fault === 'emptyPages') expect(stopNotice(paginator.stopReason)).toMatch(/no new records/);
  });

  it.each(cases)('%i pages, %s from page %i: a bounded read', async (pages, fault, at) => {
    const read = await readBounded((prefetch) => new Paginator(feed(pages, fault, at), { prefetch }), {
      shape: (record) => record as object,
      deadline: Date.now() + 60_000,
      budgetBytes: 1e6,
      limitBytes: 1e6,
      tooLarge: (bytes) => new ValidationError(`${bytes}`, { field: 'pageSize' }),
    });
    expect(read.cut === undefined).toBe(!early(fault));
    expect(stopNotice(read.cut) !== undefined).toBe(early(fault));
  });

  it.each(cases)('%i pages, %s from page %i: a file', async (pages, fault, at) => {
    const file = pageFile(new Paginator(feed(pages, fault, at)), {
      format: 'jsonl',
      shape: (record) => record,
      onExtraField: () => undefined,
    });
    let text = '';
    for await (const chunk of file.chunks) text += chunk;
    expect(text.length).toBeGreaterThan(0);
    expect(stopNotice(file.summary().ended) !== undefined).toBe(early(fault));
  });

  it.each(cases.filter(([, fault]) => fault !== 'none'))(
    '%i pages, %s from page %i: a read whose Limit the records before the end met says nothing',
    async (pages, fault, at) => {
      // Every record up to the page the API ended: the user got what was asked.
      const limit = (fault === 'repeatedCursor' ? at + 1 : at) * 2;
      const paginator = new Paginator(feed(pages, fault, at), { limit });
      const ids: string[] = [];
      for await (const record of paginator) ids.push(record.id);
      expect(ids).toHaveLength(limit);
      expect(paginator.stopReason).toBe('limit');
      expect(stopNotice(paginator.stopReason)).toBeUndefined();
    },
  );

  it('a read that ended as asked says nothing, whatever bound ended it', () => {
    const asked: Array<StopReason | undefined> = ['end', 'limit', 'maxPages', 'stopped', 'failed', undefined];
    for (const reason of asked) expect(stopNotice(reason)).toBeUndefined();
    for (const cut of ['max_items', 'size', 'time', 'connection', 'max_pages', 'end', 'limit'])
      expect(stopNotice(cut)).toBeUndefined();
  });
});
