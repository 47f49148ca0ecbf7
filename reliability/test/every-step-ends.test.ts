import { performance } from 'node:perf_hooks';
import nock from 'nock';
import { ApiError, CancelledError, ConnectionError, TimeoutError, ValidationError } from '@social-data/core';
import type { SocialDataClient } from '@social-data/core';
import { createClient } from '@social-data/core/node';
import { SandboxControl, startSandbox, tweetIds } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { until } from '@social-data/test-support';

import { recordFigures } from './support/figures';
import { COOKIE, PROXY, SecretScan, apiKey } from './support/secrets';
import { runStep, textsOfStep } from './support/zapier';

/**
 * Issue 38: every step ends in time, whatever the answer does once its headers have arrived. For
 * each answer that starts and never finishes (a body that drips a byte a second, one that stalls
 * after its opening, one cut off halfway), on the only request of a step and on the second page
 * of a read, through core on Node's fetch and through the built Zapier app:
 * - a single call ends by its timeout (core) or well inside Zapier's 30 s, as a timeout or a
 *   connection error, never a hang. Under Zapier a cut answer ends as a timeout at the request's
 *   20 s: node-fetch under `z.request` does not notice a connection closed before its
 *   Content-Length (it does for a chunked answer), and core's deadline ends the wait;
 * - a read keeps the page it had (core hands it out before failing and says where to go on;
 *   Zapier returns it with `truncated_by` and the cursor of the lost page);
 * - the sandbox sees every such connection closed afterwards.
 */
const TIMING = ['drip-body', 'stall-body', 'cut-body'] as const;
type Timing = (typeof TIMING)[number];
/** Core's per-attempt limit here; Zapier's is its own 20 s (decision Z3). */
// Room for a first page of 100 followers on a busy machine, where the in-process sandbox shares
// the event loop: a first page slower than this would fail the read before its fault.
const CORE_TIMEOUT_MS = 4_000;
const ZAPIER_STEP_MS = 30_000;

let sandbox: Sandbox;
let keys = 0;
const KEYS = Array.from({ length: 60 }, (_, n) => apiKey(500 + n));
const scan = new SecretScan();
const figures: Record<string, number> = {};

beforeAll(async () => {
  nock.enableNetConnect('127.0.0.1');
  sandbox = await startSandbox({ keys: KEYS, control: true });
});

afterAll(async () => {
  recordFigures(__filename, {
    ...figures,
    'texts scanned for secrets': scan.texts,
    'secrets found': scan.found,
  });
  await sandbox.close();
});

/** A key of its own with the fault staged on it: on the first request, or after `after` of them. */
function keyWith(fault: Timing, after: number): string {
  const key = KEYS[keys++]!;
  sandbox.faults.add({ fault, key, after, times: 1, delayMs: 1_000 });
  return key;
}

const expectedClass = (fault: Timing) => (fault === 'cut-body' ? ConnectionError : TimeoutError);

/** Core on Node's fetch with no retry, so each fault meets one attempt. */
function coreClient(key: string): SocialDataClient {
  return createClient({
    baseUrl: sandbox.url,
    apiKey: key,
    cookie: COOKIE,
    proxy: PROXY,
    timeoutMs: CORE_TIMEOUT_MS,
    maxRetries: 0,
  });
}

async function closedAfterwards(key: string): Promise<void> {
  await until('the hostile answer closed', () => (sandbox.stats.hostile[key]?.open ?? 0) === 0, 20_000);
}

