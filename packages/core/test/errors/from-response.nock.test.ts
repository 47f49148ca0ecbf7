import nock from 'nock';
import {
  ApiError,
  AuthenticationError,
  ConnectionError,
  CreditsExhaustedError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ResponseFormatError,
  SocialDataError,
  TimeoutError,
  UpstreamError,
  hints,
  ValidationError,
} from '../../src';
import { BASE, systemError, testClient } from '../support/client';
import { ok } from '../support/fixtures';

const getUser = () => nock(BASE).get('/social/user/jack');
const noRetry = { maxRetries: 0 };

describe('HTTP statuses map to the documented error classes', () => {
  it.each([
    [401, AuthenticationError, /API key was rejected.*Invalid API key/, /tda_/],
    [402, CreditsExhaustedError, /out of credits/, /Top it up/],
    [403, PermissionError, /refused/, /allowed/],
    [
      404,
      NotFoundError,
      /^Username "jack" was not found \(HTTP 404 on getUser\)/,
      /^Check the username or profile URL/,
    ],
    [400, ValidationError, /rejected the input/, /Correct/],
    [422, ValidationError, /rejected the input/, /Correct/],
    [429, RateLimitError, /Rate limited/, /rate limiting/],
    [500, UpstreamError, /API failed/, /temporary/],
    [503, UpstreamError, /API failed/, /temporary/],
    // Issue 38 case 9: refusals that running again will not change, not "a temporary problem".
    [418, ApiError, /refused the request \(HTTP 418 on getUser\)/, /again unchanged will not help/],
    [
      451,
      ApiError,
      /refused the request \(HTTP 451 on getUser, withheld for legal reasons\)/,
      /again unchanged will not help/,
    ],
  ])('%i → %p with a message and a hint', async (status, Class, message, hint) => {
    const msg = status === 401 ? 'Invalid API key' : status === 404 ? 'User not found' : 'nope';
    getUser().reply(status, { status: 'error', msg });
    const { client } = testClient({ maxRetries: 0 });
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(SocialDataError);
    expect(error).toMatchObject({ status, endpoint: 'getUser' });
    expect((error as Error).message).toMatch(message);
    expect((error as SocialDataError).hint).toMatch(hint);
  });

  it('keeps the message of a 401 for a missing header', async () => {
    getUser().reply(401, { status: 'error', msg: 'X-API-Key header is required' });
    const { client } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toThrow(
      /X-API-Key header is required/,
    );
  });

  it('names the proxy when the API rejects it', async () => {
    nock(BASE).post('/social/bookmarks').reply(400, { status: 'error', msg: 'invalid proxy' });
    const { client } = testClient();
    const error = await client.call('getBookmarks', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'proxy' });
    expect((error as SocialDataError).hint).toMatch(/socks5/);
  });

  it('treats status "error" under HTTP 200 as an error, and "not found" wording as NotFoundError', async () => {
    getUser().reply(200, { status: 'error', msg: 'User not found' });
    const { client } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(/status "error" under HTTP 200.*User not found/);
  });

  it('keeps an unrecognised status "error" under HTTP 200 as a plain ApiError', async () => {
    getUser().reply(200, { status: 'error', msg: 'something odd' });
    const { client } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error?.constructor).toBe(ApiError);
    expect((error as Error).message).toMatch(/something odd/);
  });

  it('gives page results a string next_cursor and a boolean has_next_page even when the API left them out', async () => {
    nock(BASE)
      .get('/social/user/jack/tweets')
      .reply(200, ok({ tweets: [] }));
    nock(BASE)
      .get('/social/user/jack/following')
      .reply(200, ok({ following: [], next_cursor: null }));
    const { client } = testClient();
    await expect(client.call('getUserTweets', { userName: 'jack' })).resolves.toEqual({
      tweets: [],
      next_cursor: '',
      has_next_page: false,
    });
    await expect(client.call('getUserFollowing', { userName: 'jack' })).resolves.toEqual({
      following: [],
      next_cursor: '',
    });
  });

  it('accepts a success envelope that shows only data', async () => {
    getUser().reply(200, { data: { id: '1', userName: 'jack' } });
    const { client } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toMatchObject({ id: '1' });
  });
});

