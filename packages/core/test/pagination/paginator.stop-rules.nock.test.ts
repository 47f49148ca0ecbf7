import nock from 'nock';
import { DEFAULT_MAX_EMPTY_PAGES, Paginator } from '../../src/pagination/paginator';
import { stopNotice } from '../../src/pagination/stop-notice';
import { BASE, testClient } from '../support/client';
import { ok, tweets, users } from '../support/fixtures';

/**
 * Issue 26, findings 2 and 3: a server that hands out a fresh cursor with records already seen,
 * or a blank cursor, must not keep a Return All run going (11,617 requests and 232,321 records,
 * 20 distinct, before the fix).
 */
const SAFETY = 50;

function serve(path: string, answer: (request: number, cursor: string | null) => unknown) {
  let requests = 0;
  const sent: (string | null)[] = [];
  nock(BASE)
    .persist()
    .get(path)
    .query(true)
    .reply((uri) => {
      const cursor = new URL(uri, BASE).searchParams.get('cursor');
      sent.push(cursor);
      requests += 1;
      // A bound of its own, so a regression fails the test instead of hanging it.
      if (requests > SAFETY) return [500, { status: 'error', msg: 'test bound reached' }];
      return [200, answer(requests, cursor)];
    });
  return { sent, requests: () => requests };
}

afterEach(() => nock.cleanAll());

describe('progress is measured by new record ids, not only cursors', () => {
  it('stops when fresh cursors keep bringing the same 20 tweets', async () => {
    const server = serve('/social/user/jack/tweets', (n) =>
      ok({ tweets: tweets(0, 20), has_next_page: true, next_cursor: `fresh-${n}` }),
    );
    const { client } = testClient({ maxRetries: 0 });
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    const ids = (await run.toArray()).map((t) => t.id);
    // Each record once: the repeats are left out, and three pages in a row without a new id end
    // the run after the page that brought the 20.
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(server.requests()).toBe(4);
    expect(run.stopReason).toBe('emptyPages');
  });

  it('stops on "0|n" user cursors that repeat 2 users', async () => {
    const server = serve('/social/user/jack/followers', (n) =>
      ok({ followers: users(0, 2), next_cursor: `0|${n}` }),
    );
    const { client } = testClient({ maxRetries: 0 });
    const run = client.paginate('getUserFollowers', { userName: 'jack' });
    const ids = (await run.toArray()).map((u) => u.id);
    expect(ids).toHaveLength(2);
    expect(server.requests()).toBe(4);
    expect(run.stopReason).toBe('emptyPages');
  });

  it('stops when an empty page and a repeated record alternate', async () => {
    const server = serve('/social/user/jack/tweets', (n) =>
      ok({ tweets: n % 2 ? tweets(0, 1) : [], has_next_page: true, next_cursor: `alt-${n}` }),
    );
    const { client } = testClient({ maxRetries: 0 });
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    await run.toArray();
    expect(server.requests()).toBe(4);
    expect(run.stopReason).toBe('emptyPages');
  });

  it('keeps going while every page brings new records, even when some repeat', async () => {
    // Pages overlap by half (a server that shifts under the reader): still progress.
    serve('/social/user/jack/tweets', (n) =>
      ok({ tweets: tweets(n * 10, 20), has_next_page: n < 10, next_cursor: `p-${n}` }),
    );
    const { client } = testClient({ maxRetries: 0 });
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    const ids = (await run.toArray()).map((t) => t.id);
    expect(run.pagesFetched).toBe(10);
    expect(ids).toHaveLength(110);
    expect(new Set(ids).size).toBe(110);
    expect(run.stopReason).toBe('end');
  });
});

describe('records repeated within a run are handed out once', () => {
  it('leaves out the repeats of an overlapping page and resumes after the last record handed out', async () => {
    nock(BASE)
      .get('/social/user/jack/tweets')
      .reply(200, ok({ tweets: tweets(0, 4), has_next_page: true, next_cursor: 'b' }));
    nock(BASE)
      .get('/social/user/jack/tweets')
      .query({ cursor: 'b' })
      .reply(200, ok({ tweets: [...tweets(2, 2), ...tweets(4, 4)], has_next_page: true, next_cursor: 'c' }));
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' }, { limit: 6 });
    const ids = (await run.toArray()).map((t) => t.id);
    expect(ids).toEqual(tweets(0, 6).map((t) => t.id));
    // Tweets 4 and 5 sit at positions 2 and 3 of the second page: the next run skips 4 there.
    expect(run.resumePoint()).toEqual({ startCursor: 'b', skip: 4 });
  });
});

