import { SocialDataClient, TimeoutError } from '../../src';
import type { Transport, TransportRequest } from '../../src';
import { API_KEY, BASE } from '../support/client';

/**
 * Decision B32: every attempt ends by its deadline, body included, whatever the host's HTTP
 * library does with its own timer (issue 38, case 1: node-fetch under Zapier stops its timer at
 * the headers, and a dripping answer held a step for 101 s).
 */

const USER = { id: '1', userName: 'jack', name: 'Jack' };
const answer = (data: unknown) => JSON.stringify({ status: 'success', msg: 'success', data });

/** A transport that answers as a host would whose library reads the body with no deadline. */
function hanging(seen: TransportRequest[]): Transport {
  return (request) => {
    seen.push(request);
    // Headers came; the body never ends. Only an abort of the request's signal gets it out.
    return new Promise((_resolve, reject) => {
      request.signal?.addEventListener('abort', () => reject(new Error('socket closed')), { once: true });
    });
  };
}

function client(
  transport: Transport,
  extra: Partial<ConstructorParameters<typeof SocialDataClient>[0]> = {},
) {
  return new SocialDataClient({
    apiKey: API_KEY,
    baseUrl: BASE,
    transport,
    sleep: () => Promise.resolve(),
    maxRetries: 0,
    ...extra,
  });
}

describe('a deadline over the whole answer', () => {
  it('ends an answer that never finishes at the timeout, as a TimeoutError, and aborts it', async () => {
    const seen: TransportRequest[] = [];
    const started = Date.now();
    const failure = await client(hanging(seen), { timeoutMs: 300 })
      .call('getUser', { userName: 'jack' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect((failure as TimeoutError).message).toContain('within 0.3 s (getUser)');
    // Not a speed check: it ended at all, and its request was told to stop.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.signal?.aborted).toBe(true);
  });

  it("gives an attempt only what is left of the client's deadline, and starts none after it", async () => {
    const seen: TransportRequest[] = [];
    const now = Date.now();
    const late = client(hanging(seen), { timeoutMs: 20_000, deadline: now - 1 });
    await expect(late.call('getUser', { userName: 'jack' })).rejects.toThrow(
      /No time was left for this request \(getUser\)/,
    );
    expect(seen).toHaveLength(0);

    // The client's clock stands still: a busy machine's pause before the call leaves the 200 ms.
    const soon = client(hanging(seen), { timeoutMs: 20_000, deadline: now + 200, now: () => now });
    const failure = await soon.call('getUser', { userName: 'jack' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimeoutError);
    expect(seen[0]!.timeoutMs).toBe(200);
  });

  it('lets an answer within its time through', async () => {
    const seen: TransportRequest[] = [];
    const quick: Transport = (request) => {
      seen.push(request);
      return Promise.resolve({ status: 200, headers: {}, body: answer(USER) });
    };
    await expect(
      client(quick, { timeoutMs: 300 }).call('getUser', { userName: 'jack' }),
    ).resolves.toMatchObject({
      id: '1',
    });
    expect(seen).toHaveLength(1);
  });
});
