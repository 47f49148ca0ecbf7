import nock from 'nock';
import { SocialDataClient, ValidationError } from '../src';
import { createClient } from '../src/node';
import { API_KEY, BASE, testClient } from './support/client';
import { answerEveryRequestWithFailure, rejection } from './support/refusals';

beforeEach(answerEveryRequestWithFailure);

describe('bad input fails before any request, naming the field and the fix', () => {
  const { client } = testClient();

  it.each([
    [
      'an empty screen name',
      () => client.call('getUser', { userName: '' }),
      'userName',
      /empty.*like jack, @jack/,
    ],
    [
      'a screen name with a space',
      () => client.call('getUser', { userName: 'not a name' }),
      'userName',
      /"not a name" is not a screen name/,
    ],
    [
      'a URL that is not a profile',
      () => client.call('getUser', { userName: 'https://x.com/i/lists/1' }),
      'userName',
      /not the URL of a profile/,
    ],
    [
      'a non-numeric list id',
      () => client.call('getListTweets', { list_id: 'abc' }),
      'list_id',
      /"abc" is not a list id.*x.com\/i\/lists/,
    ],
    [
      'a non-numeric community id',
      () => client.call('getCommunity', { community_id: '12a' }),
      'community_id',
      /not a community id/,
    ],
    [
      'a non-numeric topic id',
      () => client.call('getTopic', { topic_id: 'space' }),
      'topic_id',
      /not a topic id/,
    ],
    [
      'a screen name among user ids',
      () => client.call('getUsersByIds', { userIds: '123, jack' }),
      'userIds',
      /"jack" is not a user id.*not the screen name/,
    ],
    [
      'an empty id list',
      () => client.call('lookupTweets', { tweet_ids: ' , \n' }),
      'tweet_ids',
      /no ids given/,
    ],
    [
      'a count above the range',
      () => client.call('getBookmarks', { count: 101 }),
      'count',
      /101 is out of range.*from 1 to 100/,
    ],
    [
      'a count of zero',
      () => client.call('getUserFollowers', { userName: 'jack', count: 0 }),
      'count',
      /0 is out of range.*at least 1/,
    ],
    [
      'a fractional count',
      () => client.call('getUserReplies', { userName: 'jack', count: 2.5 }),
      'count',
      /not a whole number/,
    ],
    ['an empty list name', () => client.call('createList', { name: '   ' }), 'name', /required/],
    // Left out reads as left blank: the same message, with an example.
    [
      'a missing required parameter',
      () => client.call('getUser', {} as never),
      'userName',
      /the screen name is empty.*like jack, @jack/,
    ],
    ['a missing list id', () => client.call('getListMembers', {} as never), 'list_id', /list id is empty/],
    [
      'a missing list name',
      () => client.call('createList', {} as never),
      'name',
      /required\. Name of the new list/,
    ],
    [
      'a parameter the endpoint does not take',
      () => client.call('getUserTweets', { userName: 'jack', count: 5 } as never),
      'count',
      /does not take.*userName, cursor/,
    ],
    [
      'a parameter named like a built-in of every object',
      () => client.call('getUser', { userName: 'jack', constructor: 'x' } as never),
      'constructor',
      /does not take.*userName/,
    ],
    [
      'an id that lost precision as a number',
      () => client.call('lookupTweets', { tweet_ids: [Number('1850000000000000001') as unknown as string] }),
      'tweet_ids[0]',
      /lost precision.*as text/,
    ],
  ])('%s', async (_label, call, field, message) => {
    const error = await rejection(call());
    expect(error.field).toBe(field);
    expect(error.message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: `));
    expect(error.message).toMatch(message);
  });

  it.each([
    ['limit', { limit: 0 }],
    ['maxPages', { maxPages: -1 }],
    ['pageSize', { pageSize: 500 }],
    ['skip', { skip: -1 }],
    ['maxEmptyPages', { maxEmptyPages: 0 }],
    ['limit', { limit: Infinity }],
  ])('paginate rejects a bad %s at once', (field, options) => {
    expect(() => client.paginate('getBookmarks', {}, options)).toThrow(expect.objectContaining({ field }));
  });

  it('paginate rejects a page size on endpoint 2, which takes no count, naming the endpoint', () => {
    const refuse = () => client.paginate('getUserTweets', { userName: 'jack' }, { pageSize: 10 });
    expect(refuse).toThrow(/getUserTweets takes no page size/);
    // A surface names the operation from the endpoint the error carries, not from its text.
    expect(refuse).toThrow(expect.objectContaining({ field: 'pageSize', endpoint: 'getUserTweets' }));
  });
});

describe('a long secret pasted into the wrong field', () => {
  it('is described by its length, never shown cut off where the redactor cannot find it', async () => {
    const cookie = `auth_token=${'a1b2c3d4e5'.repeat(4)}; ct0=${'f6e7d8c9b0'.repeat(6)}`;
    const { client } = testClient({ cookie, proxy: 'http://user:pass@127.0.0.1:8080' });
    const error = await client.call('getListTweets', { list_id: cookie }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      `list_id: a text of ${cookie.length} characters is not a list id. Enter the numeric list id or its URL, like https://x.com/i/lists/1234567890.`,
    );
    expect((error as ValidationError).message).not.toContain('a1b2c3d4e5');
  });
});

