import { createClient } from '@social-data/core/node';
import { tweetIds } from '@social-data/sandbox';
import type { Sandbox, SandboxControl } from '@social-data/sandbox';
import { CaseFigures, until } from '@social-data/test-support';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SocialDataTrigger } from '../../nodes/SocialDataTrigger/SocialDataTrigger.node';
import { API_KEY } from '../support/api';
import { pollContext, sandboxForPolls } from '../support/poll-context';
import { runNode } from '../support/workflow';

/**
 * Issue 38's cases on the n8n node and trigger, each against a sandbox fault, run by n8n-core's
 * own execution engine (actions) and the trigger's poll (with n8n 2.41's poll budget): when each
 * step ended, what it kept, what the API was sent.
 */
jest.setTimeout(120_000);

let sandbox: Sandbox;
let control: SandboxControl;
let credentials: Awaited<ReturnType<typeof sandboxForPolls>>['credentials'];
const figures = new CaseFigures('the n8n node');
const byName = (value: string) => ({ __rl: true, mode: 'username', value });
const requests = (endpoint: string) => sandbox.stats.byEndpoint[endpoint] ?? 0;
const ids = (items: INodeExecutionData[]) => items.map((item) => String(item.json.id));

beforeAll(async () => {
  ({ sandbox, control, credentials } = await sandboxForPolls());
});
afterAll(async () => {
  figures.write();
  await sandbox?.close();
});
afterEach(() => sandbox.faults.clear());

/** A poll's time as n8n 2.41 gives it (about 40 s there); the trigger's requests get at least 10 s. */
const BUDGET_MS = 12_000;

describe('case 1: a page that never finishes', () => {
  it('in a poll: ends with the poll budget, and the next poll emits every new follower once', async () => {
    const trigger = new SocialDataTrigger();
    const staticData: IDataObject = {};
    const parameters = { event: 'newFollower', userName: byName('followers_1k'), options: {} };
    const poll = () =>
      trigger.poll.call(
        pollContext(parameters, credentials, { staticData, pollBudgetMs: BUDGET_MS }).context,
      );
    expect(await poll()).toBeNull();
    const joined = control.strangers(300);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    sandbox.faults.add({
      fault: 'drip-body',
      after: 1,
      times: 1,
      endpoint: 'getUserFollowers',
      delayMs: 1_000,
    });
    const started = Date.now();
    const cut = await poll().catch((error: unknown) => error);
    const took = Date.now() - started;
    figures.set("case 1, drip-body on a poll's page 2 (12 s budget): poll ended (ms)", took);
    // The budget and core's 1 s grace (both timers), with wide room for a busy machine: a hang
    // guard that three 30 s attempts (over 90 s) would fail, not a speed check.
    expect(took).toBeLessThan(BUDGET_MS + 30_000);
    const emitted = [cut instanceof Error ? [] : ((cut as INodeExecutionData[][] | null)?.[0] ?? [])].flat();
    const next = await poll();
    const all = [...ids(emitted), ...ids(next?.[0] ?? [])];
    figures.set(
      'case 1, after the cut poll: new followers emitted / joined',
      `${all.length} / ${joined.length}`,
    );
    expect(all.slice().sort()).toEqual(joined.slice().sort());
  });

  it('in Return All: the dripping page ends by the timeout, its retry reads it, and no follower is lost', async () => {
    sandbox.faults.add({
      fault: 'drip-body',
      after: 1,
      times: 1,
      endpoint: 'getUserFollowers',
      delayMs: 1_000,
    });
    const started = Date.now();
    const { items, error } = await runNode(
      { resource: 'user', operation: 'getUserFollowers', userName: byName('followers_1k'), returnAll: true },
      { credentials },
    );
    const took = Date.now() - started;
    figures.set("case 1, drip-body on Return All's page 2: ended (ms), the 30 s timeout and a retry", took);
    const profile = await createClient({ baseUrl: sandbox.url, apiKey: API_KEY }).call('getUser', {
      userName: 'followers_1k',
    });
    expect(error).toBeUndefined();
    expect(new Set(ids(items)).size).toBe(profile.followers);
    expect(items).toHaveLength(profile.followers);
    expect(took).toBeLessThan(60_000);
  });
});

