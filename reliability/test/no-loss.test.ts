import nock from 'nock';
import { accountId, startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { sandboxClient } from './support/client';
import { SLOW_MS, TRANSIENT_FAULTS } from './support/faults';
import { recordFigures } from './support/figures';
import { SecretScan, apiKey, textsOf } from './support/secrets';

/**
 * Return All over 10,000 followers, and a lookup of 10,000 ids, while one request in ten fails
 * with a fault a retry cures: every user comes back exactly once.
 */

const KEY = apiKey(1);
const FOLLOWERS = 10_000;
/** Accounts far from any seeded group, made to follow `no_followers`. */
const FIRST_FOLLOWER = 1_000_000;
const FAULT_SHARE = 0.1;
// Over hundreds of requests, three faults in a row on one of them is likely at this rate; five
// retries make a run of six (one in a million per request) what it takes to fail.
const MAX_RETRIES = 5;

let sandbox: Sandbox;
const scan = new SecretScan();
const tally = { items: 0 };
const followerIds = Array.from({ length: FOLLOWERS }, (_, i) => accountId(FIRST_FOLLOWER + i));

beforeAll(async () => {
  nock.enableNetConnect('127.0.0.1');
  sandbox = await startSandbox({ keys: [KEY], control: true });
  const owner = sandbox.world.accountByName('no_followers')!;
  for (let i = 0; i < FOLLOWERS; i += 1) sandbox.world.join('followers', owner, FIRST_FOLLOWER + i);
  sandbox.faults.addShare(TRANSIENT_FAULTS, FAULT_SHARE, { key: KEY, retryAfter: 1, delayMs: SLOW_MS });
});

afterAll(async () => {
  recordFigures(__filename, {
    'requests made': sandbox.stats.requests,
    'items checked': tally.items,
    'no-loss runs: share of requests faulted (%)': Number(
      ((100 * sandbox.faults.injected) / sandbox.stats.requests).toFixed(1),
    ),
    'texts scanned for secrets': scan.texts,
    'secrets found': scan.found,
  });
  await sandbox.close();
});

const client = (logs: string[]) => sandboxClient(sandbox.url, KEY, MAX_RETRIES, { logs, sleeps: [] });

/** Runs `work` and returns how many of its requests the sandbox failed on purpose. */
async function faultsDuring(work: () => Promise<void>): Promise<number> {
  const before = sandbox.faults.injected;
  await work();
  return sandbox.faults.injected - before;
}

it('Return All over 10,000 followers returns each exactly once, newest first', async () => {
  const logs: string[] = [];
  const ids: string[] = [];
  const paginator = client(logs).paginate(
    'getUserFollowers',
    { userName: 'no_followers' },
    { pageSize: 100 },
  );
  const faulted = await faultsDuring(async () => {
    for await (const user of paginator) ids.push(user.id);
  });
  scan.check(logs.map((text, line) => ({ where: `Return All: log line ${line + 1}`, text })));
  tally.items += ids.length;
  expect(faulted).toBeGreaterThan(0);
  expect(paginator.stopReason).toBe('end');
  expect(ids).toEqual([...followerIds].reverse());
});

it('a lookup of 10,000 user ids returns each exactly once, in the order asked', async () => {
  const logs: string[] = [];
  let users: Array<{ id: string }> = [];
  const faulted = await faultsDuring(async () => {
    users = await client(logs).call('getUsersByIds', { userIds: followerIds });
  });
  scan.check([
    ...textsOf(users, 'lookup of 10,000 ids: the result'),
    ...logs.map((text, line) => ({ where: `lookup of 10,000 ids: log line ${line + 1}`, text })),
  ]);
  tally.items += users.length;
  expect(faulted).toBeGreaterThan(0);
  expect(users.map((user) => user.id)).toEqual(followerIds);
});
