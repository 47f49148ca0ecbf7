import nock from 'nock';

import { recordSamples as samples } from '@social-data/core';
import { run } from '../support/app';

const BASE = 'https://api.social-data.test';
const authData = { apiKey: 'tda_zapTimeKey_31', baseUrl: BASE };
const PAGE = 200;

interface Feed {
  /** The cursor each request was sent with, '' for the first page. */
  cursors: string[];
}

/**
 * A followers feed without end whose pages take the given times to answer (the last one for
 * every page after). Answering moves jest's fake clock on by that time, firing whatever falls
 * due meanwhile (the request's own timeout among them): no test waits, and the machine's speed
 * changes nothing.
 */
function slowFollowers(seconds: number[]): Feed {
  const feed: Feed = { cursors: [] };
  nock(BASE)
    .get(/^\/social\/user\/jack\/followers/)
    .times(50)
    .reply((uri) => {
      const cursor = new URL(uri, BASE).searchParams.get('cursor') ?? '';
      const index = feed.cursors.push(cursor) - 1;
      jest.advanceTimersByTime(1000 * seconds[Math.min(index, seconds.length - 1)]!);
      const followers = Array.from({ length: PAGE }, (_, n) => ({
        ...samples.user,
        id: String(1_400_000_000_000_000_000n + BigInt(index * PAGE + n)),
      }));
      return [200, { status: 'success', data: { followers, next_cursor: `${index + 1}|7` } }];
    });
  return feed;
}

/** How a step ended, and how long it took on the fake clock. */
async function onFakeClock(
  step: () => Promise<unknown>,
): Promise<{ value?: unknown; error?: Error; seconds: number }> {
  const started = Date.now();
  const outcome = await step().then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );
  return { ...outcome, seconds: (Date.now() - started) / 1000 };
}

const followers = (maxItems = 5000) =>
  run('creates', 'getUserFollowers', authData, { userName: 'jack', maxItems });

beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
afterEach(() => {
  jest.useRealTimers();
  nock.cleanAll();
});

describe("an action under Zapier's 30 seconds", () => {
  it('at 14 s a page, returns the 200 records read and starts no page it cannot finish', async () => {
    const feed = slowFollowers([14]);
    const { value, seconds } = await onFakeClock(() => followers());
    expect(feed.cursors).toEqual(['']);
    expect(value).toMatchObject({
      count: 200,
      truncated_by: 'time',
      next_cursor: '1|7',
      has_next_page: true,
    });
    expect(seconds).toBeLessThan(25);
  });

  it('at 3.5 s for four pages and then 12 s, returns the 800 records read, cut by time', async () => {
    const feed = slowFollowers([3.5, 3.5, 3.5, 3.5, 12]);
    const { value, error } = await onFakeClock(() => followers());
    expect(error).toBeUndefined();
    // The fifth page was started with 11 s left and timed out: its cursor is where to go on.
    expect(feed.cursors).toEqual(['', '1|7', '2|7', '3|7', '4|7']);
    expect(value).toMatchObject({
      count: 800,
      truncated_by: 'time',
      next_cursor: '4|7',
      has_next_page: true,
    });
  });

  it.each([
    [12, 400],
    [16, 200],
  ])('at %i s a page, returns the %i records that fit', async (pageSeconds, count) => {
    slowFollowers([pageSeconds]);
    const { value } = await onFakeClock(() => followers());
    expect(value).toMatchObject({ count, truncated_by: 'time', has_next_page: true });
  });

  it('marks a read cut by Max Items as such, whatever the speed', async () => {
    slowFollowers([0.5]);
    const { value } = await onFakeClock(() => followers(450));
    expect(value).toMatchObject({ count: 600, truncated_by: 'max_items', next_cursor: '3|7' });
  });

  it('fails only when not even the first page came back, and says how long it waited', async () => {
    slowFollowers([40]);
    const { error } = await onFakeClock(() => followers());
    expect(JSON.parse(error!.message)).toMatchObject({ code: 'TimeoutError' });
    expect(JSON.parse(error!.message).message).toMatch(/within 20 s/);
  });
});

describe("a trigger under Zapier's 30 seconds", () => {
  it('at 14 s a page, returns the page read instead of failing the poll', async () => {
    const feed = slowFollowers([14]);
    const { value } = await onFakeClock(() => run('triggers', 'newFollower', authData, { userName: 'jack' }));
    expect(feed.cursors).toEqual(['']);
    expect(value).toHaveLength(200);
  });
});