describe('stopReason is always set', () => {
  it('is "stopped" when the caller breaks out', async () => {
    serve('/social/user/jack/tweets', (n) =>
      ok({ tweets: tweets(n * 20, 20), has_next_page: true, next_cursor: `p-${n}` }),
    );
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    for await (const tweet of run) if (tweet) break;
    expect(run.stopReason).toBe('stopped');
  });

  it('is "failed" when a page cannot be fetched', async () => {
    nock(BASE).get('/social/user/jack/tweets').reply(401, { status: 'error', msg: 'Invalid API key' });
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    await expect(run.toArray()).rejects.toThrow(/rejected/);
    expect(run.stopReason).toBe('failed');
  });
});

describe('blank cursors (decision B12)', () => {
  it.each([
    ['tweet pages', '/social/user/jack/tweets', 'getUserTweets'],
    ['user pages', '/social/user/jack/followers', 'getUserFollowers'],
  ] as const)(
    'end %s on next_cursor "   ", never send it, and say the rest is out of reach',
    async (_label, path, id) => {
      const server = serve(path, () =>
        id === 'getUserTweets'
          ? ok({ tweets: tweets(0, 2), has_next_page: true, next_cursor: '   ' })
          : ok({ followers: users(0, 2), next_cursor: '\t ' }),
      );
      const { client } = testClient();
      const run = client.paginate(id, { userName: 'jack' });
      expect(await run.toArray()).toHaveLength(2);
      expect(server.sent).toEqual([null]);
      expect(run.stopReason).toBe('blankCursor');
      expect(stopNotice(run.stopReason)).toMatch(/no cursor to reach them/);
    },
  );

  it('come back as "" from a single page call', async () => {
    nock(BASE)
      .get('/social/user/jack/tweets')
      .reply(200, ok({ tweets: tweets(0, 1), next_cursor: '  ' }));
    const { client } = testClient();
    const page = await client.call('getUserTweets', { userName: 'jack' });
    expect(page).toMatchObject({ next_cursor: '', has_next_page: false });
  });
});

/** Issue 38 case 3: a loop longer than the ids a run remembers went on for 1,600 pages. */
describe('a loop longer than the remembered window', () => {
  it('120,000 ids served again and again under fresh cursors: the run ends after a few pages of repeats', async () => {
    const LOOP = 120_000;
    const PAGE = 200;
    let requests = 0;
    const run = new Paginator<{ id: string }>(async (cursor) => {
      requests += 1;
      if (requests > 2_000) throw new Error('test bound reached');
      const start = (Number(cursor ?? 0) * PAGE) % LOOP;
      const records = Array.from({ length: PAGE }, (_, n) => ({
        id: String(1_400_000_000_000_000_000n + BigInt(start + n)),
      }));
      return { records, has_next_page: true, next_cursor: String(Number(cursor ?? 0) + 1) };
    });
    let records = 0;
    for await (const page of run.pages()) records += page.records.length;
    expect(run.stopReason).toBe('emptyPages');
    // Every id once, then the three pages of repeats that show the loop.
    expect(records).toBe(LOOP + DEFAULT_MAX_EMPTY_PAGES * PAGE);
    expect(requests).toBe(LOOP / PAGE + DEFAULT_MAX_EMPTY_PAGES);
  });

  it('300,000 distinct ids, one page at a time: nothing taken for a repeat', async () => {
    const TOTAL = 300_000;
    const run = new Paginator<{ id: string }>(async (cursor) => {
      const start = Number(cursor ?? 0);
      // Pages of one record, the easiest for a guess to cut short, with ids that are not numbers.
      const records = Array.from({ length: 100 }, (_, n) => ({ id: `user-${start + n}` }));
      const next = start + 100;
      return {
        records: records.slice(0, next <= TOTAL ? 100 : 0),
        has_next_page: next < TOTAL,
        next_cursor: String(next),
      };
    });
    let records = 0;
    for await (const page of run.pages()) records += page.records.length;
    expect(run.stopReason).toBe('end');
    expect(records).toBe(TOTAL);
  });
});
