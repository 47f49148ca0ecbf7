import nock from 'nock';

import {
  api,
  apiCredential,
  COOKIE,
  leakedSecrets,
  ok,
  PROXY,
  sessionCredential,
  tweet,
  user,
  users,
} from '../../support/api';
import { hintsOf, runNode } from '../../support/workflow';
import { stopN8nTimers } from '../../support/n8n-timers';

afterAll(stopN8nTimers);

const credentials = { socialDataApi: apiCredential };
const withSession = { socialDataApi: sessionCredential };
const byName = (value: string) => ({ __rl: true, mode: 'username', value });

describe('the Social Data node inside n8n-core', () => {
  it('looks up a profile pasted as a URL, sending the key once, from the credential', async () => {
    const scope = api()
      .get('/social/user/social_data')
      .reply(200, ok(user(7)));
    const { items, error } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('https://x.com/social_data') },
      { credentials },
    );
    expect(error).toBeUndefined();
    expect(items).toEqual([{ json: user(7), pairedItem: { item: 0 } }]);
    scope.done();
  });

  it('follows cursors for Return All and pairs every record with its input item', async () => {
    const scope = api()
      .get('/social/user/social_data')
      .reply(200, ok({ ...user(1), userName: 'social_data', followers: 437 }))
      .get('/social/user/social_data/followers')
      .reply(200, ok({ followers: users(0, 200), next_cursor: 'c1' }))
      .get('/social/user/social_data/followers')
      .query({ cursor: 'c1' })
      .reply(200, ok({ followers: users(200, 200), next_cursor: 'c2' }))
      .get('/social/user/social_data/followers')
      .query({ cursor: 'c2' })
      .reply(200, ok({ followers: users(400, 37), next_cursor: '0' }));
    const { items } = await runNode(
      { resource: 'user', operation: 'getUserFollowers', userName: byName('@social_data'), returnAll: true },
      { credentials },
    );
    expect(items).toHaveLength(437);
    expect(new Set(items.map((item) => item.json.id)).size).toBe(437);
    expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
    scope.done();
  });

  it('asks for no more than the limit and returns exactly the limit', async () => {
    const scope = api()
      .get('/social/user/social_data/followers')
      .query({ count: '50' })
      .reply(200, ok({ followers: users(0, 50), next_cursor: 'c1' }));
    const { items } = await runNode(
      { resource: 'user', operation: 'getUserFollowers', userName: byName('social_data') },
      { credentials },
    );
    expect(items).toHaveLength(50);
    scope.done();
  });

  it('returns one item per page with a cursor that continues the feed', async () => {
    const scope = api()
      .get('/social/user/social_data/tweets')
      .reply(200, ok({ tweets: [tweet(1), tweet(2)], next_cursor: 'page-2', has_next_page: true }))
      .get('/social/user/social_data/tweets')
      .query({ cursor: 'page-2' })
      .reply(200, ok({ tweets: [tweet(3)], next_cursor: '', has_next_page: false }));
    const { items } = await runNode(
      {
        resource: 'user',
        operation: 'getUserTweets',
        userName: byName('social_data'),
        returnAll: true,
        options: { outputMode: 'pages', simplify: true },
      },
      { credentials },
    );
    expect(items.map((item) => [item.json.next_cursor, item.json.has_next_page])).toEqual([
      ['page-2', true],
      ['', false],
    ]);
    const first = (items[0]!.json.records as Array<Record<string, unknown>>)[0]!;
    expect(first).toMatchObject({ id: tweet(1).id, author_userName: 'user_1' });
    expect(first.url).toBe(`https://x.com/user_1/status/${tweet(1).id}`);
    scope.done();
  });

  it('never cuts a page in page mode, so its next_cursor skips nothing', async () => {
    const scope = api()
      .get('/social/user/social_data/tweets')
      .reply(200, ok({ tweets: [1, 2, 3].map(tweet), next_cursor: 'p2', has_next_page: true }))
      .get('/social/user/social_data/tweets')
      .query({ cursor: 'p2' })
      .reply(200, ok({ tweets: [4, 5, 6].map(tweet), next_cursor: 'p3', has_next_page: true }));
    const { items } = await runNode(
      {
        resource: 'user',
        operation: 'getUserTweets',
        userName: byName('social_data'),
        limit: 4,
        options: { outputMode: 'pages' },
      },
      { credentials },
    );
    expect(items.map((item) => (item.json.records as unknown[]).length)).toEqual([3, 3]);
    expect(items[1]?.json.next_cursor).toBe('p3');
    scope.done();
  });

  it('starts from a given cursor with the chosen page size and page cap', async () => {
    const scope = api()
      .post(
        '/social/lists/1500000000000000000/members',
        (body) => body.cursor === 'resume-here' && body.count === 150,
      )
      .reply(200, ok({ users: users(0, 150), next_cursor: 'next' }))
      .post('/social/lists/1500000000000000000/members', (body) => body.cursor === 'next')
      .reply(200, ok({ users: users(150, 150), next_cursor: 'after' }));
    const { items, run } = await runNode(
      {
        resource: 'list',
        operation: 'getListMembers',
        list_id: { __rl: true, mode: 'url', value: 'https://x.com/i/lists/1500000000000000000' },
        returnAll: true,
        options: { startCursor: 'resume-here', pageSize: 150, maxPages: 2 },
      },
      { credentials: withSession },
    );
    expect(items).toHaveLength(300);
    // Items carry no cursor: the hint says where the next run goes on.
    expect(hintsOf(run)).toEqual([
      'Stopped at Max Pages (2 pages, 300 records); the feed holds more. To read on, set Start Cursor to after, or raise Max Pages.',
    ]);
    scope.done();
  });

  it('sends the session cookie and proxy in the body of own-session operations', async () => {
    const scope = api()
      .post('/social/lists', { cookie: COOKIE, proxy: PROXY, name: 'Launch watch', is_private: true })
      .reply(200, ok({ list_id: '1500000000000000123' }));
    const { items, error } = await runNode(
      {
        resource: 'list',
        operation: 'createList',
        name: 'Launch watch',
        additionalFields: { is_private: true },
      },
      { credentials: withSession },
    );
    expect(error).toBeUndefined();
    expect(items).toEqual([{ json: { list_id: '1500000000000000123' }, pairedItem: { item: 0 } }]);
    scope.done();
  });

  it('looks up tweets given as URLs and ids, in input order', async () => {
    const [a, b] = [tweet(1), tweet(2)];
    const scope = api()
      .get('/social/tweets/lookup')
      .query({ tweet_ids: `${b.id},${a.id}` })
      .reply(200, ok([a, b]));
    const { items } = await runNode(
      {
        resource: 'tweet',
        operation: 'lookupTweets',
        tweet_ids: `https://x.com/user_1/status/${b.id}\n${a.id}`,
      },
      { credentials },
    );
    expect(items.map((item) => item.json.id)).toEqual([b.id, a.id]);
    scope.done();
  });

  it.each([
    ['the Session Cookie and the Proxy URL', apiCredential],
    ['the Session Cookie', { ...apiCredential, cookie: '  ', proxy: PROXY }],
    ['the Proxy URL', { ...apiCredential, cookie: COOKIE }],
  ])(
    'asks for %s in the credential on an own-session operation, before any request',
    async (missing, credential) => {
      const { error, items, run } = await runNode(
        { resource: 'bookmark', operation: 'getBookmarks' },
        { credentials: { socialDataApi: credential } },
      );
      expect(items).toEqual([]);
      expect(error).toMatchObject({
        name: 'NodeOperationError',
        message: `Add ${missing} in the "Social Data API" credential (needed by Bookmark → Get Many)`,
      });
      expect(String(error?.description)).toContain('Credential to connect with');
      expect(leakedSecrets(run)).toEqual([]);
    },
  );

  it('reports a rejected key with what to do, and no secret anywhere in the run', async () => {
    api().get('/social/user/social_data').times(2).reply(401, { status: 'error', msg: 'Invalid API key' });
    const { error, run } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('social_data') },
      { credentials: withSession },
    );
    expect(error).toMatchObject({ name: 'NodeApiError', httpCode: '401' });
    expect(String(error?.description)).toContain('API key');
    expect(leakedSecrets(run)).toEqual([]);
  });

  it('names the panel field of bad input and sends nothing', async () => {
    const scope = api()
      .get(/.*/)
      .reply(200, ok(user(1)));
    const { error } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('https://example.com/not-a-profile') },
      { credentials },
    );
    expect(error).toMatchObject({ name: 'NodeOperationError' });
    expect(String(error?.message)).toMatch(/^Username: /);
    expect(scope.isDone()).toBe(false);
    nock.cleanAll();
  });

  it('keeps the cookie and proxy password out of the run when the API echoes them back', async () => {
    api()
      .post('/social/bookmarks')
      .reply(400, { status: 'error', msg: `bad session: cookie=${COOKIE} proxy=${PROXY}` });
    const rejected = await runNode(
      { resource: 'bookmark', operation: 'getBookmarks' },
      { credentials: withSession },
    );
    expect(rejected.error).toMatchObject({ name: 'NodeApiError', httpCode: '400' });
    expect(leakedSecrets(rejected.run)).toEqual([]);

    api()
      .post('/social/bookmarks')
      .times(3)
      .replyWithError(
        Object.assign(new Error(`socket hang up via ${PROXY} with ${COOKIE}`), { code: 'ECONNRESET' }),
      );
    const dropped = await runNode(
      { resource: 'bookmark', operation: 'getBookmarks' },
      { credentials: withSession },
    );
    expect(dropped.error).toMatchObject({ name: 'NodeApiError' });
    expect(leakedSecrets(dropped.run)).toEqual([]);
  });

  it('turns a failed item into an error item with Continue On Fail and runs the others', async () => {
    const scope = api()
      .get('/social/user/gone_account')
      .reply(404, { status: 'error', msg: 'User not found' })
      .get('/social/user/social_data')
      .reply(200, ok(user(3)));
    const { items, error } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('={{ $json.name }}') },
      { credentials, continueOnFail: true, input: [{ name: 'gone_account' }, { name: 'social_data' }] },
    );
    expect(error).toBeUndefined();
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ json: { httpCode: '404' }, pairedItem: { item: 0 } });
    expect(String(items[0]!.json.error)).toMatch(/not found/i);
    expect(items[1]).toEqual({ json: user(3), pairedItem: { item: 1 } });
    scope.done();
  });

  it('names the username a 404 did not find, and the operation as the panel names it (issue 19, point 4)', async () => {
    const scope = api()
      .get('/social/user/no_such_account/followers')
      .query(true)
      .reply(404, { status: 'error', msg: 'User not found' });
    const { error } = await runNode(
      { resource: 'user', operation: 'getUserFollowers', userName: byName('@no_such_account') },
      { credentials },
    );
    expect(error).toMatchObject({
      name: 'NodeApiError',
      httpCode: '404',
      message: 'Username "no_such_account" was not found (HTTP 404 on User → Get Followers): User not found',
    });
    scope.done();
  });

  it('waits out a 429 and retries with core', async () => {
    const scope = api()
      .get('/social/user/social_data')
      .reply(429, { status: 'error', msg: 'Too many requests' }, { 'Retry-After': '0' })
      .get('/social/user/social_data')
      .reply(200, ok(user(1)));
    const { items } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('social_data') },
      { credentials },
    );
    expect(items).toHaveLength(1);
    scope.done();
  });
});
