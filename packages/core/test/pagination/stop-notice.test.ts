import { Paginator, ValidationError, pageCapNotice, readBounded, stopNotice } from '../../src';
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

/**
 * The promise of a read's resume point (a checkpoint's, an agent's next_cursor, a file's, the Max
 * Pages notice's Start Cursor): reading on from it gives every record the read did not, and
 * there is one exactly when records remain. Checked for every feed of up to four pages of 3
 * records whose pages may end with records of the page before (an offset that shifted under
 * the read), stopped at every Max Pages and every Limit.
 */
describe('where a stopped read goes on', () => {
  /** Page i holds ids 3i+1..3i+3, then the last `overlap[i]` ids of the page before. */
  function shifted(overlap: readonly number[]) {
    const pages = overlap.map((repeat, index) => {
      const own = [1, 2, 3].map((n) => String(index * 3 + n));
      const before = [1, 2, 3].map((n) => String((index - 1) * 3 + n)).slice(3 - repeat);
      return [...own, ...(index === 0 ? [] : before)].map((id) => ({ id }));
    });
    return async (cursor: string | undefined): Promise<Page<{ id: string }>> => {
      const index = cursor === undefined ? 0 : Number(cursor);
      const last = index === pages.length - 1;
      return { records: pages[index]!, next_cursor: last ? '' : String(index + 1), has_next_page: !last };
    };
  }
  const histories: number[][] = [];
  const grow = (prefix: number[]) => {
    if (prefix.length > 0) histories.push(prefix);
    if (prefix.length < 4)
      for (const repeat of prefix.length === 0 ? [0] : [0, 1, 2]) grow([...prefix, repeat]);
  };
  grow([]);
  const cases = histories.flatMap((overlap) => [
    ...Array.from({ length: overlap.length }, (_, cap) => [overlap.join(','), 'maxPages', cap + 1] as const),
    ...Array.from(
      { length: overlap.length * 3 },
      (_, limit) => [overlap.join(','), 'limit', limit + 1] as const,
    ),
  ]);

  const idsOf = async (paginator: Paginator<{ id: string }>) => {
    const ids: string[] = [];
    for await (const record of paginator) ids.push(record.id);
    return ids;
  };

  it.each(cases)('pages ending with %s repeated, stopped by %s %i', async (overlap, bound, value) => {
    const fetch = shifted(overlap.split(',').map(Number));
    const whole = new Set(await idsOf(new Paginator(fetch)));
    const stopped = new Paginator(fetch, { [bound]: value });
    const first = await idsOf(stopped);
    const point = stopped.resumePoint();
    const remains = [...whole].some((id) => !first.includes(id));
    expect(point !== undefined).toBe(remains);
    if (!point) return;
    const rest = await idsOf(new Paginator(fetch, point));
    // Nothing lost, and reading on starts with a record the read did not give.
    expect(new Set([...first, ...rest])).toEqual(whole);
    expect(first).not.toContain(rest[0]);
    if (bound === 'maxPages') {
      const notice = pageCapNotice(stopped.pagesFetched, stopped.recordsYielded, point);
      expect(notice).toContain(`set Start Cursor to ${point.startCursor},`);
    }
  });
});
