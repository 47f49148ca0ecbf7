import { agentToolName } from '@social-data/core/agent';
import type { EndpointId } from '@social-data/core';
import { startSandbox, tweetIds } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';
import { CaseFigures, until } from '@social-data/test-support';

import { API_KEY, secretsIn, settingsFor } from './support/secrets';
import { CALL_TIME_MS } from '../src/server';
import { callTool, connect } from './support/servers';
import type { Connected } from './support/servers';

/**
 * Issue 38's cases on the MCP server, each against a sandbox fault, through the SDK's own client
 * over stdio: what the model gets, when, and what the API was sent.
 */
jest.setTimeout(120_000);

let sandbox: Sandbox;
let server: Connected;
const figures = new CaseFigures('the MCP server');
const seenTexts: string[] = [];
const tool = (id: EndpointId) => agentToolName(id);
const requests = (endpoint: string) => sandbox.stats.byEndpoint[endpoint] ?? 0;

beforeAll(async () => {
  sandbox = await startSandbox({ keys: [API_KEY] });
  server = await connect('stdio', settingsFor(sandbox.url), ['--timeout', '1']);
});
afterAll(async () => {
  await server?.close();
  if (server) seenTexts.push(server.stderr());
  figures.write();
  await sandbox?.close();
});
afterEach(() => sandbox.faults.clear());

async function call(id: EndpointId, args: Record<string, unknown>) {
  const seen = await callTool(server.client, tool(id), args);
  seenTexts.push(seen.text);
  return seen;
}

describe('case 1: a page that never finishes', () => {
  it.each(['drip-body', 'stall-body', 'cut-body'] as const)(
    '%s on the second page: the first page comes back with a cursor to try again from, within --timeout',
    async (fault) => {
      // Later pages only: a first page retried after a slow first attempt is never hit.
      sandbox.faults.add({ fault, laterPages: true, endpoint: 'getUserTweets', delayMs: 1000 });
      const started = Date.now();
      const seen = await call('getUserTweets', { user_name: 'social_data', limit: 40 });
      figures.set(`case 1, ${fault} on page 2: call ended (ms)`, Date.now() - started);
      expect(seen.isError).toBe(false);
      expect((seen.body.records as unknown[]).length).toBe(20);
      expect(seen.body.summary).toMatch(/Reading on failed/);
      expect(seen.body.next_cursor).toEqual(expect.any(String));
      // Three attempts of 1 s, the grace and the backoff between: not the 30 s default.
      expect(Date.now() - started).toBeLessThan(20_000);
    },
  );
});

