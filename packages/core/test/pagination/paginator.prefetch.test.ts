import fc from 'fast-check';
import nock from 'nock';

import { ConnectionError, Paginator } from '../../src';
import { readFiltered } from '../../src/feeds';
import { prefetchUntil } from '../../src/feeds/filtered-read';
import type { Page, PaginateOptions } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, users } from '../support/fixtures';

interface Row {
  id: string;
  even: boolean;
}

/** A feed of `pages` pages of `size` records; every request is logged, and each answer waits a tick. */
function feed(pages: number, size: number, failAt?: number) {
  const log: string[] = [];
  let requests = 0;
  const fetchPage = async (cursor: string | undefined): Promise<Page<Row>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    requests += 1;
    log.push(`fetch ${index}`);
    await new Promise((resolve) => setImmediate(resolve));
    if (index === failAt) throw new ConnectionError('connection reset', { reachedServer: true });
    const records = Array.from({ length: size }, (_, i) => {
      const n = index * size + i;
      return { id: String(n + 1), even: n % 2 === 0 };
    });
    const last = index === pages - 1;
    return { records, next_cursor: last ? '' : String(index + 1), has_next_page: !last };
  };
  return {
    fetchPage,
    log,
    get requests() {
      return requests;
    },
  };
}

/** Reads every record with an await per record, as a host handing each one on does. */
async function consume(run: Paginator<Row>, log: string[], limit = Infinity): Promise<string[]> {
  const ids: string[] = [];
  for await (const record of run) {
    await new Promise((resolve) => setImmediate(resolve));
    ids.push(record.id);
    log.push(`handled ${record.id}`);
    if (ids.length >= limit) break;
  }
  return ids;
}

describe('prefetch', () => {
  it('asks for the next page while the records of the current one are still being handled', async () => {
    const source = feed(3, 4);
    const ids = await consume(new Paginator(source.fetchPage, { prefetch: true }), source.log);
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect(source.requests).toBe(3);
    // Page 1 is requested before the first record of page 0 is handed on.
    expect(source.log.indexOf('fetch 1')).toBeLessThan(source.log.indexOf('handled 1'));
    expect(source.log.indexOf('fetch 2')).toBeLessThan(source.log.indexOf('handled 5'));
  });

  it('waits for the caller without it: the next request follows the last record handled', async () => {
    const source = feed(3, 4);
    await consume(new Paginator(source.fetchPage), source.log);
    expect(source.log.indexOf('fetch 1')).toBeGreaterThan(source.log.indexOf('handled 4'));
  });

  it('never sends a request a limit does not need, whatever the limit and page size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 40 }),
        async (pages, size, limit) => {
          const source = feed(pages, size);
          const ids = await consume(new Paginator(source.fetchPage, { limit, prefetch: true }), source.log);
          const total = pages * size;
          expect(ids).toHaveLength(Math.min(limit, total));
          expect(source.requests).toBe(Math.min(pages, Math.ceil(limit / size)));
        },
      ),
    );
  });

  it('stops at Max Pages without an early request past it', async () => {
    const source = feed(10, 3);
    const run = new Paginator(source.fetchPage, { maxPages: 4, prefetch: true });
    expect(await consume(run, source.log)).toHaveLength(12);
    expect(source.requests).toBe(4);
    expect(run.stopReason).toBe('maxPages');
  });

  it('counts only records that pass a filter toward the limit before asking early', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 12 }),
        async (size, limit) => {
          const keep = (row: Row) => row.even;
          const options: PaginateOptions = { prefetch: prefetchUntil(limit, keep) };
          const eager = feed(8, size);
          const kept: string[] = [];
          await readFiltered(new Paginator(eager.fetchPage, options), keep, limit, (row) => {
            kept.push(row.id);
          });
          const lazy = feed(8, size);
          await readFiltered(new Paginator(lazy.fetchPage), keep, limit, () => undefined);
          expect(eager.requests).toBe(lazy.requests);
          expect(kept).toHaveLength(Math.min(limit, Math.ceil((8 * size) / 2)));
        },
      ),
    );
  });

  it('costs at most the one page already asked for when the caller stops reading', async () => {
    const source = feed(5, 4);
    const run = new Paginator(source.fetchPage, { prefetch: true });
    expect(await consume(run, source.log, 2)).toEqual(['1', '2']);
    expect(source.requests).toBe(2);
    expect(run.resumePoint()).toEqual({ startCursor: undefined, skip: 2 });
  });

  it('reports a failed early page only once the records before it are handed on, and resumes after them', async () => {
    const source = feed(4, 3, 2);
    const run = new Paginator(source.fetchPage, { prefetch: true });
    const ids: string[] = [];
    await expect(
      (async () => {
        for await (const record of run) ids.push(record.id);
      })(),
    ).rejects.toThrow(ConnectionError);
    expect(ids).toHaveLength(6);
    expect(run.stopReason).toBe('failed');
    expect(run.resumePoint()).toEqual({ startCursor: '2', skip: 0 });
  });

  it('leaves no unhandled rejection when a page asked for early fails after the caller stopped', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const source = feed(4, 3, 1);
      await consume(new Paginator(source.fetchPage, { prefetch: true }), source.log, 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(source.requests).toBe(2);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('overlaps real requests through the client, with the same records and requests as without', async () => {
    const reply = (from: number, next?: string) =>
      ok(
        next === undefined ? { followers: users(from, 3) } : { followers: users(from, 3), next_cursor: next },
      );
    const scope = nock(BASE)
      .get('/social/user/jack/followers')
      .reply(200, reply(0, '1|1'))
      .get('/social/user/jack/followers')
      .query({ cursor: '1|1' })
      .reply(200, reply(3, '2|2'))
      .get('/social/user/jack/followers')
      .query({ cursor: '2|2' })
      .reply(200, reply(6));
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' }, { prefetch: true });
    const ids: string[] = [];
    for await (const user of run) ids.push(user.id);
    expect(new Set(ids).size).toBe(9);
    expect(run.pagesFetched).toBe(3);
    scope.done();
  });
});
