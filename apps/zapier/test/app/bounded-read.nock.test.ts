import nock from 'nock';

import { recordSamples as samples } from '@social-data/core';
import { app, appTester, newZap, run } from '../support/app';

const BASE = 'https://api.social-data.test';
const authData = { apiKey: 'tda_zapBoundsKey_48', baseUrl: BASE };
const FOLLOWERS = /^\/social\/user\/jack\/followers/;

/** `count` followers whose descriptions make each about `bytes` long in JSON. */
function followers(first: number, count: number, bytes = 600) {
  const padding = 'x'.repeat(Math.max(0, bytes - JSON.stringify(samples.user).length));
  return Array.from({ length: count }, (_, n) => ({
    ...samples.user,
    id: String(1_400_000_000_000_000_000n + BigInt(first + n)),
    description: padding,
  }));
}

const page = (users: object[], next_cursor: string) => ({
  status: 'success',
  data: { followers: users, next_cursor },
});

afterEach(() => {
  expect(nock.pendingMocks()).toEqual([]);
  nock.cleanAll();
});

describe('a page far larger than the ones before it', () => {
  it('is left whole for the next step, from its own cursor', async () => {
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, page(followers(0, 200), '1|1'))
      .get(FOLLOWERS)
      .query((query) => query.cursor === '1|1')
      .reply(200, page(followers(200, 1000, 7000), '2|1'));
    const output = await run('creates', 'getUserFollowers', authData, { userName: 'jack', maxItems: 5000 });
    expect(output).toMatchObject({
      count: 200,
      truncated_by: 'size',
      next_cursor: '1|1',
      has_next_page: true,
    });
  });

  it('fails the step naming Page Size when even the first page is too large', async () => {
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, page(followers(0, 1000, 7000), '1|1'));
    const error = await run('creates', 'getUserFollowers', authData, {
      userName: 'jack',
      pageSize: 1000,
    }).catch((failure: Error) => failure);
    expect(JSON.parse((error as Error).message).message).toMatch(/^Page Size: .*6\.\d MB.*Page Size lower/);
  });
});

describe('a trigger poll', () => {
  it('hands each id on once when the feed moved between two of its pages', async () => {
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, page(followers(0, 200), '1|1'))
      .get(FOLLOWERS)
      .reply(200, page(followers(199, 200), ''));
    const ids = (
      (await run('triggers', 'newFollower', authData, { userName: 'jack' }, newZap())) as Array<{
        id: string;
      }>
    ).map((user) => user.id);
    expect(ids).toHaveLength(399);
    expect(new Set(ids).size).toBe(399);
  });

  it("a new Zap's first check returns the top of the feed it took note of, in at most 5 requests whatever Max Pages", async () => {
    const scope = nock(BASE);
    let requests = 0;
    for (let at = 0; at < 7; at += 1)
      scope
        .get(FOLLOWERS)
        .query((query) => (at === 0 ? query.cursor === undefined : query.cursor === `${at}|1`))
        .times(3)
        .reply(() => {
          requests += 1;
          return [200, page(followers(at * 200, 200), `${at + 1}|1`)];
        });
    for (const max_pages of ['', '1', '50']) {
      requests = 0;
      const first = await run('triggers', 'newFollower', authData, { userName: 'jack', max_pages }, newZap());
      expect(first).toHaveLength(1000);
      expect(requests).toBe(5);
    }
    nock.cleanAll();
  });

  it('reads an emptied Max Pages per Poll as the default and refuses 100000 or "abc" before any request (issue 38 case 6)', async () => {
    const scope = nock(BASE);
    for (let at = 0; at < 5; at += 1)
      scope
        .get(FOLLOWERS)
        .query((query) => (at === 0 ? query.cursor === undefined : query.cursor === `${at}|1`))
        .reply(200, page(followers(at * 200, 200), `${at + 1}|1`));
    const emptied = await run(
      'triggers',
      'newFollower',
      authData,
      { userName: 'jack', max_pages: '' },
      newZap(),
    );
    expect(emptied).toHaveLength(1000);
    for (const max_pages of ['100000', 'abc']) {
      const refused = run('triggers', 'newFollower', authData, { userName: 'jack', max_pages });
      await expect(refused).rejects.toThrow(/max_pages|Max Pages per Poll/);
      await expect(refused).rejects.toThrow(/from 1 to 50/);
      await expect(refused).rejects.not.toThrow(/NaN/);
    }
  });

  it("reads one page for the editor's sample", async () => {
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, page(followers(0, 200), '1|1'));
    const records = await appTester(
      app.triggers.newFollower!.operation.perform as never,
      {
        authData,
        inputData: { userName: 'jack' },
        meta: { isLoadingSample: true },
      } as never,
    );
    expect(records).toHaveLength(200);
  });
});

