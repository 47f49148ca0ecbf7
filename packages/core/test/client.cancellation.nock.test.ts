import nock from 'nock';
import { CancelledError } from '../src';
import { sleep as nodeSleep } from '../src/node';
import { BASE, testClient } from './support/client';
import { ok, tweets, user } from './support/fixtures';
import { trackTimers } from './support/timers';

/** Issue 26 finding 8: n8n's Stop button waited out retry waits and requests in flight. */
afterEach(() => nock.cleanAll());

describe('cancelling a call', () => {
  it('ends a Retry-After wait at once, sends nothing more, and says it was cancelled', async () => {
    let requests = 0;
    nock(BASE)
      .persist()
      .get('/social/user/jack')
      .reply(() => {
        requests += 1;
        return [429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '60' }];
      });
    const controller = new AbortController();
    let waiting: (ms: number) => void = () => {};
    const asked = new Promise<number>((resolve) => (waiting = resolve));
    const { client } = testClient({
      signal: controller.signal,
      // A wait that never ends by itself: only the cancel can end it.
      sleep: (ms) => {
        waiting(ms);
        return new Promise(() => {});
      },
    });
    const call = client.call('getUser', { userName: 'jack' });
    expect(await asked).toBe(60_000);
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(CancelledError);
    await expect(call).rejects.toThrow(/getUser was cancelled/);
    expect(requests).toBe(1);
  });

  it("hands the wait the call's signal, and Node's sleep clears its timer then: a stopped command exits at once", async () => {
    nock(BASE)
      .get('/social/user/jack')
      .reply(429, { status: 'error', msg: 'slow down' }, { 'Retry-After': '60' });
    const controller = new AbortController();
    let handed: AbortSignal | undefined;
    let started: () => void = () => {};
    const waiting = new Promise<void>((resolve) => (started = resolve));
    const { client } = testClient({
      signal: controller.signal,
      sleep: (ms, signal) => {
        handed = signal;
        started();
        return nodeSleep(ms, signal);
      },
    });
    const timers = trackTimers();
    try {
      const call = client.call('getUser', { userName: 'jack' });
      await waiting;
      expect(timers.pending().length).toBeGreaterThan(0);
      controller.abort();
      await expect(call).rejects.toBeInstanceOf(CancelledError);
      expect(handed?.aborted).toBe(true);
      // The 60 s timer is gone: nothing keeps a command's process alive after its cancel.
      expect(timers.delays()).toContain(60_000);
      expect(timers.pending()).toEqual([]);
    } finally {
      timers.stop();
    }
  });

  it('aborts a request in flight', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .delay(60_000)
      .reply(200, ok(user(1)));
    const controller = new AbortController();
    const { client } = testClient();
    const call = client.call('getUser', { userName: 'jack' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toBeInstanceOf(CancelledError);
  });

  it('sends nothing when cancelled before the call, and ends a paginated run as failed', async () => {
    const scope = nock(BASE)
      .get('/social/user/jack/tweets')
      .reply(200, ok({ tweets: tweets(0, 1) }));
    const controller = new AbortController();
    controller.abort();
    const { client } = testClient();
    const run = client.paginate('getUserTweets', { userName: 'jack' }, { signal: controller.signal });
    await expect(run.toArray()).rejects.toBeInstanceOf(CancelledError);
    expect(run.stopReason).toBe('failed');
    expect(scope.isDone()).toBe(false);
  });
});

/** Issue 38 case 4: a run stopped while a page waits to retry went on to send two more requests. */
describe('stopping a paginated run', () => {
  function failing() {
    let requests = 0;
    nock(BASE)
      .persist()
      .get('/social/user/jack/tweets')
      .query(true)
      .reply((uri) => {
        requests += 1;
        // The first page answers; every later one is a retryable failure.
        if (!uri.includes('cursor='))
          return [200, ok({ tweets: tweets(0, 2), next_cursor: 'c2', has_next_page: true })];
        return [503, { status: 'error', msg: 'busy' }];
      });
    let waiting: () => void = () => {};
    const asked = new Promise<void>((resolve) => (waiting = resolve));
    const { client } = testClient({
      // A retry wait that only a cancel can end.
      sleep: () => {
        waiting();
        return new Promise(() => {});
      },
    });
    return { client, asked, requests: () => requests };
  }

  it('while its read waits to retry: the read ends cancelled and nothing more is sent', async () => {
    const { client, asked, requests } = failing();
    const pages = client.paginate('getUserTweets', { userName: 'jack' }).pages();
    await pages.next();
    const pending = pages.next();
    await asked;
    expect(requests()).toBe(2);
    await pages.return();
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests()).toBe(2);
  });

  it('after a break while the next page is fetched ahead: its retries stop', async () => {
    const { client, asked, requests } = failing();
    const run = client.paginate('getUserTweets', { userName: 'jack' }, { prefetch: true });
    for await (const page of run.pages()) {
      expect(page.records).toHaveLength(2);
      await asked;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests()).toBe(2);
    expect(run.stopReason).toBe('stopped');
  });
});