describe('own-session credentials', () => {
  const session = (cookie: string | undefined, proxy: string | undefined) =>
    testClient({ cookie, proxy }).client;

  it.each([
    ['a missing cookie', undefined, 'http://h:1', 'cookie', /session cookie is missing/],
    // Both at once, so the user does not learn of the proxy only after adding the cookie.
    ['no session at all', undefined, '', 'cookie', /session cookie and the proxy are missing.*both/],
    ['a blank cookie', '  ', 'http://h:1', 'cookie', /session cookie is missing/],
    ['a missing proxy', 'c=1', undefined, 'proxy', /proxy is missing/],
    ['an ftp:// proxy', 'c=1', 'ftp://user:pw@host:21', 'proxy', /scheme "ftp" is not supported.*socks5h/],
    ['a proxy without a scheme', 'c=1', 'host:8080', 'proxy', /not a URL with a scheme/],
    ['a proxy without a host', 'c=1', 'socks5://', 'proxy', /not a valid URL|no host/],
    // Mapped fields and expressions can hand over numbers and objects.
    ['a cookie that is a number', 42 as never, 'http://h:1', 'cookie', /expected text, got number/],
    [
      'a proxy that is an object',
      'c=1',
      { url: 'http://h:1' } as never,
      'proxy',
      /expected text, got object/,
    ],
  ])('%s fails a session endpoint before any request', async (_label, cookie, proxy, field, message) => {
    const error = await rejection(session(cookie, proxy).call('getBookmarks', {}));
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
    expect(error.hint).toMatch(field === 'proxy' ? /Social Data settings.*socks5/ : /cookie/);
  });

  it.each(['http://h:1', 'https://u:p@h:443', 'socks5://h:1080', 'SOCKS5H://u:p@h:1080'])(
    'accepts the proxy %s',
    async (proxy) => {
      nock.cleanAll();
      nock(BASE)
        .post('/social/bookmarks')
        .reply(200, { data: { tweets: [], has_next_page: false, next_cursor: '' } });
      await expect(session('c=1', proxy).call('getBookmarks', {})).resolves.toMatchObject({ tweets: [] });
    },
  );

  it('does not need a session for pool endpoints', async () => {
    nock.cleanAll();
    nock(BASE)
      .get('/social/user/jack')
      .reply(200, { data: { id: '1' } });
    await expect(session(undefined, undefined).call('getUser', { userName: 'jack' })).resolves.toEqual({
      id: '1',
    });
  });
});

