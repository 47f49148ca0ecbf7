import nock from 'nock';
import type { SocialDataError } from '../../src';
import {
  ConnectionError,
  CreditsExhaustedError,
  RateLimitError,
  TimeoutError,
  UpstreamError,
} from '../../src';
import { BASE, systemError, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

const getUser = () => nock(BASE).get('/social/user/jack');
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('retries of idempotent calls', () => {
  it('waits the Retry-After seconds of a 429, then succeeds', async () => {
    getUser().reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '2' });
    getUser().reply(200, ok(user(1)));
    const { client, sleeps } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toEqual(user(1));
    expect(sleeps).toEqual([2000]);
  });

  it('logs each wait before it starts, so a long one does not look like a hang', async () => {
    getUser().reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '45' });
    getUser().reply(503, 'busy');
    getUser().reply(200, ok(user(1)));
    const logs: string[] = [];
    const { client } = testClient({ logger: (line) => logs.push(line) });
    await client.call('getUser', { userName: 'jack' });
    expect(logs.filter((line) => line.startsWith('waiting'))).toEqual([
      'waiting 45.0 s before attempt 2 of 3 (rate limited)',
      'waiting 0.8 s before attempt 3 of 3',
    ]);
  });

  it('tells a host each wait before it starts, without a logger, with what it needs to say why', async () => {
    getUser().reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '45' });
    getUser().reply(503, 'busy');
    getUser().reply(200, ok(user(1)));
    const waits: unknown[] = [];
    const { client, sleeps } = testClient({ onRetryWait: (wait) => waits.push(wait) });
    await client.call('getUser', { userName: 'jack' });
    expect(waits).toEqual([
      { endpoint: 'getUser', ms: 45_000, attempt: 2, attempts: 3, rateLimited: true },
      { endpoint: 'getUser', ms: sleeps[1], attempt: 3, attempts: 3, rateLimited: false },
    ]);
  });

  it('waits until a Retry-After HTTP date', async () => {
    getUser().reply(
      429,
      { status: 'error', msg: 'slow down' },
      { 'Retry-After': new Date(NOW + 7000).toUTCString() },
    );
    getUser().reply(200, ok(user(1)));
    const { client, sleeps } = testClient({ now: () => NOW });
    await client.call('getUser', { userName: 'jack' });
    expect(sleeps).toEqual([7000]);
  });

  it('caps a Retry-After above 60 s, and treats a date in the past as no wait', async () => {
    getUser().reply(503, 'busy', { 'Retry-After': '3600' });
    getUser().reply(429, '', { 'Retry-After': new Date(NOW - 5000).toUTCString() });
    getUser().reply(200, ok(user(1)));
    const { client, sleeps } = testClient({ now: () => NOW });
    await client.call('getUser', { userName: 'jack' });
    expect(sleeps).toEqual([60_000, 0]);
  });

  it.each([['-5'], ['+5'], ['Retry in 5'], ['5, 10'], ['1.5'], ['0x10'], [['5', '10']]])(
    'ignores Retry-After %j, which is no delay, and backs off instead of retrying at once',
    async (value) => {
      getUser().times(2).reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': value });
      getUser().reply(200, ok(user(1)));
      const { client, sleeps } = testClient({ now: () => NOW, random: () => 1 });
      await client.call('getUser', { userName: 'jack' });
      expect(sleeps).toEqual([500, 1000]);
    },
  );

  it.each([['Sat Nov 21 12:00:04 2026'], ['Saturday, 21-Nov-26 12:00:04 GMT']])(
    'reads the obsolete HTTP date form %j that RFC 9110 still accepts',
    async (value) => {
      getUser().reply(429, '', { 'Retry-After': value });
      getUser().reply(200, ok(user(1)));
      const { client, sleeps } = testClient({ now: () => NOW });
      await client.call('getUser', { userName: 'jack' });
      expect(sleeps).toEqual([4000]);
    },
  );

  it('backs off exponentially with jitter on 5xx without Retry-After', async () => {
    for (const status of [500, 502, 503, 504]) getUser().reply(status, 'down');
    getUser().reply(200, ok(user(1)));
    const { client, sleeps } = testClient({ maxRetries: 4, random: () => 1 });
    await client.call('getUser', { userName: 'jack' });
    expect(sleeps).toEqual([500, 1000, 2000, 4000]);
  });

  it('never waits longer than 8 s between attempts without Retry-After', async () => {
    getUser().times(7).reply(500, 'down');
    const { client, sleeps } = testClient({ maxRetries: 6, random: () => 1 });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(UpstreamError);
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it('keeps jitter between half and all of the backoff', async () => {
    getUser().times(2).reply(500, 'down');
    getUser().reply(200, ok(user(1)));
    const { client, sleeps } = testClient({ random: () => 0 });
    await client.call('getUser', { userName: 'jack' });
    expect(sleeps).toEqual([250, 500]);
  });

  it('retries a reset connection and a 408', async () => {
    getUser().replyWithError(systemError('ECONNRESET'));
    getUser().reply(408, 'timeout');
    getUser().reply(200, ok(user(1)));
    const { client } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toEqual(user(1));
  });

  it('gives up after maxRetries (default 2, so 3 attempts)', async () => {
    const scope = getUser().times(3).reply(429, { status: 'error', msg: 'slow down' });
    const { client, sleeps } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(RateLimitError);
    expect(scope.isDone()).toBe(true);
    expect(sleeps).toHaveLength(2);
  });

  it('lets one call override the retry count', async () => {
    getUser().reply(500, 'down');
    const { client, sleeps } = testClient();
    await expect(client.call('getUser', { userName: 'jack' }, { maxRetries: 0 })).rejects.toBeInstanceOf(
      UpstreamError,
    );
    expect(sleeps).toHaveLength(0);
  });

  it.each([400, 401, 402, 403, 404, 422])('never retries %i', async (status) => {
    getUser().reply(status, { status: 'error', msg: 'no' });
    const { client, sleeps } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toThrow();
    expect(sleeps).toHaveLength(0);
    expect(nock.pendingMocks()).toHaveLength(0);
  });

  it('reports 402 as credits exhausted after a single request', async () => {
    const scope = getUser().reply(402, { status: 'error', msg: 'Insufficient credits' });
    const { client } = testClient();
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(CreditsExhaustedError);
    expect(scope.isDone()).toBe(true);
  });

  it('retries a page in the middle of a paginated run without losing or repeating records', async () => {
    const followers = () => nock(BASE).get('/social/user/jack/followers');
    followers().reply(200, ok({ followers: [user(1), user(2)], next_cursor: '1|1' }));
    followers().query({ cursor: '1|1' }).reply(503, 'busy');
    followers()
      .query({ cursor: '1|1' })
      .reply(200, ok({ followers: [user(3)], next_cursor: '' }));
    const { client } = testClient();
    const all = await client.paginate('getUserFollowers', { userName: 'jack' }).toArray();
    expect(all.map((u) => u.userName)).toEqual(['user_1', 'user_2', 'user_3']);
  });
});

