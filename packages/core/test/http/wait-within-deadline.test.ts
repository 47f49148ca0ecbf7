import { RateLimitError, SocialDataClient, UpstreamError } from '../../src';
import type { Transport } from '../../src';
import { API_KEY, BASE } from '../support/client';

/**
 * Decision B37: a retry wait that would end past the deadline (the client's, or one call's) is
 * not taken. The call ends at once with the failure that asked for the wait (a rate limit with
 * its Retry-After), where it used to sleep past the deadline and then fail with "no time was
 * left", or outlast the MCP client that was waiting for it. Swept over every Retry-After from 1
 * to 60 s against every time left from 0 to 60 s, on a clock the test moves, for a deadline of the
 * client and one of the call.
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

const cases: Array<[number, number, 'client' | 'call']> = [];
for (let retryAfter = 1; retryAfter <= 60; retryAfter += 1)
  for (let left = 0; left <= 60; left += 3)
    for (const whose of ['client', 'call'] as const) cases.push([retryAfter, left, whose]);

describe('a retry wait never ends past the deadline', () => {
  it.each(cases)('Retry-After %i s with %i s left (deadline of the %s)', async (retryAfter, left, whose) => {
    let now = 1_000_000;
    const slept: number[] = [];
    const deadline = now + left * 1000;
    const client = new SocialDataClient({
      apiKey: API_KEY,
      baseUrl: BASE,
      transport: limitedOnce(retryAfter),
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
      maxRetries: 2,
      ...(whose === 'client' ? { deadline } : {}),
    });
    const outcome = await client
      .call('getUser', { userName: 'jack' }, whose === 'call' ? { deadline } : {})
      .then((user) => ({ user }))
      .catch((error: unknown) => ({ error }));
    // No wait went past the deadline.
    expect(now).toBeLessThanOrEqual(Math.max(deadline, 1_000_000));
    if (left === 0) {
      // No time for even the first request.
      expect(slept).toEqual([]);
      return;
    }
    if (retryAfter * 1000 < left * 1000) {
      expect(outcome).toEqual({ user: USER });
      expect(slept).toEqual([retryAfter * 1000]);
    } else {
      // The rate limit itself, with how long to wait: what a user or a model can act on.
      expect(slept).toEqual([]);
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