describe.each(TIMING)('%s', (fault) => {
  it('ends a single core call by its timeout, as the documented class', async () => {
    const key = keyWith(fault, 0);
    const started = performance.now();
    const error = await coreClient(key)
      .call('getUser', { userName: 'social_data' })
      .catch((caught: unknown) => caught);
    const took = performance.now() - started;
    expect(error).toBeInstanceOf(expectedClass(fault));
    // The attempt's limit plus the 1 s grace of decision B32, and a margin for a busy machine.
    expect(took).toBeLessThan(CORE_TIMEOUT_MS + 1_000 + 3_000);
    figures[`core, ${fault}: single call ended (ms)`] = Math.round(took);
    await closedAfterwards(key);
  });

  it('keeps the first page of a core read and says where to go on', async () => {
    const key = keyWith(fault, 1);
    const run = coreClient(key).paginate('getUserFollowers', { userName: 'followers_1k' }, { pageSize: 100 });
    const read: string[] = [];
    const error = await (async () => {
      for await (const user of run) read.push(user.id);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(expectedClass(fault));
    expect(read).toHaveLength(100);
    expect(run.stopReason).toBe('failed');
    expect(run.resumePoint()).toMatchObject({ skip: 0 });
    expect(run.resumePoint()?.startCursor).toBeTruthy();
    await closedAfterwards(key);
  });
});

/** The Zapier rows run at once: each waits out the app's 20 s request limit. */
describe('the built Zapier app', () => {
  it('ends every search inside the step limit, and every read with its first page, the cut and the cursor of the lost page', async () => {
    const rows = TIMING.flatMap((fault) => [
      { fault, kind: 'searches' as const, key: 'getUser', input: { userName: 'social_data' }, after: 0 },
      {
        fault,
        kind: 'creates' as const,
        key: 'getUserFollowers',
        input: { userName: 'followers_1k', pageSize: '100', maxItems: '500' },
        after: 1,
      },
    ]);
    await Promise.all(
      rows.map(async ({ fault, kind, key, input, after }) => {
        const apiKey = keyWith(fault, after);
        const started = performance.now();
        const outcome = await runStep(kind, key, authFor(apiKey), input);
        const took = performance.now() - started;
        scan.check(textsOfStep(outcome, `Zapier ${kind}.${key}, ${fault}`));
        expect(took).toBeLessThan(ZAPIER_STEP_MS - 1_000);
        if (kind === 'searches') {
          expect(String(outcome.error)).toMatch(/TimeoutError/);
          figures[`Zapier, ${fault}: search ended (ms)`] = Math.round(took);
        } else {
          expect(outcome.error).toBeUndefined();
          const result = outcome.result as { records: object[]; truncated_by: string; next_cursor: string };
          expect(result.records).toHaveLength(100);
          expect(result.truncated_by).toBe('time');
          expect(result.next_cursor).not.toBe('');
          figures[`Zapier, ${fault}: read ended with its first page (ms)`] = Math.round(took);
        }
        await closedAfterwards(apiKey);
      }),
    );
  }, 90_000);
});

function authFor(key: string) {
  return { apiKey: key, baseUrl: sandbox.url, cookie: COOKIE, proxy: PROXY };
}

/** Issue 38's other cases through the built Zapier app, each against a sandbox fault. */
describe('the built Zapier app, the rest of issue 38', () => {
  const control = () => new SandboxControl(sandbox.url);

  it('case 1: a poll whose second page drips ends inside the step limit, and the next poll loses nothing', async () => {
    const key = KEYS[keys++]!;
    const zap = 'reliability-drip-poll';
    const input = { userName: 'followers_1k', max_pages: '2' };
    const baseline = await runStep('triggers', 'newFollower', authFor(key), input, zap);
    expect(baseline.error).toBeUndefined();
    const joined = control().strangers(300);
    await control().join('followers', { owner: 'followers_1k' }, joined);
    sandbox.faults.add({ fault: 'drip-body', key, after: 1, times: 1, delayMs: 1_000 });
    const started = performance.now();
    const cut = await runStep('triggers', 'newFollower', authFor(key), input, zap);
    const took = performance.now() - started;
    figures["Zapier, drip-body on a poll's page 2: poll ended (ms)"] = Math.round(took);
    expect(took).toBeLessThan(ZAPIER_STEP_MS - 1_000);
    const next = await runStep('triggers', 'newFollower', authFor(key), input, zap);
    expect(next.error).toBeUndefined();
    const ids = (run: typeof cut) =>
      ((run.result as Array<{ id?: string }> | undefined) ?? []).flatMap((item) =>
        item.id ? [item.id] : [],
      );
    const emitted = [...ids(cut), ...ids(next)];
    figures["Zapier, drip-body on a poll's page 2: new followers emitted / joined"] = emitted.length;
    expect(emitted.slice().sort()).toEqual(joined.slice().sort());
    await closedAfterwards(key);
  }, 90_000);

  it('case 5: a search by 350 ids gives the 350 asked, in their order, whatever else the API sends', async () => {
    const key = KEYS[keys++]!;
    const asked = tweetIds(sandbox, 350);
    sandbox.faults.add({ fault: 'extra-record', key, endpoint: 'lookupTweets' });
    const run = await runStep('searches', 'lookupTweets', authFor(key), { tweet_ids: asked.join(',') });
    expect(run.error).toBeUndefined();
    const got = (run.result as Array<{ id: string }>).map((tweet) => tweet.id);
    figures['Zapier, 350 ids asked: records returned'] = got.length;
    expect(got).toEqual(asked);
  });

  it('case 7: a key with a DEL is refused before any request, naming the connection field', async () => {
    const before = sandbox.stats.requests;
    const run = await runStep('searches', 'getUser', authFor('tda_key\u007fwith_del'), {
      userName: 'social_data',
    });
    expect(String(run.error)).toMatch(/API key/i);
    expect(sandbox.stats.requests).toBe(before);
  });

  it.each([
    ['searches', 'getUser', { userName: 'social_data' }, 'getUser'],
    ['creates', 'getUserFollowers', { userName: 'followers_1k', maxItems: '10' }, 'getUserFollowers'],
  ] as const)(
    'case 8: %s.%s gets a record with a field 5,000 levels deep to the Zap',
    async (kind, step, input, endpoint) => {
      const key = KEYS[keys++]!;
      sandbox.faults.add({ fault: 'deep-nesting', key, endpoint });
      const run = await runStep(kind, step, authFor(key), input);
      expect(String(run.error ?? '')).not.toMatch(/Maximum call stack/);
      expect(run.error).toBeUndefined();
    },
  );

  it.each([418, 451, 304] as const)('case 9: %i is not a temporary problem to run again', async (status) => {
    const key = KEYS[keys++]!;
    sandbox.faults.add({ fault: 'odd-status', key, status, endpoint: 'getUser' });
    const run = await runStep('searches', 'getUser', authFor(key), { userName: 'social_data' });
    expect(String(run.error)).toContain(String(status));
    expect(String(run.error)).not.toMatch(/temporary|in a moment/i);
  });
});

/** Issue 38's other cases through core on Node's fetch, each against a sandbox fault. */
describe('core, the rest of issue 38', () => {
  const requests = (endpoint: string) => sandbox.stats.byEndpoint[endpoint] ?? 0;

  it('case 3: a read over fresh cursors that loop past 100,000 ids ends, with what it read and why', async () => {
    const key = KEYS[keys++]!;
    sandbox.faults.add({ fault: 'long-loop', key, endpoint: 'getUserFollowers', every: 101_000 });
    const run = coreClient(key).paginate('getUserFollowers', { userName: 'followers_150k' });
    const read = (await run.toArray()).map((user) => user.id);
    figures['core, a loop of 101,000 ids: records'] = read.length;
    expect(run.stopReason).toBe('emptyPages');
    expect(new Set(read).size).toBe(101_000);
    expect(read.length - 101_000).toBeLessThanOrEqual(600);
    // A hang guard, not a speed check: about 510 pages from the sandbox in this jest worker took
    // past the file's 60 s in CI run 29 (two busy loops beside the other suites).
  }, 600_000);

  it('case 4: a cancel during a 60 s Retry-After ends the call at once and sends nothing more', async () => {
    const key = KEYS[keys++]!;
    sandbox.faults.add({ fault: 'rate-limit', key, endpoint: 'getUser', retryAfter: 60 });
    const controller = new AbortController();
    const client = createClient({ baseUrl: sandbox.url, apiKey: key, signal: controller.signal });
    const before = requests('getUser');
    const call = client.call('getUser', { userName: 'social_data' }).catch((error: unknown) => error);
    await until('the 429', () => requests('getUser') > before, 10_000);
    const cancelled = performance.now();
    controller.abort();
    expect(await call).toBeInstanceOf(CancelledError);
    figures['core, cancel in a 60 s retry wait: ended after (ms)'] = Math.round(
      performance.now() - cancelled,
    );
    const sent = requests('getUser');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(requests('getUser')).toBe(sent);
  });

  it('case 5: 350 ids give the 350 asked, in their order, whatever else the API sends', async () => {
    const key = KEYS[keys++]!;
    const client = coreClient(key);
    const asked = tweetIds(sandbox, 350);
    sandbox.faults.add({ fault: 'extra-record', key, endpoint: 'lookupTweets' });
    const got = (await client.call('lookupTweets', { tweet_ids: asked })).map((tweet) => tweet.id);
    expect(got).toEqual(asked);
  });

  it('case 7: a key with a DEL or Cyrillic is refused when the client is made', () => {
    for (const bad of ['tda_key\u007fwith_del', 'tda_кириллица'])
      expect(() => createClient({ baseUrl: sandbox.url, apiKey: bad })).toThrow(ValidationError);
  });

  it('case 8: a field nested 5,000 levels deep comes back, the deep part left out', async () => {
    const key = KEYS[keys++]!;
    sandbox.faults.add({ fault: 'deep-nesting', key, endpoint: 'getUser' });
    const user = await coreClient(key).call('getUser', { userName: 'social_data' });
    expect(JSON.stringify(user)).toContain('social_data');
  });

  it.each([418, 451, 304] as const)('case 9: %i is an ApiError that is not retried', async (status) => {
    const key = KEYS[keys++]!;
    sandbox.faults.add({ fault: 'odd-status', key, status, endpoint: 'getUser' });
    const before = requests('getUser');
    const error = await createClient({ baseUrl: sandbox.url, apiKey: key })
      .call('getUser', { userName: 'social_data' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(`${(error as ApiError).message} ${(error as ApiError).hint}`).not.toMatch(
      /temporary|in a moment/i,
    );
    expect(requests('getUser') - before).toBe(1);
  });
});