it('case 3: Return All over fresh cursors that loop past 100,000 ids ends with what it read', async () => {
  sandbox.faults.add({ fault: 'long-loop', endpoint: 'getUserFollowers', every: 101_000 });
  const before = requests('getUserFollowers');
  const { items, error } = await runNode(
    // 150,000 followers: under the 250,000 Return All keeps, over the 100,000 ids a read remembers.
    { resource: 'user', operation: 'getUserFollowers', userName: byName('followers_150k'), returnAll: true },
    { credentials },
  );
  const read = ids(items);
  figures.set('case 3, a loop of 101,000 ids: items', read.length);
  figures.set('case 3, a loop of 101,000 ids: requests', requests('getUserFollowers') - before);
  expect(error).toBeUndefined();
  expect(new Set(read).size).toBe(101_000);
  expect(read.length - 101_000).toBeLessThanOrEqual(600);
}, 300_000);

it("case 4: n8n's Stop button during a retry wait ends the run, and no request follows", async () => {
  sandbox.faults.add({
    fault: 'rate-limit',
    after: 1,
    times: 1,
    endpoint: 'getUserFollowers',
    retryAfter: 60,
  });
  const before = requests('getUserFollowers');
  let stoppedAt = 0;
  const stop = until('the 429 on page 2', () => requests('getUserFollowers') - before >= 2, 30_000).then(
    () => {
      stoppedAt = Date.now();
    },
  );
  const { error } = await runNode(
    { resource: 'user', operation: 'getUserFollowers', userName: byName('followers_1k'), returnAll: true },
    { credentials, stopWhen: stop },
  );
  const ended = Date.now() - stoppedAt;
  const sent = requests('getUserFollowers') - before;
  figures.set('case 4, Stop in a 60 s retry wait: the run ended after (ms)', ended);
  expect(ended).toBeLessThan(10_000);
  expect(String(error?.message ?? error)).toMatch(/cancel/i);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  figures.set('case 4, requests after the Stop', requests('getUserFollowers') - before - sent);
  expect(requests('getUserFollowers') - before).toBe(sent);
});

it('case 5: 350 ids give the 350 tweets asked, in their order, whatever else the API sends', async () => {
  const asked = tweetIds(sandbox, 350);
  sandbox.faults.add({ fault: 'extra-record', endpoint: 'lookupTweets' });
  const { items, error } = await runNode(
    { resource: 'tweet', operation: 'lookupTweets', tweet_ids: asked.join(',') },
    { credentials },
  );
  figures.set('case 5, 350 ids asked: items', items.length);
  expect(error).toBeUndefined();
  expect(ids(items)).toEqual(asked);
});

it('case 7: a credential key with a DEL is refused before any request, naming the field', async () => {
  const before = sandbox.stats.requests;
  const { error } = await runNode(
    { resource: 'user', operation: 'getUser', userName: byName('social_data') },
    { credentials: { socialDataApi: { ...credentials.socialDataApi, apiKey: 'tda_key\u007fwith_del' } } },
  );
  expect(JSON.stringify(error)).toMatch(/API Key/i);
  expect(JSON.stringify(error)).not.toContain('\u007f');
  expect(sandbox.stats.requests).toBe(before);
});

it('case 8: a record with a field nested 5,000 levels deep comes out as an item', async () => {
  sandbox.faults.add({ fault: 'deep-nesting', endpoint: 'getUser' });
  const { items, error } = await runNode(
    { resource: 'user', operation: 'getUser', userName: byName('social_data') },
    { credentials },
  );
  expect(error).toBeUndefined();
  expect(items[0]?.json).toMatchObject({ userName: 'social_data' });
});

describe('case 9: statuses that say what they are', () => {
  it.each([418, 451, 304] as const)('%i is not a temporary problem to run again', async (status) => {
    sandbox.faults.add({ fault: 'odd-status', status, endpoint: 'getUser' });
    const before = requests('getUser');
    const { error } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('social_data') },
      { credentials },
    );
    const said = JSON.stringify(error);
    expect(said).toContain(String(status));
    expect(said).not.toMatch(/temporary|in a moment/i);
    expect(requests('getUser') - before).toBe(1);
  });
});
