import { RateLimitError, SocialDataClient, UpstreamError } from '../../src';
import type { Transport } from '../../src';
import { API_KEY, BASE } from '../support/client';

/**
 * Decision B37: a retry wait that would end past the deadline (the client's, or one call's, the
 * earlier) is not taken, and neither is a wait behind another request's 429. The call ends at
 * once with the failure that asked for the wait (a rate limit with how long it lasts), where it
 * used to sleep past the deadline and then fail with "no time was left", or outlast the MCP
 * client that was waiting for it; a 429's pause still holds the other calls. Swept over every
 * Retry-After from 1 to 60 s against every second left from 0 to 60, on a clock the test moves.
 */

const USER = { id: '1', userName: 'jack', name: 'Jack' };
const ok = JSON.stringify({ status: 'success', msg: 'success', data: USER });

/** A 429 asking for `retryAfter` seconds, then the record. */
function limitedOnce(retryAfter: number): Transport {
  let calls = 0;
  return async () =>
    calls++ === 0
      ? {
          status: 429,
          headers: { 'retry-after': String(retryAfter) },
          body: JSON.stringify({ status: 'error', msg: 'Too many requests' }),
        }
      : { status: 200, headers: {}, body: ok };
}

const cases: Array<[number, number, 'client' | 'call' | 'both']> = [];
for (let retryAfter = 1; retryAfter <= 60; retryAfter += 1)
  for (let left = 0; left <= 60; left += 1)
    for (const whose of ['client', 'call', 'both'] as const) cases.push([retryAfter, left, whose]);

describe('a retry wait never ends past the deadline', () => {
  it.each(cases)('Retry-After %i s with %i s left (deadline of the %s)', async (retryAfter, left, whose) => {
    let now = 1_000_000;
    const deadline = now + left * 1000;
    // Each sleep moves the clock when the test lets it end: a wait the call does not await (the
    // gate's pause for other calls) never moves the clock the call sees.
    const sleeps: Array<{ ms: number; end: () => void }> = [];
    const client = new SocialDataClient({
      apiKey: API_KEY,
      baseUrl: BASE,
      transport: limitedOnce(retryAfter),
      now: () => now,
      sleep: (ms) =>
        new Promise<void>((resolve) =>
          sleeps.push({
            ms,
            end: () => {
              now += ms;
              resolve();
            },
          }),
        ),
      maxRetries: 2,
      // With both, the other one is later: the earlier must hold, whichever it is.
      ...(whose === 'client' ? { deadline } : whose === 'both' ? { deadline: deadline + 30_000 } : {}),
    });
    let outcome: { user: unknown } | { error: unknown } | undefined;
    let endedAt = 0;
    void client
      .call('getUser', { userName: 'jack' }, whose === 'client' ? {} : { deadline })
      .then((user) => ({ user }))
      .catch((error: unknown) => ({ error }))
      .then((settled) => {
        outcome = settled;
        endedAt = now;
      });
    let ended = 0;
    while (!outcome) {
      await new Promise((resolve) => setImmediate(resolve));
      sleeps[ended++]?.end();
    }
    // No wait the call took went past the deadline.
    expect(endedAt).toBeLessThanOrEqual(Math.max(deadline, 1_000_000));
    if (left === 0) {
      // No time for even the first request.
      expect(sleeps).toEqual([]);
      return;
    }
    // One wait of the Retry-After either way: the call's own, or the gate's for the other calls.
    expect(sleeps.map((each) => each.ms)).toEqual([retryAfter * 1000]);
    if (retryAfter < left) expect(outcome).toEqual({ user: USER });
    else {
      // The rate limit itself, at once, with how long to wait: what a user or a model can act on.
      expect(endedAt).toBe(1_000_000);
      expect('error' in outcome && outcome.error).toBeInstanceOf(RateLimitError);
      expect((outcome as { error: RateLimitError }).error.retryAfterMs).toBe(retryAfter * 1000);
    }
  });

  it('keeps a 5xx backoff that fits, and ends with the 5xx at once when it would not', async () => {
    let now = 0;
    const failing: Transport = async () => ({ status: 503, headers: {}, body: 'down' });
    const client = new SocialDataClient({
      apiKey: API_KEY,
      baseUrl: BASE,
      transport: failing,
      now: () => now,
      random: () => 0.5,
      sleep: async (ms) => {
        now += ms;
      },
      maxRetries: 5,
      deadline: 1_500,
    });
    const error = await client.call('getUser', { userName: 'jack' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(now).toBeLessThan(1_500);
  });
});

/**
 * Two calls sharing a gate: A meets a 429 with a Retry-After longer than A's time, so A does not
 * wait. The pause still holds B, which waits it out when it ends before B's deadline and
 * otherwise ends at once with the rate limit and how long is left of it.
 */
describe("a wait behind another call's 429 never ends past the deadline", () => {
  const pairs: Array<[number, number]> = [];
  for (let retryAfter = 5; retryAfter <= 60; retryAfter += 5)
    for (let left = 1; left <= 70; left += 3) pairs.push([retryAfter, left]);

  it.each(pairs)(
    'Retry-After %i s met by a call with 2 s left, then a call with %i s left',
    async (retryAfter, left) => {
      let now = 1_000_000;
      let sleeping = Promise.resolve();
      const slept: number[] = [];
      let limited = true;
      const client = new SocialDataClient({
        apiKey: API_KEY,
        baseUrl: BASE,
        transport: async () => {
          if (!limited) return { status: 200, headers: {}, body: ok };
          limited = false;
          return {
            status: 429,
            headers: { 'retry-after': String(retryAfter) },
            body: JSON.stringify({ status: 'error', msg: 'Too many requests' }),
          };
        },
        now: () => now,
        // The gate's pause is a sleep: held open until the test moves the clock past its end.
        sleep: (ms) => {
          slept.push(ms);
          const until = now + ms;
          sleeping = new Promise((resolve) => {
            const tick = () => (now >= until ? resolve() : setImmediate(tick));
            tick();
          });
          return sleeping;
        },
        maxRetries: 2,
      });
      const first = await client
        .call('getUser', { userName: 'jack' }, { deadline: now + 2_000 })
        .catch((error: unknown) => error);
      expect(first).toBeInstanceOf(RateLimitError);
      const second = client
        .call('getUser', { userName: 'jack' }, { deadline: now + left * 1000 })
        .then((user) => ({ user }))
        .catch((error: unknown) => ({ error }));
      await new Promise((resolve) => setImmediate(resolve));
      // The pause ends: the clock moves to its end.
      now += retryAfter * 1000;
      const outcome = await second;
      if (retryAfter < left) expect(outcome).toEqual({ user: USER });
      else {
        expect('error' in outcome && outcome.error).toBeInstanceOf(RateLimitError);
        expect((outcome as { error: RateLimitError }).error.retryAfterMs).toBe(retryAfter * 1000);
      }
      // The 429's wait was set for the others, once, though its own call did not take it.
      expect(slept).toEqual([retryAfter * 1000]);
    },
  );
});
