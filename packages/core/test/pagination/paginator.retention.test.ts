import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import { Paginator } from '../../src/pagination/paginator';
import type { Page } from '../../src/pagination/page';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const PAGES = 12;

/**
 * A feed whose every fetch first collects garbage and then counts the records of earlier pages
 * still reachable: what a long export would carry into V8's old generation.
 */
function watchedFeed() {
  const handedOut: Array<WeakRef<object>> = [];
  const keptAtFetch: number[] = [];
  const fetchPage = async (cursor: string | undefined): Promise<Page<{ id: string }>> => {
    const n = cursor === undefined ? 0 : Number(cursor);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    keptAtFetch.push(handedOut.filter((ref) => ref.deref() !== undefined).length);
    const records = [{ id: String(n * 2 + 1) }, { id: String(n * 2 + 2) }];
    return { records, has_next_page: n < PAGES - 1, next_cursor: String(n + 1) };
  };
  return { handedOut, keptAtFetch, fetchPage };
}

describe('a page handed out is not kept while the next one is fetched and parsed', () => {
  it.each([false, true])('eachPage, prefetch %s', async (prefetch) => {
    const feed = watchedFeed();
    await new Paginator(feed.fetchPage, { prefetch }).eachPage((page) => {
      feed.handedOut.push(new WeakRef(page.records[0]!));
    });
    expect(feed.handedOut).toHaveLength(PAGES);
    expect(feed.keptAtFetch).toEqual(Array(PAGES).fill(0));
  });

  it('record by record', async () => {
    const feed = watchedFeed();
    const records = new Paginator(feed.fetchPage)[Symbol.asyncIterator]();
    // Not `for await`, whose loop keeps the record it last handed out until the next arrives.
    const takeOne = async () => {
      const next = await records.next();
      if (!next.done) feed.handedOut.push(new WeakRef(next.value));
      return !next.done;
    };
    while (await takeOne());
    expect(feed.handedOut).toHaveLength(PAGES * 2);
    expect(feed.keptAtFetch).toEqual(Array(PAGES).fill(0));
  });

  it('a handler that throws stops the run, as a break does', async () => {
    const feed = watchedFeed();
    const paginator = new Paginator(feed.fetchPage, { prefetch: true });
    const run = paginator.eachPage(() => {
      throw new Error('disk full');
    });
    await expect(run).rejects.toThrow('disk full');
    expect(paginator.stopReason).toBe('stopped');
    expect(paginator.recordsYielded).toBe(2);
  });
});