describe('asking for the next page early', () => {
  it('never asks for a page the step will not return: Max Items met by a page ends the requests', async () => {
    const unmatched: string[] = [];
    const listener = (request: { path: string }) => unmatched.push(request.path);
    nock.emitter.on('no match', listener);
    try {
      nock(BASE)
        .get(FOLLOWERS)
        .reply(200, page(followers(0, 100), '1|1'))
        .get(FOLLOWERS)
        .query((query) => query.cursor === '1|1')
        .reply(200, page(followers(100, 100), '2|1'));
      const output = await run('creates', 'getUserFollowers', authData, {
        userName: 'jack',
        pageSize: 100,
        maxItems: 200,
      });
      expect(output).toMatchObject({ count: 200, next_cursor: '2|1', truncated_by: 'max_items' });
      await new Promise((resolve) => setImmediate(resolve));
      expect(unmatched).toEqual([]);
    } finally {
      nock.emitter.off('no match', listener);
    }
  });
});

describe('a trigger check whose new items are larger than Zapier takes', () => {
  it('fails saying so, and marks nothing as seen: the next check passes them all', async () => {
    const zap = newZap();
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, page(followers(0, 50), ''));
    expect(await run('triggers', 'newFollower', authData, { userName: 'jack' }, zap)).toHaveLength(50);
    // 40 new followers of 200 KB each on top: 8 MB in one page. Each try with fewer pages reads
    // the page again: 5, 2, then 1 page a try.
    const large = followers(1000, 40, 200_000);
    nock(BASE)
      .get(FOLLOWERS)
      .times(3)
      .reply(200, page([...large, ...followers(0, 50)], ''));
    const error = await run('triggers', 'newFollower', authData, { userName: 'jack' }, zap).catch(
      (failure: Error) => failure,
    );
    expect(JSON.parse((error as Error).message).message).toBe(
      'Simplify: the new items of one check are more than a Zapier trigger can return, even read one page at a time. Nothing was marked as seen, so the next check tries them again.',
    );
    // The API answers them smaller now: all 40 come, once.
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, page([...followers(1000, 40), ...followers(0, 50)], ''));
    const next = (await run('triggers', 'newFollower', authData, { userName: 'jack' }, zap)) as Array<{
      id: string;
    }>;
    expect(next.map((user) => user.id)).toEqual(large.map((user) => user.id));
  });
});

describe('a record nested deeper than the API goes (issue 38 case 8)', () => {
  it('reaches the Zap with the deep part left out, instead of failing the step on its size measurement', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const user = `${JSON.stringify(samples.user).slice(0, -1)},"extra":${deep}}`;
    nock(BASE)
      .get(FOLLOWERS)
      .reply(200, `{"status":"success","data":{"followers":[${user}],"next_cursor":""}}`);
    const records = (await run(
      'triggers',
      'newFollower',
      authData,
      { userName: 'jack' },
      newZap(),
    )) as object[];
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).toContain('[left out: nested more than 64 levels deep]');
  });
});

describe('one rule for partial answers under a rate limit (issue 38 case 9)', () => {
  it('a search by 300 ids whose second batch is rate limited is throttled, as the line-items action is, instead of a success with 200', async () => {
    const ids = Array.from({ length: 300 }, (_, n) => String(1_400_000_000_000_000_000n + BigInt(n)));
    const batch = (from: number) => (query: Record<string, unknown>) =>
      String(query.userIds).split(',')[0] === ids[from];
    const users = (from: number) => ids.slice(from, from + 100).map((id) => ({ ...samples.user, id }));
    for (const kind of ['searches', 'creates'] as const) {
      const key = kind === 'searches' ? 'getUsersByIds' : 'getUsersByIdsItems';
      nock(BASE)
        .get('/social/users/batch')
        .query(batch(0))
        .reply(200, { status: 'success', data: users(0) });
      nock(BASE)
        .get('/social/users/batch')
        .query(batch(100))
        .times(3)
        .reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '0' });
      nock(BASE)
        .get('/social/users/batch')
        .query(batch(200))
        .optionally()
        .reply(200, { status: 'success', data: users(200) });
      const outcome = await run(kind, key, authData, { userIds: ids.join(',') }).catch(
        (error: Error) => error,
      );
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).name).toBe('ThrottledError');
      nock.cleanAll();
    }
  });

  it('a Get tweets of a user step whose first page is too large names Simplify, the fix it has, not Page Size', async () => {
    const huge = 'x'.repeat(7 * 1024 * 1024);
    nock(BASE)
      .get(/^\/social\/user\/jack\/tweets/)
      .reply(200, {
        status: 'success',
        data: { tweets: [{ ...samples.tweet, text: huge }], next_cursor: '' },
      });
    const error = (await run('creates', 'getUserTweets', authData, { userName: 'jack' }).catch(
      (caught: unknown) => caught,
    )) as Error;
    expect(String(error.message)).toMatch(/"Simplify: one page of this feed is 7\.0 MB/);
    expect(String(error.message)).toMatch(/Set Simplify to yes/);
    expect(String(error.message)).not.toMatch(/Page Size/);
  });
});
