import { readFileSync } from 'node:fs';
import { CaseFigures, until } from '@social-data/test-support';
import { tweetIds } from '@social-data/sandbox';
import { Bench, finished } from './support/cli';

/**
 * Issue 38's cases on the command line, each against a sandbox fault, with the figure a user
 * would notice: when the command ended, what it kept, how many requests it sent.
 */
const bench = new Bench();
const figures = new CaseFigures('the CLI');
beforeAll(() => bench.start());
afterAll(async () => {
  figures.write();
  await bench.close();
});
afterEach(() => bench.sandbox.faults.clear());

const requests = (endpoint: string) => bench.sandbox.stats.byEndpoint[endpoint] ?? 0;

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('case 1: an answer that never finishes', () => {
  it.each(['drip-body', 'stall-body', 'cut-body'] as const)(
    '%s on the second page of an export ends it by --timeout, the first page kept in the checkpoint',
    async (fault) => {
      bench.sandbox.faults.add({
        fault,
        laterPages: true,
        times: 1,
        endpoint: 'getUserFollowers',
        delayMs: 1000,
      });
      const checkpoint = bench.path(`${fault}.ckpt`);
      const started = Date.now();
      const result = await bench.run([
        'user',
        'followers',
        '@followers_1k',
        '--all',
        '-o',
        bench.path(`${fault}.jsonl`),
        '--checkpoint',
        checkpoint,
        // Room for a cold process's first page on a busy machine: with no retry, a first page
        // slower than this would fail the export before its fault.
        '--timeout',
        '5',
        '--retries',
        '0',
      ]);
      const ms = Date.now() - started;
      figures.set(`case 1, ${fault} on page 2: export ended (ms)`, ms);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('is saved: run the same command to continue');
      // The 5 s limit and 1 s grace; far from a hang (the default limit is 30 s).
      expect(ms).toBeLessThan(25_000);
      expect(JSON.parse(readFileSync(checkpoint, 'utf8'))).toMatchObject({ records: 200, pages: 1 });
      expect(lines(readFileSync(bench.path(`${fault}.jsonl.partial`), 'utf8'))).toHaveLength(200);
    },
  );
});

it('case 3: Return All over fresh cursors that loop past 100,000 ids ends with what it read and says why', async () => {
  bench.sandbox.faults.add({ fault: 'long-loop', endpoint: 'getUserFollowers', every: 101_000 });
  const before = requests('getUserFollowers');
  const result = await bench.run(['user', 'followers', '@followers_1m', '--all', '--format', 'ids']);
  const ids = lines(result.stdout);
  figures.set('case 3, a loop of 101,000 ids: records written', ids.length);
  figures.set('case 3, a loop of 101,000 ids: requests', requests('getUserFollowers') - before);
  const repeated = ids.length - new Set(ids).size;
  figures.set('case 3, a loop of 101,000 ids: records written twice', repeated);
  // The API ended the read, not the command: done, but not sure it is complete (exit 3, C11).
  expect(result.code).toBe(3);
  expect(result.stderr).toMatch(/warning: the API sent pages with no new records while it claimed more/);
  expect(new Set(ids).size).toBe(101_000);
  // Past the 100,000 ids a read remembers, a repeat is only probable: its record is handed out,
  // and three such pages end the read (core's RecentIds), so at most 600 come twice.
  expect(repeated).toBeLessThanOrEqual(600);
  expect(requests('getUserFollowers') - before).toBeLessThan(1_000);
});

it('case 4: Ctrl-C while a retry waits out a Retry-After ends the command, and no request follows', async () => {
  bench.sandbox.faults.add({
    fault: 'rate-limit',
    after: 1,
    times: 1,
    endpoint: 'getUserFollowers',
    retryAfter: 30,
  });
  const before = requests('getUserFollowers');
  const child = bench.spawn(['user', 'followers', '@followers_1k', '--all', '--format', 'ids']);
  const done = finished(child);
  await until('the 429 on the second page', () => requests('getUserFollowers') - before >= 2, 30_000);
  const signalled = Date.now();
  child.kill('SIGINT');
  const result = await done;
  const sentBefore = requests('getUserFollowers') - before;
  figures.set('case 4, Ctrl-C in a 30 s retry wait: exited after (ms)', Date.now() - signalled);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  figures.set('case 4, requests after the command ended', requests('getUserFollowers') - before - sentBefore);
  expect(result.code).toBe(130);
  expect(Date.now() - signalled).toBeLessThan(10_000);
  expect(requests('getUserFollowers') - before).toBe(sentBefore);
});

it('says on stderr why a command waits out a Retry-After, unless asked for quiet', async () => {
  for (const quiet of [false, true]) {
    bench.sandbox.faults.add({ fault: 'rate-limit', times: 1, endpoint: 'getUser', retryAfter: 1 });
    const result = await bench.run(['user', 'get', '@followers_1k', ...(quiet ? ['--quiet'] : [])]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(quiet ? '' : 'social-data: rate limited; waiting 1 s before attempt 2 of 3\n');
  }
});

it('case 5: 350 ids give the 350 tweets asked, in their order, whatever else the API sends', async () => {
  const asked = tweetIds(bench.sandbox, 350);
  bench.sandbox.faults.add({ fault: 'extra-record', endpoint: 'lookupTweets' });
  const result = await bench.run(['tweets', 'get', '-', '--format', 'ids'], { input: asked.join('\n') });
  figures.set('case 5, 350 ids asked: records written', lines(result.stdout).length);
  expect(result.code).toBe(0);
  expect(lines(result.stdout)).toEqual(asked);
});

describe('case 7: a secret that cannot go into a header is refused before any request', () => {
  it.each([
    ['SOCIAL_DATA_API_KEY', 'tda_key\u007fwith_del', ['user', 'get', '@social_data']],
    ['SOCIAL_DATA_API_KEY', 'tda_кириллица', ['user', 'get', '@social_data']],
    ['SOCIAL_DATA_COOKIE', 'auth_token=a\r\nX-Evil: 1; ct0=b', ['bookmarks', 'get']],
  ] as const)('%s with %j', async (variable, value, args) => {
    const before = bench.sandbox.stats.requests;
    const result = await bench.run([...args], {
      env: { [variable]: value, SOCIAL_DATA_PROXY: 'http://user:pass@127.0.0.1:8080' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(variable === 'SOCIAL_DATA_COOKIE' ? /cookie/i : /key/i);
    expect(result.stderr).not.toContain(value);
    expect(bench.sandbox.stats.requests).toBe(before);
  });
});

it('case 8: a record with a field nested 5,000 levels deep is written, the deep part left out', async () => {
  bench.sandbox.faults.add({ fault: 'deep-nesting', endpoint: 'getUser' });
  const result = await bench.run(['user', 'get', '@social_data']);
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ userName: 'social_data' });
  expect(result.stderr).not.toMatch(/Maximum call stack/);
});

describe('case 9: statuses that say what they are', () => {
  it.each([
    [418, /418/],
    [451, /451/],
    [304, /304/],
  ] as const)('%i is no "temporary problem, run again"', async (status, named) => {
    bench.sandbox.faults.add({ fault: 'odd-status', status, endpoint: 'getUser' });
    const result = await bench.run(['user', 'get', '@social_data', '--retries', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(named);
    expect(result.stderr).not.toMatch(/temporary|run again in a moment/i);
  });
});
