import { getEventListeners } from 'node:events';
import nock from 'nock';
import { CancelledError, TimeoutError } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, user } from '../support/fixtures';
import { trackTimers } from '../support/timers';

afterEach(() => nock.cleanAll());

describe("the fetch transport's timeout and cancel", () => {
  it('lets a script exit right after its last call: no timer it started keeps the process alive', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .times(3)
      .reply(200, ok(user(1)));
    const timers = trackTimers();
    try {
      const { client } = testClient({ timeoutMs: 30_000 });
      for (let call = 0; call < 3; call += 1) await client.call('getUser', { userName: 'jack' });
      // Proof the calls went through the spy: each started its 30 s timeout.
      expect(timers.delays().filter((ms) => ms === 30_000)).toHaveLength(3);
      expect(timers.pending()).toEqual([]);
    } finally {
      timers.stop();
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
