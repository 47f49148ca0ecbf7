import { ConnectionError, Paginator, TimeoutError, ValidationError, readBounded } from '../../src';
import type { BoundedRead, Page, ReadBounds } from '../../src';

/**
 * The bounded read (issue 39: one budgeted read in core, used by every host with an output or
 * time limit). The invariant, for every feed, bound and fault below: a chain of reads, each from
 * the cursor the last one returned, hands out every record once, in order; no read returns more
 * bytes than its limit, nor pages past Max Items; a read fetches no page it does not return,
 * except the one that failed or was too large; and a read that stops early says why.
 */

type Fault = 'connection' | 'timeout' | 'huge';

interface FeedShape {
  pages: number;
  size: number;
  /** At this page: it fails once (the next read fetches it again), or it is huge. */
  fault?: { at: number; kind: Fault };
}

const RECORD_BYTES = JSON.stringify([{ id: '1', text: 'x'.repeat(40) }]).length;
const limitBytes = 20 * RECORD_BYTES;

function feed({ pages, size, fault }: FeedShape) {
  let faulted = false;
  let fetched = 0;
  const fetchPage = async (cursor: string | undefined): Promise<Page<{ id: string; text: string }>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    fetched += 1;
    await new Promise((resolve) => setImmediate(resolve));
    // Failures happen once; a huge page stays huge.
    const due = fault?.at === index && (fault.kind === 'huge' || !faulted);
    if (due && fault.kind !== 'huge') {
      faulted = true;
      if (fault.kind === 'timeout') throw new TimeoutError('no answer in time');
      throw new ConnectionError('connection reset', { reachedServer: true });
    }
    // Huge: larger than a read may ever return.
    const text = due ? 'x'.repeat(limitBytes) : 'x'.repeat(40);
    const records = Array.from({ length: size }, (_, i) => ({ id: String(index * size + i + 1), text }));
    const last = index === pages - 1;
    return { records, next_cursor: last ? '' : String(index + 1), has_next_page: !last };
  };
  return { fetchPage, fetched: () => fetched };
}

function bounds(extra: Partial<ReadBounds> = {}): ReadBounds {
  return {
    shape: (record) => record as object,
    deadline: Date.now() + 60_000,
    budgetBytes: limitBytes,
    limitBytes,
    tooLarge: (bytes) => new ValidationError(`one page is ${bytes} bytes`, { field: 'pageSize' }),
    ...extra,
  };
}

/** Reads the whole feed as a host does, one bounded read after another, checking each. */
async function chain(shape: FeedShape, extra: Partial<ReadBounds> = {}) {
  const source = feed(shape);
  const ids: string[] = [];
  const reads: BoundedRead[] = [];
  let cursor: string | undefined;
  for (let turn = 0; turn < 100; turn += 1) {
    const before = source.fetched();
    const read = await readBounded(
      (prefetch) => new Paginator(source.fetchPage, { startCursor: cursor, prefetch }),
      bounds(extra),
    ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (read instanceof Error) return { ids, reads, error: read };
    reads.push(read);
    const bytes = JSON.stringify(read.records).length;
    expect(bytes).toBeLessThanOrEqual(limitBytes);
    if (extra.maxItems !== undefined) expect(read.records.length).toBeLessThan(extra.maxItems + shape.size);
    const returnedPages = Math.ceil(read.read / shape.size);
    const extraPage = read.cut === 'connection' || read.cut === 'time' || read.cut === 'size' ? 1 : 0;
    expect(source.fetched() - before).toBeLessThanOrEqual(returnedPages + extraPage);
    ids.push(...read.records.map((record) => (record as { id: string }).id));
    if (read.nextCursor === '') return { ids, reads, error: undefined };
    expect(read.cut).toBeDefined();
    cursor = read.nextCursor;
  }
  throw new Error('the chain never ended');
}

const every = (pages: number, size: number) => Array.from({ length: pages * size }, (_, i) => String(i + 1));

describe('a chain of bounded reads hands out every record once, in order', () => {
  const shapes: FeedShape[] = [];
  for (const pages of [1, 2, 3, 5])
    for (const size of [1, 3, 7]) {
      shapes.push({ pages, size });
      for (let at = 0; at < pages; at += 1)
        for (const kind of ['connection', 'timeout'] as const)
          shapes.push({ pages, size, fault: { at, kind } });
    }
  const limits = [undefined, 1, 4, 10];

  it.each(
    shapes.flatMap((shape) => limits.map((maxItems) => [JSON.stringify(shape), maxItems, shape] as const)),
  )('%s, Max Items %s', async (_, maxItems, shape) => {
    const { ids, error } = await chain(shape, maxItems === undefined ? {} : { maxItems });
    // A first page that fails fails the read: the host shows the error and the next run retries.
    if (shape.fault && error) {
      expect(error).toBeInstanceOf(shape.fault.kind === 'timeout' ? TimeoutError : ConnectionError);
      const retried = await chain(
        { pages: shape.pages, size: shape.size },
        maxItems === undefined ? {} : { maxItems },
      );
      expect(retried.ids).toEqual(every(shape.pages, shape.size));
      return;
    }
    expect(error).toBeUndefined();
    expect(ids).toEqual(every(shape.pages, shape.size));
  });
});

describe('what a read stops at, and says', () => {
  it('a budget reached: no page is asked for that could pass it, and the cut is "size"', async () => {
    const { reads } = await chain({ pages: 5, size: 3 }, { budgetBytes: 7 * RECORD_BYTES });
    expect(reads[0]!.cut).toBe('size');
    expect(reads[0]!.records).toHaveLength(6);
  });

  it('a deadline passed: the read ends after its first page, cut "time", with the next cursor', async () => {
    const source = feed({ pages: 3, size: 2 });
    const read = await readBounded(
      (prefetch) => new Paginator(source.fetchPage, { prefetch }),
      bounds({ deadline: Date.now() - 1 }),
    );
    expect(read).toMatchObject({ cut: 'time', nextCursor: '1', pages: 1 });
    expect(source.fetched()).toBe(1);
  });

  it('a page lost after others ends the read with them and its cursor', async () => {
    const { reads } = await chain({ pages: 4, size: 2, fault: { at: 2, kind: 'connection' } });
    expect(reads[0]).toMatchObject({ cut: 'connection', nextCursor: '2', read: 4 });
  });

  it('a page far larger than the ones before is left for the next read, from its own cursor', async () => {
    const { reads, error } = await chain({ pages: 3, size: 2, fault: { at: 1, kind: 'huge' } });
    expect(reads[0]).toMatchObject({ cut: 'size', nextCursor: '1', read: 2 });
    // Read again on its own it is too large for any read: the host's words say what to change.
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('pageSize');
  });

  it('a filter: Max Items counts what it keeps, and every record read is counted as read', async () => {
    const source = feed({ pages: 4, size: 3 });
    const read = await readBounded(
      (prefetch) => new Paginator(source.fetchPage, { prefetch }),
      bounds({ maxItems: 2, keep: (record) => Number((record as { id: string }).id) % 3 === 0 }),
    );
    expect(read.records.map((record) => (record as { id: string }).id)).toEqual(['3', '6']);
    expect(read).toMatchObject({ cut: 'max_items', read: 6, nextCursor: '2' });
    expect(source.fetched()).toBe(2);
  });
});