it('case 4: a call the client cancels while a retry waits out a Retry-After sends nothing more', async () => {
  // A server of its own: the API's 429 holds every later call of a server for its Retry-After.
  const own = await connect('stdio', settingsFor(sandbox.url));
  try {
    // A wait that fits in the call's time (CALL_TIME_MS): a longer one is not waited at all.
    sandbox.faults.add({ fault: 'rate-limit', endpoint: 'getTopic', retryAfter: 30 });
    const before = requests('getTopic');
    const controller = new AbortController();
    const pending = own.client.callTool(
      tool('getTopic'),
      { topic_id: '1700000000000000000' },
      { signal: controller.signal, timeout: 120_000 },
    );
    await until('the 429', () => requests('getTopic') > before, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const cancelled = Date.now();
    controller.abort();
    await expect(pending).rejects.toThrow();
    const sent = requests('getTopic') - before;
    await until(
      'the server to log the cancelled call',
      () => own.stderr().includes('get_topic: error (CancelledError)'),
      30_000,
      own.stderr,
    );
    figures.set(
      'case 4, cancel in a 30 s retry wait: the server ended the call after (ms)',
      Date.now() - cancelled,
    );
    expect(Date.now() - cancelled).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    figures.set('case 4, requests after the cancel', requests('getTopic') - before - sent);
    expect(requests('getTopic') - before).toBe(sent);
  } finally {
    await own.close();
    seenTexts.push(own.stderr());
  }
});

it('a Retry-After longer than a call may take comes back at once, with how long to wait (decision M11)', async () => {
  // A server of its own: a 429 waited out holds every later call of a server.
  const own = await connect('stdio', settingsFor(sandbox.url));
  try {
    const retryAfter = Math.ceil(CALL_TIME_MS / 1000) + 15;
    sandbox.faults.add({ fault: 'rate-limit', endpoint: 'getTopic', retryAfter });
    const before = requests('getTopic');
    const started = Date.now();
    // Given 120 s here; under the SDKs' default of 60 s the wait used to outlast the client.
    const seen = await callTool(own.client, tool('getTopic'), { topic_id: '1700000000000000000' });
    figures.set(`a ${retryAfter} s Retry-After: the call ended after (ms)`, Date.now() - started);
    expect(seen.isError).toBe(true);
    expect(seen.body.error).toMatchObject({ type: 'RateLimitError', retry_after_seconds: retryAfter });
    expect(requests('getTopic') - before).toBe(1);
    // Not a speed check: it did not wait the Retry-After out.
    expect(Date.now() - started).toBeLessThan(retryAfter * 1000);
  } finally {
    await own.close();
    seenTexts.push(own.stderr());
  }
});

it('case 5: 350 ids give the 350 tweets asked, in their order, over the cursors, whatever else the API sends', async () => {
  const asked = tweetIds(sandbox, 350);
  sandbox.faults.add({ fault: 'extra-record', endpoint: 'lookupTweets' });
  const got: string[] = [];
  let cursor: unknown;
  let calls = 0;
  do {
    const seen = await call('lookupTweets', { tweet_ids: asked, ...(cursor ? { cursor } : {}) });
    expect(seen.isError).toBe(false);
    got.push(...(seen.body.records as Array<{ id: string }>).map((each) => each.id));
    cursor = seen.body.next_cursor;
    calls += 1;
  } while (cursor && calls < 50);
  figures.set('case 5, 350 ids asked: records returned', got.length);
  figures.set('case 5, 350 ids asked: calls (the output budget cuts them)', calls);
  expect(got).toEqual(asked);
});

it('case 8: a record with a field nested 5,000 levels deep comes back', async () => {
  sandbox.faults.add({ fault: 'deep-nesting', endpoint: 'getUser' });
  const seen = await call('getUser', { user_name: 'social_data' });
  expect(seen.isError).toBe(false);
  expect(seen.body.record).toMatchObject({ userName: 'social_data' });
});

describe('case 9: statuses that say what they are', () => {
  it.each([418, 451, 304] as const)('%i is not a temporary problem to retry', async (status) => {
    sandbox.faults.add({ fault: 'odd-status', status, endpoint: 'getUser' });
    const before = requests('getUser');
    const seen = await call('getUser', { user_name: 'social_data' });
    expect(seen.isError).toBe(true);
    expect(JSON.stringify(seen.body.error)).toContain(String(status));
    expect(JSON.stringify(seen.body.error)).not.toMatch(/temporary|in a moment/i);
    expect(requests('getUser') - before).toBe(1);
  });
});

describe('case 7: a key that cannot go into a header', () => {
  it.each([
    ['a DEL', 'tda_key\u007fwith_del'],
    ['Cyrillic', 'tda_кириллица'],
  ])('with %s is refused before any request, naming the setting to fix', async (_case, key) => {
    const bad = await connect('stdio', { ...settingsFor(sandbox.url), SOCIAL_DATA_API_KEY: key });
    try {
      const before = sandbox.stats.requests;
      const seen = await callTool(bad.client, tool('getUser'), { user_name: 'social_data' });
      seenTexts.push(seen.text, bad.stderr());
      expect(seen.isError).toBe(true);
      expect(seen.body.error).toMatchObject({ settings: expect.stringContaining('SOCIAL_DATA_API_KEY') });
      expect(seen.text).not.toContain(key);
      expect(sandbox.stats.requests).toBe(before);
    } finally {
      await bad.close();
    }
  });
});

it('leaves no secret in what the model or the log saw', () => {
  expect(secretsIn(seenTexts)).toEqual([]);
});