describe('createList is not idempotent', () => {
  const create = () => nock(BASE).post('/social/lists');
  const created = ok({ list_id: '42' });

  it.each([
    ['a 503', () => create().reply(503, 'busy')],
    ['a 500', () => create().reply(500, { status: 'error', msg: 'upstream' })],
    ['a reset connection', () => create().replyWithError(systemError('ECONNRESET'))],
  ])('is not sent again after %s', async (_label, failOnce) => {
    failOnce();
    const spare = create().reply(200, created);
    const { client } = testClient();
    const error = await client.call('createList', { name: 'n' }).catch((caught: unknown) => caught);
    expect(spare.isDone()).toBe(false);
    // Issue 38 case 9: not "run again in a moment", which could make the list twice.
    expect((error as SocialDataError).hint).toMatch(
      /the list may have been created\. Check your lists before running this again/,
    );
  });

  it('is refused by a 400 with the usual advice: nothing was created', async () => {
    create().reply(400, { status: 'error', msg: 'name is required' });
    const { client } = testClient();
    const error = await client.call('createList', { name: 'n' }).catch((caught: unknown) => caught);
    expect((error as SocialDataError).hint).not.toMatch(/may have been created/);
  });

  it('is not sent again after a timeout', async () => {
    create().delay(300).reply(200, created);
    const spare = create().reply(200, created);
    const { client } = testClient({ timeoutMs: 50 });
    await expect(client.call('createList', { name: 'n' })).rejects.toBeInstanceOf(TimeoutError);
    expect(spare.isDone()).toBe(false);
  });

  it('is sent again after a 429, when the server did nothing', async () => {
    create().reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '1' });
    create().reply(200, created);
    const { client, sleeps } = testClient();
    await expect(client.call('createList', { name: 'n' })).resolves.toEqual({ list_id: '42' });
    expect(sleeps).toEqual([1000]);
  });

  it('is sent again when the connection was refused, since nothing reached the server', async () => {
    create().replyWithError(systemError('ECONNREFUSED'));
    create().reply(200, created);
    const { client } = testClient();
    await expect(client.call('createList', { name: 'n' })).resolves.toEqual({ list_id: '42' });
  });

  it('reports a refused connection as one that never reached the server', async () => {
    getUser().times(3).replyWithError(systemError('ECONNREFUSED'));
    const { client } = testClient();
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ reachedServer: false });
  });
});

describe('client-side request rate', () => {
  it('spaces requests by the configured rate', async () => {
    getUser()
      .times(3)
      .reply(200, ok(user(1)));
    let now = NOW;
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    };
    const { client } = testClient({ requestsPerSecond: 4, now: () => now, sleep });
    await client.call('getUser', { userName: 'jack' });
    now += 100;
    await client.call('getUser', { userName: 'jack' });
    await client.call('getUser', { userName: 'jack' });
    expect(sleeps).toEqual([150, 250]);
  });
});

describe('errors the host raises in the transport', () => {
  class HostError extends Error {}

  it('pass through unchanged and unretried when the host claims them', async () => {
    const failure = new HostError('throttled by the host');
    const transport = jest.fn(async () => {
      throw failure;
    });
    const { client, sleeps } = testClient({ transport, passThrough: (error) => error instanceof HostError });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBe(failure);
    await expect(client.paginate('getUserFollowers', { userName: 'jack' }).toArray()).rejects.toBe(failure);
    expect(transport).toHaveBeenCalledTimes(2);
    expect(sleeps).toEqual([]);
  });

  it('are connection failures, retried, when the host does not claim them', async () => {
    const transport = jest.fn(async () => {
      throw new HostError('socket closed');
    });
    const { client } = testClient({ transport, maxRetries: 1 });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(ConnectionError);
    expect(transport).toHaveBeenCalledTimes(2);
  });
});
