import nock from 'nock';
import { stopNotice } from '../../src/pagination/stop-notice';
import { BASE, testClient } from '../support/client';
import { ok, tweets, users } from '../support/fixtures';

const followers = (path = '/social/user/jack/followers') => nock(BASE).get(path);

function userPages(pages: { count: number; next: string | undefined }[]) {
  let from = 0;
  let cursor: string | undefined;
  for (const { count, next } of pages) {
    const data: Record<string, unknown> = { followers: users(from, count) };
    if (next !== undefined) data.next_cursor = next;
    followers()
      .query(cursor === undefined ? {} : { cursor })
      .reply(200, ok(data));
    from += count;
    cursor = next;
  }
}

describe('user pages', () => {
  it('follow next_cursor until it is empty, yielding every user once', async () => {
    userPages([
      { count: 3, next: '10|20' },
      { count: 3, next: '0|30' },
      { count: 2, next: '' },
    ]);
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' });
    const ids = (await run.toArray()).map((u) => u.id);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    expect(run.pagesFetched).toBe(3);
    expect(run.stopReason).toBe('end');
    expect(run.nextCursor).toBeUndefined();
  });

  it('follow a "0|…" cursor, since stopping on it would lose users', async () => {
    userPages([
      { count: 2, next: '0|55' },
      { count: 2, next: '0' },
    ]);
    const { client } = testClient();
    expect(await client.paginate('getUserFollowers', { userName: 'jack' }).toArray()).toHaveLength(4);
  });

  it.each([
    ['absent', undefined],
    ['"0"', '0'],
    ['empty', ''],
  ])('end when next_cursor is %s', async (_label, next) => {
    userPages([{ count: 2, next }]);
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' });
    expect(await run.toArray()).toHaveLength(2);
    expect(run.pagesFetched).toBe(1);
  });

  it('end on a page with no users even when it has a cursor', async () => {
    userPages([
      { count: 2, next: '1|1' },
      { count: 0, next: '2|2' },
    ]);
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' });
    expect(await run.toArray()).toHaveLength(2);
    expect(run.pagesFetched).toBe(2);
    expect(run.stopReason).toBe('end');
  });

  it('end when the API repeats a cursor, without duplicates or an endless loop', async () => {
    followers().reply(200, ok({ followers: users(0, 2), next_cursor: '7|7' }));
    followers()
      .query({ cursor: '7|7' })
      .reply(200, ok({ followers: users(2, 2), next_cursor: '7|7' }));
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' });
    const ids = (await run.toArray()).map((u) => u.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(run.stopReason).toBe('repeatedCursor');
  });

  it('stop at the limit, cutting the last page, asking for no more than needed, and expose where to resume', async () => {
    followers()
      .query({ count: '5' })
      .reply(200, ok({ followers: users(0, 5), next_cursor: '1|1' }));
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' }, { limit: 5 });
    expect(await run.toArray()).toHaveLength(5);
    expect(run.stopReason).toBe('limit');
    expect(run.nextCursor).toBe('1|1');
  });

  it('cut the last page to the limit when pages are larger', async () => {
    followers()
      .query({ count: '3' })
      .reply(200, ok({ followers: users(0, 3), next_cursor: '1|1' }));
    followers()
      .query({ count: '3', cursor: '1|1' })
      .reply(200, ok({ followers: users(3, 3), next_cursor: '2|2' }));
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' }, { limit: 4, pageSize: 3 });
    expect((await run.toArray()).map((u) => u.userName)).toEqual(['user_0', 'user_1', 'user_2', 'user_3']);
  });

  it('stop after maxPages and resume from the exposed cursor in a second run', async () => {
    userPages([
      { count: 2, next: '1|1' },
      { count: 2, next: '2|2' },
      { count: 2, next: '' },
    ]);
    const { client } = testClient();
    const first = client.paginate('getUserFollowers', { userName: 'jack' }, { maxPages: 2 });
    expect(await first.toArray()).toHaveLength(4);
    expect(first.stopReason).toBe('maxPages');
    expect(first.nextCursor).toBe('2|2');
    const second = client.paginate(
      'getUserFollowers',
      { userName: 'jack' },
      { startCursor: first.nextCursor },
    );
    expect((await second.toArray()).map((u) => u.userName)).toEqual(['user_4', 'user_5']);
    expect(second.lastCursor).toBe('2|2');
  });

  it('yield whole pages with a computed has_next_page for users who loop by hand', async () => {
    userPages([
      { count: 2, next: '1|1' },
      { count: 1, next: '0' },
    ]);
    const { client } = testClient();
    const pages = [];
    for await (const p of client.paginate('getUserFollowers', { userName: 'jack' }).pages()) pages.push(p);
    expect(pages.map((p) => [p.records.length, p.next_cursor, p.has_next_page])).toEqual([
      [2, '1|1', true],
      [1, '0', false],
    ]);
  });

  it('never send an empty cursor: a blank start cursor means the first page', async () => {
    userPages([{ count: 1, next: '' }]);
    const { client } = testClient();
    expect(
      await client.paginate('getUserFollowers', { userName: 'jack' }, { startCursor: '  ' }).toArray(),
    ).toHaveLength(1);
  });

  it('send a pasted cursor without the blanks around it, as a start cursor and as a parameter', async () => {
    const scope = nock(BASE)
      .get('/social/user/jack/followers')
      .query({ cursor: 'abc|1' })
      .times(2)
      .reply(200, ok({ followers: users(0, 1), next_cursor: '' }));
    const { client } = testClient();
    const started = client.paginate('getUserFollowers', { userName: 'jack' }, { startCursor: ' abc|1\n' });
    expect(await started.toArray()).toHaveLength(1);
    await client.call('getUserFollowers', { userName: 'jack', cursor: '\tabc|1 ' });
    expect(scope.isDone()).toBe(true);
  });

  it("name the start cursor when the API refuses the first page's cursor, and only then", async () => {
    const refused = { status: 'error', msg: 'cursor is not valid: pass next_cursor back unchanged' };
    nock(BASE).get('/social/user/jack/followers').query({ cursor: 'stale|1' }).times(2).reply(400, refused);
    nock(BASE)
      .get('/social/user/jack/followers')
      .reply(200, ok({ followers: users(0, 1), next_cursor: 'later|2' }));
    nock(BASE).get('/social/user/jack/followers').query({ cursor: 'later|2' }).reply(400, refused);
    const { client } = testClient();
    const fromStart = client.paginate(
      'getUserFollowers',
      { userName: 'jack' },
      { startCursor: 'stale|1', startCursorGiven: true },
    );
    const atStart = await fromStart.toArray().catch((error: unknown) => error);
    expect(atStart).toMatchObject({ name: 'ValidationError', status: 400, field: 'startCursor' });
    expect((atStart as Error & { hint: string }).hint).toMatch(/leave startCursor out/);
    // A cursor the API gave and then refused is none of the user's: no input of theirs is named.
    const later = await client
      .paginate('getUserFollowers', { userName: 'jack' })
      .toArray()
      .catch((error: unknown) => error);
    expect(later).toMatchObject({ name: 'ValidationError', field: 'cursor' });
    expect((later as Error & { hint: string }).hint).not.toMatch(/startCursor/);
    // Nor is a start cursor a run kept (a trigger's place in its feed, a checkpoint).
    const kept = await client
      .paginate('getUserFollowers', { userName: 'jack' }, { startCursor: 'stale|1' })
      .toArray()
      .catch((error: unknown) => error);
    expect(kept).toMatchObject({ name: 'ValidationError', field: 'cursor' });
  });

  it('send count only when set on endpoint 9, which documents no default', async () => {
    nock(BASE)
      .get('/social/lists/5/subscribers')
      .reply(200, ok({ subscribers: users(0, 2), next_cursor: '' }));
    const { client } = testClient();
    expect(
      await client.paginate('getListSubscribers', { list_id: '5' }, { limit: 1 }).toArray(),
    ).toHaveLength(1);
  });
});

describe('tweet pages', () => {
  const timeline = () => nock(BASE).get('/social/user/jack/tweets');

  it('end when has_next_page is false even with a cursor', async () => {
    timeline().reply(200, ok({ tweets: tweets(0, 2), has_next_page: true, next_cursor: 'a' }));
    timeline()
      .query({ cursor: 'a' })
      .reply(200, ok({ tweets: tweets(2, 2), has_next_page: false, next_cursor: 'b' }));
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    expect(await run.toArray()).toHaveLength(4);
    expect(run.pagesFetched).toBe(2);
  });

  it('end when next_cursor is empty even if has_next_page is true, saying the rest is out of reach', async () => {
    timeline().reply(200, ok({ tweets: tweets(0, 2), has_next_page: true, next_cursor: '' }));
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    expect(await run.toArray()).toHaveLength(2);
    expect(run.stopReason).toBe('blankCursor');
    expect(stopNotice(run.stopReason)).toMatch(/no cursor to reach them/);
    expect(run.resumePoint()).toBeUndefined();
  });

  it('follow an empty page that says more follow, and give up after 3 empty pages in a row', async () => {
    timeline().reply(200, ok({ tweets: [], has_next_page: true, next_cursor: 'e1' }));
    timeline()
      .query({ cursor: 'e1' })
      .reply(200, ok({ tweets: tweets(0, 1), has_next_page: true, next_cursor: 'e2' }));
    for (const [from, to] of [
      ['e2', 'e3'],
      ['e3', 'e4'],
      ['e4', 'e5'],
    ]) {
      timeline()
        .query({ cursor: from })
        .reply(200, ok({ tweets: [], has_next_page: true, next_cursor: to }));
    }
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    expect(await run.toArray()).toHaveLength(1);
    expect(run.pagesFetched).toBe(5);
    expect(run.stopReason).toBe('emptyPages');
  });

  it('apply the limit client-side on endpoint 2, which takes no count', async () => {
    timeline().reply(200, ok({ tweets: tweets(0, 20), has_next_page: true, next_cursor: 'n' }));
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' }, { limit: 3 });
    expect(await run.toArray()).toHaveLength(3);
    expect(run.stopReason).toBe('limit');
  });

  it('stream records lazily with for await', async () => {
    timeline().reply(200, ok({ tweets: tweets(0, 2), has_next_page: true, next_cursor: 'a' }));
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' });
    for await (const t of run) {
      expect(t.id).toBe(tweets(0, 1)[0]!.id);
      break;
    }
    expect(run.pagesFetched).toBe(1);
  });

  it('send cursor and count in the body of own-session endpoints', async () => {
    const bodies: Record<string, unknown>[] = [];
    nock(BASE)
      .post('/social/bookmarks', (body) => (bodies.push(body), true))
      .times(2)
      .reply(200, (_uri, body) =>
        ok(
          (body as { cursor?: string }).cursor
            ? { tweets: tweets(5, 1), has_next_page: false, next_cursor: '' }
            : { tweets: tweets(0, 5), has_next_page: true, next_cursor: 'b2' },
        ),
      );
    const { client } = testClient();
    expect(await client.paginate('getBookmarks', {}, { pageSize: 5 }).toArray()).toHaveLength(6);
    expect(bodies.map(({ count, cursor }) => ({ count, cursor }))).toEqual([
      { count: 5, cursor: undefined },
      { count: 5, cursor: 'b2' },
    ]);
  });
});

describe('resuming a run loses and repeats nothing', () => {
  function threePages() {
    userPages([
      { count: 3, next: '1|1' },
      { count: 3, next: '2|2' },
      { count: 3, next: '' },
    ]);
  }

  async function resumeAll(
    first: ReturnType<ReturnType<typeof testClient>['client']['paginate']>,
    seen: string[],
  ) {
    const point = first.resumePoint();
    expect(point).toBeDefined();
    const { client } = testClient();
    const rest = client.paginate('getUserFollowers', { userName: 'jack' }, point);
    for await (const u of rest) seen.push(u.userName);
    expect(rest.resumePoint()).toBeUndefined();
  }

  it('after a limit that cut a page in the middle', async () => {
    const followers = () => nock(BASE).get('/social/user/jack/followers');
    followers()
      .query({ count: '3' })
      .reply(200, ok({ followers: users(0, 3), next_cursor: '1|1' }));
    followers()
      .query({ count: '3', cursor: '1|1' })
      .reply(200, ok({ followers: users(3, 3), next_cursor: '2|2' }));
    const { client } = testClient();
    const first = client.paginate('getUserFollowers', { userName: 'jack' }, { limit: 4, pageSize: 3 });
    const seen = (await first.toArray()).map((u) => u.userName);
    expect(first.resumePoint()).toEqual({ startCursor: '1|1', skip: 1 });
    followers()
      .query({ cursor: '1|1' })
      .reply(200, ok({ followers: users(3, 3), next_cursor: '2|2' }));
    followers()
      .query({ cursor: '2|2' })
      .reply(200, ok({ followers: users(6, 3), next_cursor: '' }));
    await resumeAll(first, seen);
    expect(seen).toEqual(users(0, 9).map((u) => u.userName));
  });

  it('after the caller broke out of for await in the middle of a page', async () => {
    threePages();
    const { client } = testClient();
    const first = client.paginate('getUserFollowers', { userName: 'jack' });
    const seen: string[] = [];
    for await (const u of first) {
      seen.push(u.userName);
      if (seen.length === 4) break;
    }
    expect(first.resumePoint()).toEqual({ startCursor: '1|1', skip: 1 });
    nock.cleanAll();
    nock(BASE)
      .get('/social/user/jack/followers')
      .query({ cursor: '1|1' })
      .reply(200, ok({ followers: users(3, 3), next_cursor: '2|2' }));
    nock(BASE)
      .get('/social/user/jack/followers')
      .query({ cursor: '2|2' })
      .reply(200, ok({ followers: users(6, 3), next_cursor: '' }));
    await resumeAll(first, seen);
    expect(seen).toEqual(users(0, 9).map((u) => u.userName));
  });

  it('after the run gave up on empty pages, from the last cursor it was given', async () => {
    const timeline = () => nock(BASE).get('/social/user/jack/tweets');
    timeline().reply(200, ok({ tweets: [], has_next_page: true, next_cursor: 'e1' }));
    timeline()
      .query({ cursor: 'e1' })
      .reply(200, ok({ tweets: [], has_next_page: true, next_cursor: 'e2' }));
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' }, { maxEmptyPages: 2 });
    expect(await run.toArray()).toEqual([]);
    expect(run.stopReason).toBe('emptyPages');
    expect(run.resumePoint()).toEqual({ startCursor: 'e2', skip: 0 });
  });

  it('says there is nothing to resume once the feed ended', async () => {
    userPages([{ count: 2, next: '' }]);
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' });
    await run.toArray();
    expect(run.resumePoint()).toBeUndefined();
    expect(run.nextCursor).toBeUndefined();
  });
});
