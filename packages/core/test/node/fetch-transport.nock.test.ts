import { getEventListeners } from 'node:events';
import nock from 'nock';
import { CancelledError, TimeoutError } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';

afterEach(() => nock.cleanAll());

describe("the fetch transport's timeout and cancel", () => {
  it('lets a script exit right after its last call: no timer it started keeps the process alive', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .times(3)
      .reply(200, ok(user(1)));
    // Every timer started through the global setTimeout during the calls, until it fires or is
    // cleared. Counting the process's active timers instead failed a busy CI run: a timer of
    // fetch's own ended during the calls and hid the count.
    const pending = new Set<NodeJS.Timeout>();
    const realSet = global.setTimeout;
    const realClear = global.clearTimeout;
    const started = jest.spyOn(global, 'setTimeout').mockImplementation(((
      callback: (...args: unknown[]) => void,
      ms?: number,
      ...args: unknown[]
    ) => {
      const timer = realSet(
        (...given: unknown[]) => {
          pending.delete(timer);
          callback(...given);
        },
        ms,
        ...args,
      );
      pending.add(timer);
      return timer;
    }) as unknown as typeof setTimeout);
    const cleared = jest.spyOn(global, 'clearTimeout').mockImplementation((timer) => {
      pending.delete(timer as NodeJS.Timeout);
      realClear(timer);
    });
    try {
      const { client } = testClient({ timeoutMs: 30_000 });
      for (let call = 0; call < 3; call += 1) await client.call('getUser', { userName: 'jack' });
      // Proof the calls went through the spy: each started its 30 s timeout.
      expect(started.mock.calls.filter(([, ms]) => ms === 30_000)).toHaveLength(3);
      expect([...pending].filter((timer) => timer.hasRef())).toEqual([]);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });

  it('times out a body that stops coming after the headers', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .delayBody(400)
      .reply(200, ok(user(1)));
    const { client } = testClient({ timeoutMs: 50, maxRetries: 0 });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('leaves nothing behind on the caller’s signal, so a long run never warns of a listener leak', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .times(30)
      .reply(200, ok(user(1)));
    const controller = new AbortController();
    const { client } = testClient({ signal: controller.signal });
    for (let call = 0; call < 30; call += 1) await client.call('getUser', { userName: 'jack' });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('answers within the timeout when the caller’s signal is there but never used', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .delay(20)
      .reply(200, ok(user(1)));
    const { client } = testClient({ timeoutMs: 2_000, signal: new AbortController().signal });
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toMatchObject({ id: user(1).id });
  });

  it('is cancelled, not timed out, when the caller aborts during the body', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .delayBody(60_000)
      .reply(200, ok(user(1)));
    const controller = new AbortController();
    const { client } = testClient({ timeoutMs: 30_000 });
    const call = client.call('getUser', { userName: 'jack' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(call).rejects.toBeInstanceOf(CancelledError);
  });
});
