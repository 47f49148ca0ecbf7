import {
  ApiError,
  ConnectionError,
  RateLimitError,
  RedirectError,
  ResponseFormatError,
  ResponseTooLargeError,
  TimeoutError,
  UpstreamError,
} from '@social-data/core';
import {
  EDGE_FAULT_KINDS,
  FAULT_KINDS,
  MEDIA_FAULT_KINDS,
  TIMING_FAULT_KINDS,
  TRIGGER_FAULT_KINDS,
} from '../../src';
import { DEFAULT_REDIRECT_TARGET } from '../../src/http/faults';
import { Faults } from '../../src/http/faults';
import type { FaultKind } from '../../src';
import { useSandbox } from '../support';
import { setTimeout as sleep } from 'node:timers/promises';

const env = useSandbox();
const header = (fault: string) => ({ 'x-api-key': env.sandbox.keys[0]!, 'x-sandbox-fault': fault });

afterEach(async () => {
  await env.control('/faults', undefined, 'DELETE');
});

describe('each fault, staged by request header, as the wire shows it', () => {
  // Every row asks for the second page of a feed, so cursor faults have a cursor to act on.
  const FEED = '/social/user/social_data/tweets';
  const DELAY_MS = 50;
  /** The request's cursor, how long its answer took, and when it was sent and answered (epoch ms). */
  type Sent = { cursor: string; elapsedMs: number; sentAt: number; answeredAt: number };
  const cases: Record<FaultKind, (answer: Awaited<ReturnType<typeof env.raw>>, sent: Sent) => void> = {
    'rate-limit': (a) => {
      expect(a.status).toBe(429);
      expect(a.headers.get('retry-after')).toBe('3');
    },
    'rate-limit-date': (a, { sentAt, answeredAt }) => {
      expect(a.status).toBe(429);
      // Three seconds after the answer was made, to the whole second an HTTP date holds: bounded by
      // when the request left and when its answer came, however slow the machine was between.
      const at = Date.parse(a.headers.get('retry-after')!);
      expect(at).toBeGreaterThan(sentAt + 2000);
      expect(at).toBeLessThanOrEqual(answeredAt + 3000);
    },
    'error-500': (a) => expect(a).toMatchObject({ status: 500, body: { status: 'error' } }),
    'error-502': (a) => {
      expect(a.status).toBe(502);
      expect(String(a.body)).toMatch(/<html>/);
    },
    'error-503': (a) => expect(a.status).toBe(503),
    // A lower bound only: a busy machine can make any answer slower, never a delay shorter.
    slow: (a, { elapsedMs }) => {
      expect(a).toMatchObject({ status: 200, body: { status: 'success' } });
      expect(elapsedMs).toBeGreaterThanOrEqual(DELAY_MS - 5);
    },
    reset: () => undefined,
    html: (a) => {
      expect(a.status).toBe(200);
      expect(a.headers.get('content-type')).toMatch(/text\/html/);
    },
    truncated: (a) => {
      expect(a.status).toBe(200);
      expect(() => JSON.parse(String(a.body))).toThrow();
    },
    'error-200': (a) => expect(a).toMatchObject({ status: 200, body: { status: 'error' } }),
    'not-found': (a) => expect(a).toMatchObject({ status: 404, body: { status: 'error' } }),
    'repeat-cursor': (a, { cursor }) =>
      expect(a).toMatchObject({ status: 200, body: { data: { has_next_page: true, next_cursor: cursor } } }),
    'empty-page': (a) =>
      expect(a).toMatchObject({ status: 200, body: { data: { tweets: [], has_next_page: true } } }),
    'redirect-other-origin': (a) => {
      expect(a.status).toBe(302);
      expect(a.headers.get('location')).toBe(DEFAULT_REDIRECT_TARGET);
    },
    'redirect-same-origin': (a) => {
      expect(a.status).toBe(302);
      expect(a.headers.get('location')).toBe('/redirected');
    },
    // Sizes as staged below: 100,000 bytes, sent in 64 KiB chunks.
    'endless-body': (a) => {
      expect(a.status).toBe(200);
      expect(String(a.body)).toMatch(/^\{"status":"success".*"name":" {131072}$/);
    },
    // A bomb is made of 16 MiB members, so even a small one inflates to 16 MiB.
    'gzip-bomb': (a) => {
      expect(a.headers.get('content-encoding')).toBe('gzip');
      expect(String(a.body).length).toBeGreaterThan(16 * 1024 * 1024);
    },
    'lying-length': (a) => {
      expect(a.status).toBe(200);
      expect(String(a.body)).toMatch(/"name":"$/);
    },
    'fresh-cursor-repeat': (a) =>
      expect(a).toMatchObject({ status: 200, body: { data: { has_next_page: true } } }),
    'blank-cursor': (a) =>
      expect(a).toMatchObject({ status: 200, body: { data: { has_next_page: true, next_cursor: '   ' } } }),
    'rate-limit-odd': (a) => {
      expect(a.status).toBe(429);
      expect(a.headers.get('retry-after')).toBe('-5');
    },
    'empty-list': (a) =>
      expect(a).toMatchObject({
        status: 200,
        body: { data: { tweets: [], has_next_page: false, next_cursor: '' } },
      }),
    // Read in a test of its own below: it never ends.
    'drip-body': () => undefined,
    'stall-body': () => undefined,
    'cut-body': () => undefined,
    // A lookup's answer: read in a test of its own below.
    'extra-record': (a) => expect(a).toMatchObject({ status: 200, body: { status: 'success' } }),
    'deep-nesting': (a) => {
      let level = (a.body.data as { tweets: Array<Record<string, unknown>> }).tweets[0]!.nested_extension;
      let depth = 0;
      while (typeof level === 'object' && level !== null) {
        level = (level as { a: unknown }).a;
        depth += 1;
      }
      expect(depth).toBe(5_000);
    },
    'long-loop': (a, { cursor }) => {
      const data = a.body.data as { tweets: unknown[]; has_next_page: boolean; next_cursor: string };
      expect(data.tweets.length).toBeGreaterThan(0);
      expect(data).toMatchObject({ has_next_page: true });
      expect(data.next_cursor).not.toBe(cursor);
    },
    'odd-status': (a) => expect(a).toMatchObject({ status: 418, body: { status: 'error' } }),
  };

  it('covers every fault kind', () => {
    expect(Object.keys(cases).sort()).toEqual(
      [
        ...FAULT_KINDS,
        ...MEDIA_FAULT_KINDS,
        ...TRIGGER_FAULT_KINDS,
        ...TIMING_FAULT_KINDS,
        ...EDGE_FAULT_KINDS,
      ].sort(),
    );
  });

  const keyOnly = () => ({ headers: { 'x-api-key': env.sandbox.keys[0]! } });
  const secondPageCursor = async () =>
    ((await env.raw(FEED, keyOnly())).body.data as { next_cursor: string }).next_cursor;

  it('a page without a fault moves its cursor on, which the repeat-cursor row relies on', async () => {
    const cursor = await secondPageCursor();
    const second = await env.raw(`${FEED}?cursor=${encodeURIComponent(cursor)}`, keyOnly());
    expect((second.body.data as { next_cursor: string }).next_cursor).not.toBe(cursor);
  });

  it.each(
    Object.entries(cases).filter(([kind]) => !['reset', ...TIMING_FAULT_KINDS].includes(kind as FaultKind)),
  )('%s', async (kind, check) => {
    const cursor = await secondPageCursor();
    const started = performance.now();
    const sentAt = Date.now();
    const answer = await env.raw(`${FEED}?cursor=${encodeURIComponent(cursor)}`, {
      headers: header(`${kind};retry-after=3;delay=${DELAY_MS};bytes=100000`),
      redirect: 'manual',
    });
    check(answer, { cursor, elapsedMs: performance.now() - started, sentAt, answeredAt: Date.now() });
  });

  it('extra-record answers a lookup backwards with one record more, whose id nobody asked for', async () => {
    const ids = ((await env.raw(FEED, keyOnly())).body.data as { tweets: Array<{ id: string }> }).tweets
      .slice(0, 5)
      .map((tweet) => tweet.id);
    const answer = await env.raw(`/social/tweets/lookup?tweet_ids=${ids.join(',')}`, {
      headers: header('extra-record'),
    });
    const got = (answer.body.data as Array<{ id: string }>).map((tweet) => tweet.id);
    expect(got).toEqual([...ids].reverse().concat('1999999999999999999'));
  });

  it('long-loop goes on past the end of the feed, its records coming round again every `every`', async () => {
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 6; page++) {
      const answer = await env.raw(`${FEED}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
        headers: header('long-loop;every=40'),
      });
      const data = answer.body.data as { tweets: Array<{ id: string }>; next_cursor: string };
      seen.push(...data.tweets.map((tweet) => tweet.id));
      expect(data.next_cursor).not.toBe(cursor);
      cursor = data.next_cursor;
    }
    // Pages of 20 over a loop of 40: the third page starts the first again.
    expect(seen.slice(40, 80)).toEqual(seen.slice(0, 40));
    expect(new Set(seen).size).toBe(40);
  });

  it('odd-status 304 comes without a body or a Location; 451 as an envelope', async () => {
    const notModified = await env.raw(FEED, { headers: header('odd-status;status=304'), redirect: 'manual' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('location')).toBeNull();
    const legal = await env.raw(FEED, { headers: header('odd-status;status=451') });
    expect(legal).toMatchObject({ status: 451, body: { status: 'error' } });
  });

  it('drip-body sends its headers at once, then a byte at a time, until the client hangs up', async () => {
    const controller = new AbortController();
    const response = await fetch(`${env.sandbox.url}${FEED}`, {
      headers: { ...header('drip-body;delay=50'), 'x-api-key': env.sandbox.keys[0]! },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const sizes: number[] = [];
    for (let read = 0; read < 4; read += 1) sizes.push((await reader.read()).value!.byteLength);
    expect(sizes.slice(1)).toEqual([1, 1, 1]);
    controller.abort();
  });

  it('stall-body sends its headers and the opening of a body, then nothing until the client hangs up', async () => {
    const controller = new AbortController();
    const response = await fetch(`${env.sandbox.url}${FEED}`, {
      headers: { ...header('stall-body'), 'x-api-key': env.sandbox.keys[0]! },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).value!.byteLength).toBeGreaterThan(10);
    const more = await Promise.race([reader.read().then(() => 'more'), sleep(300).then(() => 'silence')]);
    expect(more).toBe('silence');
    controller.abort();
  });

  it('cut-body claims a whole page, sends half, and closes the connection', async () => {
    const response = await fetch(`${env.sandbox.url}${FEED}`, {
      headers: { ...header('cut-body'), 'x-api-key': env.sandbox.keys[0]! },
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('reset closes the connection without an answer', async () => {
    await expect(
      fetch(`${env.sandbox.url}/social/user/social_data`, { headers: header('reset') }),
    ).rejects.toThrow();
  });

  it('a redirect takes its status and target from the header, a target with = and ; in its query too', async () => {
    const to = 'http://127.0.0.2:4999/x?a=1&b=2';
    const answer = await env.raw('/social/user/social_data', {
      headers: header(`redirect-other-origin;status=308;to=${to}`),
      redirect: 'manual',
    });
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe(to);
  });

  it('the page a same-origin redirect points to would pass for success, and is counted', async () => {
    const before = env.sandbox.stats.byEndpoint.redirected ?? 0;
    const answer = await env.raw('/redirected', { method: 'POST' });
    expect(answer).toMatchObject({ status: 200, body: { status: 'success', data: { list_id: '1' } } });
    expect(env.sandbox.stats.byEndpoint.redirected).toBe(before + 1);
  });

  it.each([
    ['status', { status: 200 }],
    ['to', { to: '/relative' }],
    ['bytes', { bytes: -1 }],
  ])('refuses a bad %s', async (_name, extra) => {
    const answer = await env.control('/faults', { fault: 'redirect-other-origin', ...extra });
    expect(answer.status).toBe('error');
  });

  it('slow answers after the delay it was given', async () => {
    const started = Date.now();
    await env.raw('/social/user/social_data', { headers: header('slow;delay=300') });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('each fault, switched on through the control API, as the client meets it', () => {
  const stage = (fault: FaultKind, extra: Record<string, unknown> = {}) =>
    env.control('/faults', { fault, retryAfter: 0, delayMs: 400, ...extra });
  const once = { maxRetries: 0 };

  it.each([
    ['rate-limit', RateLimitError],
    ['rate-limit-date', RateLimitError],
    ['error-500', UpstreamError],
    ['error-502', UpstreamError],
    ['error-503', UpstreamError],
    ['reset', ConnectionError],
    ['html', ResponseFormatError],
    ['truncated', ResponseFormatError],
    ['error-200', ApiError],
    ['redirect-other-origin', RedirectError],
    ['redirect-same-origin', RedirectError],
    ['endless-body', ResponseTooLargeError],
    ['gzip-bomb', ResponseTooLargeError],
    ['lying-length', ResponseFormatError],
  ] as const)('%s fails a call that may not retry with %p', async (fault, Class) => {
    await stage(fault);
    await expect(env.client().call('getUser', { userName: 'social_data' }, once)).rejects.toBeInstanceOf(
      Class,
    );
  });

  it('slow past the client timeout is a TimeoutError', async () => {
    await stage('slow');
    await expect(
      env.client({ timeoutMs: 100 }).call('getUser', { userName: 'social_data' }, once),
    ).rejects.toBeInstanceOf(TimeoutError);
  });

  it.each(['rate-limit', 'error-503', 'reset', 'truncated'] as const)(
    '%s once is retried away by the client',
    async (fault) => {
      await stage(fault, { times: 1 });
      await expect(env.client().call('getUser', { userName: 'social_data' })).resolves.toMatchObject({
        userName: 'social_data',
      });
    },
  );

  it('a repeated cursor ends the run without duplicates', async () => {
    await stage('repeat-cursor', { endpoint: 'getUserFollowers' });
    const run = env.client().paginate('getUserFollowers', { userName: 'followers_1k' });
    const ids = (await run.toArray()).map((u) => u.id);
    expect(run.stopReason).toBe('repeatedCursor');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an empty tweet page that claims more is followed, and nothing is lost', async () => {
    await stage('empty-page', { endpoint: 'getUserTweets', times: 2 });
    const ids = (await env.client().paginate('getUserTweets', { userName: 'social_data' }).toArray()).map(
      (t) => t.id,
    );
    expect(ids).toHaveLength(45);
    expect(new Set(ids).size).toBe(45);
  });

  it.each([
    // Tweet cursors can point at the first page again: 20 tweets, then 3 pages of repeats.
    ['getUserTweets', 'social_data', 20, 4],
    // User cursors cannot ("0|…" means the end), so the second page moves one user on.
    ['getUserFollowers', 'followers_1k', 201, 5],
  ] as const)(
    'fresh cursors with records already served end %s (issue 26 finding 2)',
    async (id, userName, distinct, requests) => {
      await stage('fresh-cursor-repeat', { endpoint: id });
      await env.control('/stats/reset');
      const run = env.client().paginate(id, { userName });
      const ids = (await run.toArray()).map((record) => record.id);
      expect(new Set(ids).size).toBe(distinct);
      expect(run.stopReason).toBe('emptyPages');
      const stats = (await env.control('/stats', undefined, 'GET')).data;
      expect((stats.byEndpoint as Record<string, number>)[id]).toBe(requests);
    },
  );

  it('a blank cursor ends the run, said as out of reach, and is never sent back (issue 26 finding 3)', async () => {
    await stage('blank-cursor', { endpoint: 'getUserFollowers' });
    await env.control('/stats/reset');
    const run = env.client().paginate('getUserFollowers', { userName: 'followers_1k' });
    expect(await run.toArray()).toHaveLength(200);
    expect(run.stopReason).toBe('blankCursor');
    const stats = (await env.control('/stats', undefined, 'GET')).data;
    expect((stats.byEndpoint as Record<string, number>).getUserFollowers).toBe(1);
  });

  it.each([['-5'], ['+5'], ['Retry in 5'], ['5, 10']])(
    'Retry-After %j is no delay: the client backs off instead (issue 26 finding 4)',
    async (text) => {
      await stage('rate-limit-odd', { retryAfterText: text, times: 2 });
      const sleeps: number[] = [];
      const client = env.client({
        random: () => 1,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      });
      await expect(client.call('getUser', { userName: 'social_data' })).resolves.toMatchObject({
        userName: 'social_data',
      });
      expect(sleeps).toEqual([500, 1000]);
    },
  );

  it('faults at a rate hit about that share of requests, per key and endpoint', async () => {
    await env.control('/stats/reset');
    await stage('error-503', { rate: 0.3, key: env.sandbox.keys[0], endpoint: 'getUserFollowers' });
    const client = env.client({ maxRetries: 10 });
    const ids = (
      await client.paginate('getUserFollowers', { userName: 'followers_1k' }, { pageSize: 20 }).toArray()
    ).map((u) => u.id);
    expect(new Set(ids).size).toBe(1000);
    const stats = (await env.control('/stats', undefined, 'GET')).data;
    const requests = (stats.byEndpoint as Record<string, number>).getUserFollowers!;
    const failed = requests - 51;
    expect(failed / requests).toBeGreaterThan(0.15);
    expect(failed / requests).toBeLessThan(0.45);
    await expect(env.client().call('getUser', { userName: 'social_data' }, once)).resolves.toMatchObject({
      userName: 'social_data',
    });
  });

  it('spreads a share of requests evenly over several faults', () => {
    const faults = new Faults(7);
    faults.addShare(['error-500', 'error-503', 'reset'], 0.3, { key: 'k' });
    const seen: Record<string, number> = {};
    const draws = 30_000;
    for (let i = 0; i < draws; i += 1) {
      const fault = faults.pick('k', 'getUser', undefined)?.fault;
      if (fault) seen[fault] = (seen[fault] ?? 0) + 1;
    }
    expect(faults.injected / draws).toBeCloseTo(0.3, 1);
    for (const kind of ['error-500', 'error-503', 'reset']) expect(seen[kind]! / draws).toBeCloseTo(0.1, 1);
    expect(faults.pick('other key', 'getUser', undefined)).toBeUndefined();
  });

  it('rejects a fault it does not know', async () => {
    expect(await env.control('/faults', { fault: 'meteor' })).toMatchObject({ status: 'error' });
  });
});

describe('a rule with after', () => {
  it('lets that many matching requests through, then hits the next ones', () => {
    const faults = new Faults(1);
    faults.add({ fault: 'error-500', after: 2, times: 1 });
    const picks = [1, 2, 3, 4].map(() => faults.pick('k', 'getUser', undefined)?.fault);
    expect(picks).toEqual([undefined, undefined, 'error-500', undefined]);
  });
});

describe('a rule for later pages only', () => {
  afterEach(() => env.sandbox.faults.clear());

  it('never hits a first page, however often it is asked for, and hits every page with a cursor', async () => {
    env.sandbox.faults.add({ fault: 'error-500', endpoint: 'getUserTweets', laterPages: true });
    const key = { 'x-api-key': env.sandbox.keys[0]! };
    const first = await env.raw('/social/user/social_data/tweets', { headers: key });
    expect((await env.raw('/social/user/social_data/tweets', { headers: key })).status).toBe(200);
    const cursor = encodeURIComponent(String(first.body.next_cursor));
    expect((await env.raw(`/social/user/social_data/tweets?cursor=${cursor}`, { headers: key })).status).toBe(
      500,
    );
  });

  it('reads the cursor of an own-session read from its body', async () => {
    env.sandbox.faults.add({ fault: 'error-500', endpoint: 'getBookmarks', laterPages: true });
    const pages: unknown[] = [];
    const read = env.client({ maxRetries: 0 }).paginateUntyped('getBookmarks', {}, { maxPages: 3 });
    await expect(
      (async () => {
        for await (const page of read.pages()) pages.push(page);
      })(),
    ).rejects.toThrow(/500/);
    expect(pages).toHaveLength(1);
  });
});
