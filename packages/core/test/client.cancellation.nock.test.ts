import nock from 'nock';
import { CancelledError } from '../src';
import { BASE, testClient } from './support/client';
import { ok, tweets, user } from './support/fixtures';

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