describe('client settings', () => {
  it('rejects a bad retry count for one call before any request', async () => {
    const { client } = testClient();
    await expect(
      client.call('getUser', { userName: 'jack' }, { maxRetries: Number.POSITIVE_INFINITY }),
    ).rejects.toMatchObject({ field: 'maxRetries' });
  });

  it.each([
    [{ apiKey: '' }, 'apiKey', /API key is empty/],
    [{ apiKey: 'sk-live-123' }, 'apiKey', /not an API key.*tda_/],
    [{ apiKey: 12345678 as never }, 'apiKey', /expected text, got number/],
    // A refused key is not a secret to hide: as one, "api" would blank out words of the message.
    [
      { apiKey: 'api' },
      'apiKey',
      /^apiKey: this is not an API key\. Copy the key .*; keys start with tda_\.$/,
    ],
    [{ baseUrl: '' }, 'baseUrl', /base URL is empty/],
    [{ baseUrl: 'ftp://api' }, 'baseUrl', /http:\/\/ or https:\/\//],
    [{ baseUrl: 'not a url' }, 'baseUrl', /not a valid URL/],
    [{ maxRetries: Number.NaN }, 'maxRetries', /not a whole number/],
    [{ maxRetries: Infinity }, 'maxRetries', /not a whole number/],
    [{ maxRetries: 11 }, 'maxRetries', /out of range.*from 0 to 10/],
    [{ concurrency: 0 }, 'concurrency', /out of range/],
    [{ timeoutMs: -5 }, 'timeoutMs', /out of range/],
    // Issue 26 finding 5: timers clamp 2^31 ms to 1 ms (fail at once); 2^32 threw ERR_OUT_OF_RANGE.
    [{ timeoutMs: 2 ** 31 }, 'timeoutMs', /2147483648 is out of range.*from 1 to 2147483647/],
    [{ timeoutMs: 2 ** 32 }, 'timeoutMs', /out of range.*from 1 to 2147483647/],
    [{ concurrency: 33 }, 'concurrency', /out of range.*from 1 to 32/],
    [{ requestsPerSecond: -1 }, 'requestsPerSecond', /above 0/],
  ])('rejects %o', (override, field, message) => {
    expect(() => createClient({ apiKey: API_KEY, baseUrl: BASE, ...override })).toThrow(
      expect.objectContaining({ field, message: expect.stringMatching(message) }),
    );
  });

  it('takes whole-number settings given as text, as forms and expressions hand them over', async () => {
    nock.cleanAll();
    let requests = 0;
    nock(BASE)
      .persist()
      .get('/social/user/jack')
      .reply(() => {
        requests += 1;
        return [503, { status: 'error', msg: 'down for a moment' }];
      });
    const client = createClient({
      apiKey: API_KEY,
      baseUrl: BASE,
      timeoutMs: '5000' as never,
      maxRetries: '1' as never,
      sleep: async () => undefined,
    });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toMatchObject({
      name: 'UpstreamError',
    });
    expect(requests).toBe(2);
  });

  it('trims a pasted key and a trailing slash of the base URL, and keeps a path prefix', async () => {
    nock('https://gw.example')
      .get('/v1/social/user/jack')
      .matchHeader('x-api-key', API_KEY)
      .reply(200, { data: { id: '1' } });
    const client = createClient({ apiKey: ` ${API_KEY}\n`, baseUrl: 'https://gw.example/v1/' });
    expect(client).toBeInstanceOf(SocialDataClient);
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toEqual({ id: '1' });
  });
});

describe('counts are whole numbers as written (issue 26 finding 8)', () => {
  it.each([['0x10'], ['1e21'], [1e21], ['1e2'], [' 12abc'], [2 ** 53]])(
    'refuses %j as a count, a limit and a page size',
    (value) => {
      const { client } = testClient();
      expect(() =>
        client.paginate('getUserFollowers', { userName: 'jack' }, { limit: value as never }),
      ).toThrow(
        expect.objectContaining({ field: 'limit', message: expect.stringMatching(/not a whole number/) }),
      );
      expect(() =>
        client.paginate('getUserFollowers', { userName: 'jack' }, { pageSize: value as never }),
      ).toThrow(expect.objectContaining({ field: 'pageSize' }));
    },
  );

  it('takes digits as text, with the spaces a form leaves', () => {
    const { client } = testClient();
    const run = client.paginate('getUserFollowers', { userName: 'jack' }, { limit: ' 16 ' as never });
    expect(run.stopReason).toBeUndefined();
  });
});