describe('bodies that are not what the document promises', () => {
  it('an HTML page under 200 is a ResponseFormatError with the status and a short excerpt', async () => {
    getUser()
      .times(3)
      .reply(200, `<html><body>${'Bad gateway '.repeat(50)}</body></html>`, { 'content-type': 'text/html' });
    const { client } = testClient();
    const error = (await client
      .call('getUser', { userName: 'jack' })
      .catch((e: unknown) => e)) as ResponseFormatError;
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/not JSON.*<html><body>Bad gateway/);
    expect(error.excerpt.length).toBeLessThanOrEqual(163);
  });

  it('truncated JSON is retried and then succeeds', async () => {
    getUser().reply(200, '{"status":"success","data":{"id":"1"');
    getUser().reply(200, ok({ id: '1' }));
    const { client, sleeps } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toEqual({ id: '1' });
    expect(sleeps).toHaveLength(1);
  });

  it('valid JSON of the wrong shape fails at once, naming the endpoint', async () => {
    getUser().reply(200, ok([1, 2]));
    const { client, sleeps } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toThrow(
      /not shaped as getUser documents/,
    );
    expect(sleeps).toHaveLength(0);
  });

  it.each([
    ['getUserFollowers', { followers: 'x', next_cursor: '' }],
    ['getUserTweets', { tweets: [], has_next_page: 'yes' }],
    ['lookupTweets', { tweets: [] }],
    ['createList', { id: '1' }],
  ] as const)('%s rejects a data payload of another shape', async (id, data) => {
    nock(BASE).get(/.*/).reply(200, ok(data));
    nock(BASE).post(/.*/).reply(200, ok(data));
    const { client } = testClient();
    const params = {
      getUserFollowers: { userName: 'j' },
      getUserTweets: { userName: 'j' },
      lookupTweets: { tweet_ids: '1' },
      createList: { name: 'n' },
    }[id];
    await expect(client.callUntyped(id, params)).rejects.toBeInstanceOf(ResponseFormatError);
  });

  it('an HTML body under an error status keeps the status class, not a format error', async () => {
    getUser().times(3).reply(502, '<html>bad gateway</html>');
    const { client } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(UpstreamError);
  });
});

describe('network failures', () => {
  it('a reset connection is a ConnectionError after the retries', async () => {
    getUser().times(3).replyWithError(systemError('ECONNRESET'));
    const { client, sleeps } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'ECONNRESET', reachedServer: true });
    expect(sleeps).toHaveLength(2);
  });

  // What the user reads: what happened in words, and a hint that points the right way (the API
  // was reached when a connection broke mid-answer; its address is not the problem then).
  it.each([
    [
      'ECONNRESET',
      'the connection was closed before the answer was complete (ECONNRESET)',
      hints.connectionLost,
    ],
    [
      'UND_ERR_SOCKET',
      'the connection was closed before the answer was complete (UND_ERR_SOCKET)',
      hints.connectionLost,
    ],
    ['ECONNREFUSED', 'the address refused the connection (ECONNREFUSED)', hints.connection],
    ['ENOTFOUND', 'the host name was not found (ENOTFOUND)', hints.connection],
    ['EWHATEVER', 'EWHATEVER from the network (EWHATEVER)', hints.connection],
  ])('a failure with code %s says what happened and what to check', async (code, words, hint) => {
    getUser().replyWithError(systemError(code));
    const { client } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }, noRetry).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: `Could not complete the request (getUser): ${words}.`, hint });
  });

  it("names the innermost reason when there is no code, not fetch's own 'fetch failed'", async () => {
    getUser().replyWithError(Object.assign(new TypeError('fetch failed'), { cause: new Error('bad port') }));
    const { client } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }, noRetry).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Could not complete the request (getUser): bad port.' });
  });

  it("finds the code of a connection tried on IPv6 and IPv4 (an AggregateError), not only fetch's message", async () => {
    const both = new AggregateError(
      [systemError('ECONNREFUSED'), systemError('ECONNREFUSED')],
      'connect failed',
    );
    getUser().replyWithError(Object.assign(new TypeError('fetch failed'), { cause: both }));
    const { client } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }, noRetry).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', reachedServer: false, hint: hints.connection });
  });

  it('a slow answer past the timeout is a TimeoutError', async () => {
    getUser()
      .delay(300)
      .reply(200, ok({ id: '1' }));
    const { client } = testClient({ timeoutMs: 50 });
    const error = await client.call('getUser', { userName: 'jack' }, noRetry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/within 0.05 s/);
  });
});
