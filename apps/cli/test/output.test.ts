import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { until } from '@social-data/test-support';
import { Bench, COOKIE, PROXY, finished, jsonLines } from './support/cli';

const bench = new Bench();

beforeAll(() => bench.start({ keys: ['tda_cli_secret_key_31337'] }));
afterAll(() => bench.close());

/** A JSON value as the CSV holds it: text as is, null empty, nested values as JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function asCells(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, cell(value)]));
}

describe('chaining', () => {
  it('pipes ids from one command into the next', async () => {
    const mutual = await bench.run(['user', 'followers-you-know', '@social_data', '--format', 'ids']);
    const ids = mutual.stdout.trim().split('\n');
    expect(ids.length).toBeGreaterThan(1);
    const chained = await bench.pipeline(
      'social-data user followers-you-know @social_data --format ids | social-data users get -',
    );
    expect(chained.stderr).toBe('');
    expect(chained.code).toBe(0);
    expect(jsonLines(chained.stdout).map((user) => user.id)).toEqual(ids);
  });

  it('stops quietly when the reader goes away (| head)', async () => {
    const result = await bench.pipeline(
      'social-data user followers @followers_100k --all --format ids | head -2',
    );
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
    expect(result.stderr).toBe('');
  });

  it('keeps what a batch lookup found when one batch fails, names the failed ids, and exits 1', async () => {
    const ids = (await bench.run(['user', 'followers', '@followers_1k', '--limit', '150', '--format', 'ids']))
      .stdout;
    await bench.control.fault({ fault: 'error-500', times: 1, endpoint: 'getUsersByIds' });
    const result = await bench.run(['users', 'get', '-', '--retries', '0', '--format', 'ids'], {
      input: ids,
    });
    expect(result.code).toBe(1);
    const found = result.stdout.trim().split('\n');
    expect([50, 100]).toContain(found.length);
    expect(ids).toContain(found[0]);
    expect(result.stderr).toMatch(new RegExp(`warning: ${150 - found.length} ids failed`));
  });

  it('names the ids that do not exist and still succeeds: they are no failure (decision N19)', async () => {
    const ids = (
      await bench.run(['user', 'followers', '@followers_1k', '--limit', '3', '--format', 'ids'])
    ).stdout
      .trim()
      .split('\n');
    const result = await bench.run(['users', 'get', ...ids, '99999999999999901', '--format', 'ids']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(ids);
    expect(result.stderr).toMatch(/warning: 1 of the ids asked for was not found \(99999999999999901\)/);
  });

  it('reads the inputs of several runs from --input, one a line', async () => {
    const file = bench.path('accounts.txt');
    writeFileSync(file, '# two accounts\n@followers_199\nx.com/one_follower\n\n');
    const result = await bench.run(['user', 'followers', '--input', file, '--all', '--format', 'ids']);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(200);
  });
});

describe('several inputs in one output', () => {
  it("says in each record's last field which input it came from; one account alone adds nothing", async () => {
    const [one, other] = ['@followers_199', 'x.com/one_follower'];
    const idsOf = async (account: string) =>
      (await bench.run(['user', 'followers', account, '--all', '--format', 'ids'])).stdout.trim().split('\n');
    const both = await bench.run(['user', 'followers', one, other, '--all', '--format', 'csv', '--simplify']);
    expect(both.code).toBe(0);
    const header = both.stdout.split('\n', 1)[0]!.split(',');
    expect(header.at(-1)).toBe('input');
    const rows = parse(both.stdout, { columns: true }) as Array<Record<string, string>>;
    for (const account of [one, other])
      expect(rows.filter((row) => row.input === account).map((row) => row.id)).toEqual(await idsOf(account));
    expect(rows).toHaveLength((await idsOf(one)).length + (await idsOf(other)).length);
    // Alone, a record is as the API sent it.
    const alone = jsonLines((await bench.run(['user', 'followers', one, '--limit', '3'])).stdout);
    expect(alone.every((record) => !('input' in record))).toBe(true);
  });

  it("keeps the other inputs' records under --output when one fails, exit 1; --fail-fast keeps no file", async () => {
    const output = bench.path('one-failed.jsonl');
    const args = ['user', 'followers', '@followers_199', '@nobody_here_x', '--all', '-o', output];
    const failed = await bench.run(args);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/1 of 2 inputs failed: @nobody_here_x/);
    const kept = jsonLines(readFileSync(output, 'utf8'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((record) => record.input === '@followers_199')).toBe(true);
    const fast = bench.path('fail-fast.jsonl');
    const stopped = await bench.run([
      'user',
      'followers',
      '@nobody_here_x',
      '@followers_199',
      '-o',
      fast,
      '--fail-fast',
    ]);
    expect(stopped.code).toBe(1);
    expect(existsSync(fast)).toBe(false);
    expect(existsSync(`${fast}.partial`)).toBe(false);
  });

  it('says it for a list of one too, so a file of any length gives the same columns', async () => {
    const file = bench.path('one-account.txt');
    writeFileSync(file, 'x.com/one_follower\n');
    const fromFile = jsonLines((await bench.run(['user', 'followers', '--input', file])).stdout);
    const piped = jsonLines(
      (await bench.run(['user', 'followers', '-'], { input: 'x.com/one_follower\n' })).stdout,
    );
    for (const records of [fromFile, piped]) {
      expect(records.length).toBeGreaterThan(0);
      expect(records.every((record) => record.input === 'x.com/one_follower')).toBe(true);
    }
  });
});

describe('CSV', () => {
  it('reads back into the same records through a CSV parser (simplified users)', async () => {
    const args = ['user', 'followers', 'followers_1k', '--limit', '450', '--simplify'];
    const lines = jsonLines((await bench.run(args)).stdout);
    const csv = await bench.run([...args, '--format', 'csv']);
    expect(csv.code).toBe(0);
    const rows = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(450);
    expect(rows).toEqual(lines.map(asCells));
  });

  it('reads back into the same records with nested fields as JSON (raw tweets, texts with line breaks and emoji)', async () => {
    const args = ['user', 'tweets', '@social_data', '--all'];
    const lines = jsonLines((await bench.run(args)).stdout);
    expect(lines.some((tweet) => String(tweet.text).includes('\n'))).toBe(true);
    const csv = await bench.run([...args, '--format', 'csv']);
    const rows = parse(csv.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toEqual(lines.map(asCells));
    expect(JSON.parse(rows[0]!.author!)).toEqual(lines[0]!.author);
  });
});

describe('--output', () => {
  it('writes the file under its name only once complete, and --format json is one array', async () => {
    const target = bench.path('followers.json');
    const result = await bench.run([
      'user',
      'followers',
      'followers_201',
      '--all',
      '--format',
      'json',
      '-o',
      target,
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const records = JSON.parse(readFileSync(target, 'utf8')) as unknown[];
    expect(records).toHaveLength(201);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it('leaves a JSON array on stdout unclosed when the run stops on a failure, closed when it goes on past one (decision C15)', async () => {
    bench.sandbox.faults.add({ fault: 'error-200', endpoint: 'getUserFollowers', laterPages: true });
    try {
      const result = await bench.run(['user', 'followers', 'followers_201', '--all', '--format', 'json']);
      expect(result.code).toBe(1);
      expect(result.stdout.startsWith('[')).toBe(true);
      expect(result.stdout.length).toBeGreaterThan(1_000);
      expect(() => JSON.parse(result.stdout)).toThrow();
    } finally {
      bench.sandbox.faults.clear();
    }
    // A run that goes on past a failed input has finished its list: closed, and exit 1.
    const goesOn = await bench.run([
      'user',
      'followers',
      'followers_201',
      'no_such_account_c15',
      '--all',
      '-f',
      'json',
    ]);
    expect(goesOn.code).toBe(1);
    expect(JSON.parse(goesOn.stdout)).toHaveLength(201);
    expect(goesOn.stderr).toMatch(/no_such_account_c15/);
  });

  it('leaves no file under the final name, and no partial one, when stopped without a checkpoint', async () => {
    const target = bench.path('stopped.jsonl');
    const child = bench.spawn(['user', 'followers', 'followers_100k', '--all', '-o', target]);
    const done = finished(child);
    await until(
      'a partial file with records',
      () => existsSync(`${target}.partial`) && readFileSync(`${target}.partial`).length > 10_000,
      30_000,
    );
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });

  it('draws progress on a piped stderr with --progress, with the total from the profile', async () => {
    const result = await bench.run([
      'user',
      'followers',
      'followers_1k',
      '--all',
      '--format',
      'ids',
      '--progress',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1000);
    expect(result.stderr).toMatch(/100% \| 1,000\/1,000 records \| \d+ pages \| [\d,]+\/s \| \d+s/);
  });

  it("says when the list ended well short of the profile's count, where a bar showed that total", async () => {
    await bench.control.fault({
      fault: 'empty-list',
      endpoint: 'getUserFollowers',
      laterPages: true,
      times: 1,
    });
    const result = await bench.run(['user', 'followers', 'followers_1k', '--all', '-f', 'ids', '--progress']);
    await bench.control.clearFaults();
    expect(result.code).toBe(0);
    const read = result.stdout.trim().split('\n').length;
    expect(read).toBeLessThan(1000);
    expect(result.stderr).toContain(`social-data: ${read.toLocaleString('en-US')} records in 2 pages`);
    expect(result.stderr).toMatch(/; the list ended there, where the profile counts 1,000\n/);
  });

  it('refuses an output, checkpoint or state file it cannot write, before any request', async () => {
    const result = await bench.run([
      'user',
      'get',
      '@social_data',
      '-o',
      bench.path('no/such/folder/user.jsonl'),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /--output: cannot write .*user\.jsonl \(ENOENT\)\.\nhint: Give a file in a folder that exists/,
    );
    const checkpoint = await bench.run([
      'user',
      'followers',
      '@social_data',
      '--checkpoint',
      bench.path('nope/ck.json'),
    ]);
    expect(checkpoint.code).toBe(2);
    expect(checkpoint.stderr).toMatch(/^social-data: --checkpoint: cannot write .*ck\.json \(ENOENT\)/);
    const state = await bench.run([
      'watch',
      'new-follower',
      '@social_data',
      '--state',
      bench.path('nope/s.json'),
    ]);
    expect(state.code).toBe(2);
    expect(state.stderr).toMatch(/^social-data: --state: cannot write .*s\.json \(ENOENT\)/);
  });

  it('refuses a folder as the output, and one file for two purposes, before any request', async () => {
    const requests = bench.sandbox.stats.requests;
    const followers = ['user', 'followers', '@followers_200', '--all'];
    for (const folder of [bench.home, `${bench.home}/`]) {
      const result = await bench.run([...followers, '-o', folder]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^social-data: --output: .* is a folder\.\nhint: Give the path of a file/,
      );
    }
    const file = bench.path('both.jsonl');
    for (const checkpoint of [file, `${file}.partial`]) {
      const result = await bench.run([...followers, '-o', file, '--checkpoint', checkpoint]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /^social-data: --checkpoint: .*both\.jsonl(\.partial)? is also the file of --output/,
      );
    }
    expect(bench.sandbox.stats.requests).toBe(requests);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${bench.home}.partial`)).toBe(false);
    expect(existsSync(join(bench.home, '.partial'))).toBe(false);
  });

  // The second page hands back the cursor of the first, or claims more with a cursor of spaces.
  it.each([
    ['repeat-cursor', /warning: the API handed out a cursor it had given before/],
    ['blank-cursor', /warning: the API claimed more pages but sent no cursor to reach them/],
  ] as const)(
    'keeps an export the API ended early (%s), says why on stderr, and exits 3 so a script does not take it for complete',
    async (fault, said) => {
      const output = bench.path('ended-early.jsonl');
      await bench.control.fault({ fault, times: 1, after: 1, endpoint: 'getUserFollowers' });
      try {
        const result = await bench.run(['user', 'followers', '@followers_1k', '--all', '-o', output]);
        expect(result.code).toBe(3);
        expect(result.stderr).toMatch(said);
        const records = jsonLines(readFileSync(output, 'utf8'));
        expect(records.length).toBeGreaterThan(0);
        expect(records.length).toBeLessThan(1000);
      } finally {
        await bench.control.clearFaults();
      }
      // Read whole, the same export exits 0.
      expect((await bench.run(['user', 'followers', '@followers_1k', '--all', '-o', output])).code).toBe(0);
    },
  );

  it('prints nothing on stderr when piped, except errors', async () => {
    const result = await bench.run(['user', 'followers', 'followers_1k', '--all', '--format', 'ids']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('secrets', () => {
  const secrets = [
    'tda_cli_secret_key_31337',
    'cli_secret_cookie_4711',
    'cli_csrf_0815',
    'cli_proxy_password_2024',
    'cli_url_password_77',
    'tda_cli_secret_key_in_url_99',
  ];

  function expectNoSecret(text: string): void {
    for (const secret of secrets) expect(text).not.toContain(secret);
  }

  it('never prints the key, the cookie or the proxy password, not with --verbose, not in errors', async () => {
    const runs = [
      await bench.run(['user', 'get-own-session', '@social_data', '--verbose']),
      await bench.run(['bookmarks', 'get', '--all', '--verbose']),
      await bench.run(['user', 'get', '@nobody_here_at_all', '--verbose']),
      await bench.run(['user', 'get', '@social_data', '--verbose'], {
        env: { SOCIAL_DATA_API_KEY: 'tda_cli_secret_key_31337_rotated' },
      }),
      await bench.run(['bookmarks', 'get', '--verbose'], {
        env: { SOCIAL_DATA_PROXY: `${PROXY.replace('http', 'ftp')}` },
      }),
      await bench.run(['bookmarks', 'get', '--verbose'], {
        env: { SOCIAL_DATA_COOKIE: COOKIE.replace(/[=;]/g, ' ') },
      }),
      await bench.run(['user', 'get', '@social_data', '--verbose', '--retries', '0'], {
        env: { SOCIAL_DATA_BASE_URL: 'http://127.0.0.1:9' },
      }),
      // A password or a key written into the base URL itself.
      await bench.run(['user', 'get', '@social_data', '--verbose'], {
        env: { SOCIAL_DATA_BASE_URL: `${bench.sandbox.url.replace('//', '//admin:cli_url_password_77@')}` },
      }),
      await bench.run(['user', 'get', '@social_data', '--verbose'], {
        env: { SOCIAL_DATA_BASE_URL: `${bench.sandbox.url}/?key=tda_cli_secret_key_in_url_99` },
      }),
    ];
    expect(runs.map((run) => run.code)).toEqual([0, 0, 1, 1, 2, 1, 1, 2, 0]);
    expect(runs[0]!.stderr).toMatch(/POST .*-> 200/);
    for (const run of runs) {
      expectNoSecret(run.stderr);
      expectNoSecret(run.stdout);
    }
  });

  it('writes no secret into a checkpoint or a state file', async () => {
    const checkpoint = bench.path('secret-check.json');
    await bench.run([
      'bookmarks',
      'get',
      '--max-pages',
      '1',
      '--checkpoint',
      checkpoint,
      '-o',
      bench.path('b.jsonl'),
    ]);
    await bench.run(['watch', 'new-bookmark', '--state', bench.path('secret-state.json')]);
    for (const name of readdirSync(bench.home))
      if (name.endsWith('.json')) expectNoSecret(readFileSync(bench.path(name), 'utf8'));
  });
});
