import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { lock } from 'proper-lockfile';
import { until } from '@social-data/test-support';
import { BIN, Bench, COOKIE, PROXY, finished } from './support/cli';

const bench = new Bench();
beforeAll(() => bench.start());
afterAll(() => bench.close());

async function watchIds(args: string[]): Promise<string[]> {
  const result = await bench.run(['watch', ...args, '--format', 'ids']);
  // Only the first run of a watch says something: that it saved where the feed stands.
  expect(result.stderr).toMatch(/^(social-data: watching [a-z-]+ from now on: the state is saved in .*\n)?$/);
  expect(result.code).toBe(0);
  return result.stdout.split('\n').filter(Boolean);
}

describe('watch', () => {
  it('prints each new item once when two runs on one state start together: one polls, the other waits its turn or is refused', async () => {
    const state = bench.path('together.state.json');
    const args = ['new-follower', '@followers_201', '--state', state];
    expect(await watchIds(args)).toEqual([]);
    const joined = bench.control.strangers(5);
    await bench.control.join('followers', { owner: 'followers_201' }, joined);
    const runs = await Promise.all([1, 2].map(() => bench.run(['watch', ...args, '--format', 'ids'])));
    const printed = runs.flatMap((run) => run.stdout.split('\n').filter(Boolean));
    expect(printed.sort()).toEqual([...joined].sort());
    for (const run of runs)
      if (run.code !== 0) {
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(/Another watch is running on the state file/);
      }
  });

  it('refuses a run on a state another run holds, before any request, and takes over a lock left by a killed run', async () => {
    const state = bench.path('held.state.json');
    const args = ['watch', 'new-follower', '@followers_199', '--state', state];
    expect((await bench.run(args)).code).toBe(0);
    const release = await lock(state, { realpath: false });
    const requests = bench.sandbox.stats.requests;
    const refused = await bench.run(args);
    await release();
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      `social-data: Another watch is running on the state file ${state}.\nhint: Let it end first (a lock left by a run that was killed is taken over after 60 s), or give this watch a --state file of its own.\n`,
    );
    expect(bench.sandbox.stats.requests).toBe(requests);
    expect((await bench.run(args)).code).toBe(0);
    // A run killed with its lock in place: the lock is two minutes old, so the next run takes it.
    mkdirSync(`${state}.lock`);
    const old = Date.now() / 1000 - 120;
    utimesSync(`${state}.lock`, old, old);
    expect((await bench.run(args)).code).toBe(0);
    expect(existsSync(`${state}.lock`)).toBe(false);
  });

  it('new followers across three runs with changes between them: nothing on the first, then each new one once, oldest first', async () => {
    const state = bench.path('followers.state.json');
    const args = ['new-follower', '@social_data', '--state', state];
    expect(await watchIds(args)).toEqual([]);
    expect(existsSync(state)).toBe(true);

    const first = bench.control.strangers(3);
    await bench.control.join('followers', { owner: 'social_data' }, first);
    expect(await watchIds(args)).toEqual(first);

    const second = bench.control.strangers(2);
    await bench.control.join('followers', { owner: 'social_data' }, second);
    expect(await watchIds(args)).toEqual(second);
    expect(await watchIds(args)).toEqual([]);
  });

  it('appends CSV rows under the header the file has, whatever this run makes of a record (--simplify)', async () => {
    const state = bench.path('csv-followers.state.json');
    const output = bench.path('csv-followers.csv');
    const args = ['watch', 'new-follower', '@followers_199', '--state', state, '-f', 'csv', '-o', output];
    expect((await bench.run(args)).code).toBe(0);
    await bench.control.join('followers', { owner: 'followers_199' }, bench.control.strangers(1));
    expect((await bench.run(args)).code).toBe(0);
    const header = readFileSync(output, 'utf8').split('\n', 1)[0]!;
    await bench.control.join('followers', { owner: 'followers_199' }, bench.control.strangers(2));
    const simplified = await bench.run([...args, '--simplify']);
    expect(simplified.code).toBe(0);
    // One header, every row as wide as it (csv-parse refuses a row of another width).
    const text = readFileSync(output, 'utf8');
    expect(text.split('\n').filter((line) => line === header)).toHaveLength(1);
    const rows = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => /^\d+$/.test(row.id!))).toBe(true);
    expect(simplified.stderr).toMatch(
      /warning: CSV: a record has the field "[a-z_]+", which the first record did not have/,
    );
  });

  it.each([
    ['CSV rows', 'csv', '{"id":"1"}\n', 'CSV header'],
    ['CSV rows', 'csv', '1600000000000000001\n', 'CSV header'],
    ['JSON lines', 'jsonl', 'id,userName\n1,a\n', 'jsonl lines'],
    ['ids', 'ids', 'id,userName\n1,a\n', 'ids lines'],
  ])(
    'refuses to add %s to a file that holds another format (%j), before any request',
    async (_, format, held, kind) => {
      const output = bench.path(`another-format-${format}.out`);
      writeFileSync(output, held);
      const requests = bench.sandbox.stats.requests;
      const state = bench.path(`another-format-${format}.state.json`);
      const args = ['watch', 'new-follower', '@followers_199', '--state', state, '-f', format, '-o', output];
      const refused = await bench.run(args);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toMatch(
        new RegExp(
          `^social-data: --output \\S+ holds no ${kind}, so this run's ${format} cannot be added to it\\.`,
        ),
      );
      expect(bench.sandbox.stats.requests).toBe(requests);
      expect(readFileSync(output, 'utf8')).toBe(held);
    },
  );

  it('unfollowed-by prints the profile of an account that stopped following, once', async () => {
    const followers = bench.control.strangers(3);
    await bench.control.join('followers', { owner: 'social_data' }, followers);
    const state = bench.path('unfollows.state.json');
    const args = ['watch', 'unfollowed-by', '@social_data', '--state', state];
    expect((await bench.run(args)).stdout).toBe('');
    await bench.control.leave('followers', { owner: 'social_data' }, followers[1]!);
    const left = await bench.run(args);
    expect(left.code).toBe(0);
    const profiles = left.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; userName?: string });
    expect(profiles.map((profile) => profile.id)).toEqual([followers[1]]);
    expect(profiles[0]!.userName).toEqual(expect.any(String));
    expect(await watchIds(['unfollowed-by', '@social_data', '--state', state])).toEqual([]);
  });

  it('counts, as removals, the accounts of a list that answers empty poll after poll', async () => {
    const state = bench.path('emptied.state.json');
    const args = ['watch', 'unfollowed-by', '@followers_199', '--state', state];
    expect((await bench.run(args)).code).toBe(0);
    await bench.control.fault({ fault: 'empty-list', endpoint: 'getUserFollowers', times: 3 });
    try {
      const runs = [];
      for (let run = 0; run < 3; run += 1) runs.push(await bench.run(args));
      expect(runs.map((run) => run.code)).toEqual([3, 3, 3]);
      // Every follower it remembered (199, and those other tests added) is counted.
      const said =
        /^social-data: warning: could not be sure of this poll: up to (\d+) removal\(s\) may be missed\. .*up to (\d+) removals may be missed\.$/m.exec(
          runs[2]!.stderr,
        );
      expect(said).not.toBeNull();
      expect(Number(said![1])).toBeGreaterThanOrEqual(199);
      expect(said![2]).toBe(said![1]);
    } finally {
      await bench.control.clearFaults();
    }
  });

  it('says once, on stderr with exit 3, that a list longer than a run reads is watched at its top only', async () => {
    // social_data has 1,234 followers; one page of 200 a run reads the first 200.
    const state = bench.path('partial.state.json');
    const args = ['watch', 'unfollowed-by', '@social_data', '--state', state, '--max-pages', '1'];
    const runs = [];
    for (let run = 0; run < 3; run += 1) runs.push(await bench.run(args));
    expect(runs.map((run) => run.code)).toEqual([0, 3, 0]);
    expect(runs[1]!.stderr).toMatch(
      /^social-data: warning: this feed holds more accounts than one poll watches: removals are seen among the first 200 accounts.*Raise --max-pages \(now 1\)/,
    );
    expect(runs.map((run) => run.stdout)).toEqual(['', '', '']);
    expect(runs[2]!.stderr).toBe('');
  });

  it('new tweets across three runs, records as JSON Lines appended to --output', async () => {
    const state = bench.path('tweets.state.json');
    const output = bench.path('new-tweets.jsonl');
    const args = ['watch', 'new-tweet', 'x.com/social_data', '--state', state, '-o', output];
    expect((await bench.run(args)).code).toBe(0);
    const first = await bench.control.tweet('social_data', 2);
    expect((await bench.run(args)).code).toBe(0);
    const second = await bench.control.tweet('social_data', 3);
    expect((await bench.run(args)).code).toBe(0);
    const ids = readFileSync(output, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: string }).id);
    expect(ids).toEqual([...first, ...second]);
  });

  it('says on stderr when it cannot be sure, and exits 3: an empty answer is no proof that every follower left', async () => {
    const state = bench.path('empty.state.json');
    const args = ['watch', 'unfollowed-by', '@social_data', '--state', state, '--format', 'ids'];
    expect((await bench.run(args)).code).toBe(0);
    await bench.control.fault({ fault: 'empty-list', endpoint: 'getUserFollowers' });
    try {
      const empty = await bench.run(args);
      expect(empty.stdout).toBe('');
      expect(empty.code).toBe(3);
      expect(empty.stderr).toMatch(/could not be sure of this poll.*answered an empty list/s);
    } finally {
      await bench.control.clearFaults();
    }
    // The answer is back: nobody left, and the run is sure again.
    const back = await bench.run(args);
    expect(back.stdout).toBe('');
    expect(back.code).toBe(0);
  });

  /** A watch polling every 0.3 s, once its first poll has saved the state. */
  async function startWatching(feed: string, extra: string[] = []) {
    const state = bench.path(`${feed}.interval.state.json`);
    const args = ['watch', feed, '@social_data', '--state', state, '--interval', '0.3', '--format', 'ids'];
    const child = bench.spawn([...args, ...extra]);
    const done = finished(child);
    const seen = { stdout: '', stderr: '' };
    child.stdout!.on('data', (chunk: string) => (seen.stdout += chunk));
    child.stderr!.on('data', (chunk: string) => (seen.stderr += chunk));
    await until('the first poll', () => existsSync(state), 30_000);
    return { child, done, seen, state };
  }

  it('keeps polling with --interval, and Ctrl-C exits 130 with the state saved', async () => {
    const { child, done, seen, state } = await startWatching('new-reply');
    const replies = await bench.control.tweet('social_data', 2, { feed: 'replies' });
    await until('the new replies', () => replies.every((id) => seen.stdout.includes(id)), 30_000);
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual(replies);
    expect(await watchIds(['new-reply', '@social_data', '--state', state])).toEqual([]);
  });

  it('with --interval, reports a failed poll and goes on: the next poll brings what it missed', async () => {
    const { child, done, seen } = await startWatching('new-media-tweet', ['--retries', '0']);
    await bench.control.fault({ fault: 'error-503', times: 2, endpoint: 'getUserMedia' });
    const media = await bench.control.tweet('social_data', 1, { feed: 'media' });
    await until('a failed poll', () => seen.stderr.includes('trying again at the next poll'), 30_000);
    await until('the new media tweet', () => seen.stdout.includes(media[0]!), 30_000);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    expect(seen.stdout.split('\n').filter(Boolean)).toEqual(media);
  });

  it('with --interval, goes on past a first poll that fails: the watch starts once the API answers', async () => {
    const state = bench.path('first-fails.state.json');
    await bench.control.fault({ fault: 'error-503', times: 2, endpoint: 'getUserFollowers' });
    const args = ['watch', 'new-follower', '@followers_200', '--state', state, '--interval', '0.3'];
    const child = bench.spawn([...args, '--retries', '0', '--format', 'ids']);
    const done = finished(child);
    let stderr = '';
    child.stderr!.on('data', (chunk: string) => (stderr += chunk));
    await until('the watch started after the failed polls', () => existsSync(state), 30_000);
    child.kill('SIGINT');
    expect((await done).code).toBe(130);
    expect(stderr).toContain('trying again at the next poll');
  });

  it('with --interval, stops at a failure that waiting does not cure (a rejected key), exit 1', async () => {
    const state = bench.path('rejected.state.json');
    const args = ['watch', 'new-follower', '@followers_200', '--state', state, '--interval', '0.3'];
    const result = await bench.run(args, { env: { SOCIAL_DATA_API_KEY: 'tda_rejected_key_0000' } });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('trying again at the next poll');
  });

  it('appends to a file it may write in a folder it may not (/dev/null), as a user without root', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'social-data-unprivileged-'));
    chmodSync(folder, 0o777);
    const state = join(folder, 'state.json');
    const args = [BIN, 'watch', 'new-follower', '@followers_200', '--state', state, '-o', '/dev/null'];
    // Root may write in any folder, which would prove nothing: run as nobody then.
    const root = process.getuid?.() === 0;
    const child = spawn(
      root ? 'setpriv' : process.execPath,
      root ? ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, ...args] : args,
      { cwd: folder, env: bench.env({ HOME: folder, SOCIAL_DATA_CONFIG: join(folder, 'config.json') }) },
    );
    const result = await finished(child);
    expect(result.stderr).toBe(
      `social-data: watching new-follower from now on: the state is saved in ${state}, and the next run prints what is new since this one.\n`,
    );
    expect(result.code).toBe(0);
    expect(existsSync(state)).toBe(true);
  });

  it('refuses --format json appended to --output, and one file as both --output and --state (or its lock), before any request', async () => {
    const requests = bench.sandbox.stats.requests;
    const state = bench.path('refused.state.json');
    const watch = ['watch', 'new-tweet', '@social_data', '--state', state];
    const json = await bench.run([...watch, '--format', 'json', '-o', bench.path('t.json')]);
    expect(json.code).toBe(2);
    expect(json.stderr).toMatch(
      /--format json: watch appends each run to --output.*\nhint: Use --format jsonl/,
    );
    // The state, and the lock folder that holds it for a run (FILE.lock), are no output.
    for (const output of [state, `${state}.lock`]) {
      const same = await bench.run([...watch, '-o', output]);
      expect(same.code).toBe(2);
      expect(same.stderr).toMatch(/--state: .*refused\.state\.json is also the file of --output/);
    }
    expect(bench.sandbox.stats.requests).toBe(requests);
    expect(existsSync(state)).toBe(false);
  });

  it('names the watch a state file belongs to as the command that runs it', async () => {
    const state = bench.path('shared.state.json');
    expect(await watchIds(['new-follower', '@followers_1k', '--state', state])).toEqual([]);
    const other = await bench.run(['watch', 'unfollowed-by', '@followers_1k', '--state', state]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(
      /^social-data: The state file \S+shared\.state\.json belongs to another watch: social-data watch new-follower followers_1k --state \S+shared\.state\.json\.\n/,
    );
  });

  it("keys an own-session feed by profile: another account's bookmarks are another watch", async () => {
    const config = bench.path('config.json');
    const profile = {
      baseUrl: bench.sandbox.url,
      apiKey: bench.sandbox.keys[0],
      cookie: COOKIE,
      proxy: PROXY,
    };
    writeFileSync(config, JSON.stringify({ profiles: { default: profile, other: profile } }), {
      mode: 0o600,
    });
    const state = bench.path('bookmarks.state.json');
    expect(await watchIds(['new-bookmark', '--state', state])).toEqual([]);
    const [tweet] = await bench.control.tweet('followers_1k', 1);
    await bench.control.bookmark(tweet!);
    const other = await bench.run([
      'watch',
      'new-bookmark',
      '--state',
      state,
      '--profile',
      'other',
      '--format',
      'ids',
    ]);
    // Another watch's file is refused before any request, and stays as it was.
    expect(other.code).toBe(2);
    expect(other.stdout).toBe('');
    expect(other.stderr).toMatch(
      /belongs to another watch: social-data watch new-bookmark --state \S+bookmarks\.state\.json --profile default\.\nhint: Give this watch a --state file of its own/,
    );
    expect(await watchIds(['new-bookmark', '--state', state])).toEqual([tweet]);
    rmSync(config);
  });

  it('refuses a missing account and more than one, before any request', async () => {
    const requests = bench.sandbox.stats.requests;
    const missing = await bench.run(['watch', 'new-follower', '--state', bench.path('x.json')]);
    expect(missing.code).toBe(2);
    // The argument as `watch --help` shows it, not the API's name (`userName`).
    expect(missing.stderr).toMatch(
      /^social-data: <value>: the screen name is empty\. Enter a screen name like jack/,
    );
    const wrong = await bench.run(['watch', 'new-tweet', 'not/a/name', '--state', bench.path('x.json')]);
    expect(wrong.stderr).toMatch(/^social-data: <value>: "not\/a\/name" is not a screen name/);
    const typo = await bench.run(['watch', 'new-folower', '@a', '--state', bench.path('x.json')]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/There is no feed "new-folower"\. Did you mean new-follower\?/);
    // Options may come before the feed, as the usage line shows them.
    const two = await bench.run(['watch', '--state', bench.path('x.json'), 'new-follower', '@a', '@b']);
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/^social-data: watch takes one username; each one needs its own state file\./);
    const none = await bench.run(['watch', 'new-bookmark', '@a', '--state', bench.path('x.json')]);
    expect(none.stderr).toMatch(/^social-data: new-bookmark takes no argument\./);
    expect(bench.sandbox.stats.requests).toBe(requests);
  });

  it('says on its first run, even with the records going to a terminal, that the baseline is saved; --quiet keeps it quiet (issue 40 point 5)', async () => {
    const state = bench.path('first.json');
    const first = await bench.run(['watch', 'new-follower', '@followers_1k', '--state', state]);
    expect(first.stdout).toBe('');
    expect(first.stderr).toBe(
      `social-data: watching new-follower from now on: the state is saved in ${state}, and the next run prints what is new since this one.\n`,
    );
    const quiet = await bench.run([
      'watch',
      'new-follower',
      '@followers_1k',
      '--state',
      bench.path('quiet.json'),
      '--quiet',
    ]);
    expect(quiet.stderr).toBe('');
  });

  it('refuses --max-pages past 50 with the range, before any request (issue 38 case 6)', async () => {
    const state = bench.path('pages.json');
    const result = await bench.run([
      'watch',
      'new-follower',
      '@followers_1k',
      '--state',
      state,
      '--max-pages',
      '100000',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--max-pages.*expected a whole number from 1 to 50, got "100000"/);
    expect(existsSync(state)).toBe(false);
  });
});
