import { catalog, endpointIds, endpointSpec, hints, inputParams, isPaginated } from '@social-data/core';
import type { EndpointId, ParamSpec } from '@social-data/core';
import { RECORD_INPUTS } from '@social-data/sandbox';
import { commandName, kebab } from '../src/commands/names';
import { writeFileSync } from 'node:fs';
import { Bench, jsonLines } from './support/cli';

const bench = new Bench();
let tweetIds: string;

beforeAll(async () => {
  await bench.start();
  const tweets = await bench.run(['user', 'tweets', '@social_data', '--format', 'ids']);
  tweetIds = tweets.stdout.trim().split('\n').slice(0, 3).join('\n');
});
afterAll(() => bench.close());

/** What a person types for each kind of input: a handle with its @, a list URL, ids by lines. */
function valueFor(name: string, spec: ParamSpec): string {
  if (spec.format === 'tweetIdList') return tweetIds;
  if (spec.format === 'text') return 'Made by the CLI test';
  const value = (RECORD_INPUTS as Record<string, string>)[name];
  if (value === undefined) throw new Error(`no sandbox value for ${name}: add one to RECORD_INPUTS`);
  return value;
}

/** The command line of an endpoint, read off the catalog the way the CLI builds it. */
function commandLine(id: EndpointId): { args: string[]; input: string } {
  const { group, operation } = commandName(id);
  const args = [group, operation];
  let input = '';
  for (const [name, spec] of inputParams(id)) {
    if (!spec.required) continue;
    const value = valueFor(name, spec);
    // Lists of ids come through stdin, as a pipe hands them over.
    if (value.includes('\n')) {
      args.push('-');
      input = value;
    } else args.push(value);
  }
  return { args, input };
}

describe('every catalog endpoint is a command (a new catalog entry needs no change to the CLI)', () => {
  it('gives each endpoint a command of its own', () => {
    const lines = endpointIds.map((id) => Object.values(commandName(id)).join(' '));
    expect(new Set(lines).size).toBe(endpointIds.length);
  });

  it.each(endpointIds)('%s runs against the sandbox and prints its records as JSON Lines', async (id) => {
    const { args, input } = commandLine(id);
    const result = await bench.run(args, { input });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const records = jsonLines(result.stdout);
    expect(records.length).toBeGreaterThan(0);
    const kind = catalog[id].result.kind;
    if (kind === 'createdList') expect(records[0]).toEqual({ list_id: expect.stringMatching(/^\d+$/) });
    else for (const record of records) expect(record.id).toEqual(expect.stringMatching(/^\d+$/));
    if (kind === 'record' || kind === 'createdList') expect(records).toHaveLength(1);
  });

  it.each(endpointIds.filter((id) => inputParams(id).some(([, spec]) => spec.required)))(
    '%s without its argument names it as the command line shows it, before any request',
    async (id) => {
      const { group, operation } = commandName(id);
      const [name] = inputParams(id).find(([, spec]) => spec.required)!;
      // Nothing answers there: a request sent would fail with exit 1, not 2.
      const result = await bench.run([group, operation], {
        env: { SOCIAL_DATA_BASE_URL: 'http://127.0.0.1:9' },
      });
      expect(result.code).toBe(2);
      // The argument as `--help` shows it, never the API's name for it (`userName`, `list_id`):
      // in core's words, or commander's for an argument it requires itself.
      const shown = kebab(name);
      expect(result.stderr).toMatch(
        new RegExp(
          `^(social-data: <${shown}>: (this parameter is required|the [a-z ]+ is empty|no ids given)\\..*\nhint: ${hints.validation}|social-data: missing required argument '${shown}')\n$`,
        ),
      );
    },
  );

  it.each(endpointIds)('%s has help from the catalog: description, arguments, options', async (id) => {
    const spec = endpointSpec(id);
    const { group, operation } = commandName(id);
    const result = await bench.run([group, operation, '--help']);
    expect(result.code).toBe(0);
    const help = result.stdout.replace(/\s+/g, ' ');
    expect(help).toContain(spec.description);
    expect(help).toContain(`API endpoint ${spec.ref}: ${spec.method} ${spec.path}`);
    for (const [name, param] of inputParams(id)) {
      expect(help).toContain(kebab(name));
      expect(help).toContain(param.description.slice(0, 40));
    }
    if (isPaginated(id))
      for (const flag of ['--all', '--limit', '--max-pages', '--start-cursor', '--checkpoint'])
        expect(help).toContain(flag);
  });
});

describe('paging flags', () => {
  it('prints the first page by default, every page with --all, and stops at --limit and --max-pages', async () => {
    const ids = async (...flags: string[]) =>
      (await bench.run(['user', 'followers', 'followers_1k', '--format', 'ids', ...flags])).stdout
        .trim()
        .split('\n');
    const first = await ids();
    expect(first).toHaveLength(200);
    const all = await ids('--all');
    expect(all).toHaveLength(1000);
    expect(new Set(all).size).toBe(1000);
    expect(await ids('--limit', '250')).toEqual(all.slice(0, 250));
    expect(await ids('--max-pages', '2', '--page-size', '100')).toEqual(all.slice(0, 200));
  });

  it('starts from --start-cursor', async () => {
    const page = await bench.run(['user', 'followers', 'followers_1k', '--limit', '400', '--format', 'ids']);
    const all = page.stdout.trim().split('\n');
    const cursor = await bench.run([
      'user',
      'followers',
      'followers_1k',
      '--verbose',
      '--format',
      'ids',
      '--max-pages',
      '2',
    ]);
    const requests = cursor.stderr.split('\n').filter((line) => / GET /.test(line));
    const second = /cursor=([^&\s]+)/.exec(requests[1] ?? '')?.[1];
    expect(second).toBeDefined();
    const rest = await bench.run([
      'user',
      'followers',
      'followers_1k',
      '--start-cursor',
      decodeURIComponent(second!),
      '--format',
      'ids',
    ]);
    expect(rest.stdout.trim().split('\n')).toEqual(all.slice(200, 400));
  });

  it('names --start-cursor when the API does not take it, and a tweet URL given for an account', async () => {
    const stale = await bench.run(['user', 'followers', 'followers_1k', '--start-cursor', 'not-a-cursor']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('leave --start-cursor out to start at the first page');
    expect(stale.stderr).not.toMatch(/startCursor/);
    const tweetUrl = await bench.run(['user', 'get', 'https://x.com/followers_1k/status/20']);
    expect(tweetUrl.code).toBe(2);
    expect(tweetUrl.stderr).toContain('is the URL of a tweet, not of a profile');
    expect(tweetUrl.stderr).toContain('enter followers_1k or https://x.com/followers_1k');
  });
});

describe('exit codes', () => {
  it('exits 2 on bad input, naming the field and the fix, before any request', async () => {
    await fetch(`${bench.sandbox.url}/_sandbox/stats/reset`, { method: 'POST' });
    const result = await bench.run(['user', 'followers', 'not a name!']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^social-data: <user-name>: "not a name!" is not a screen name\. Enter a screen name like jack/,
    );
    expect(result.stderr).toMatch(/^hint: /m);
    const stats = (await (await fetch(`${bench.sandbox.url}/_sandbox/stats`)).json()) as {
      data: { requests: number };
    };
    expect(stats.data.requests).toBe(0);
  });

  it("keeps core's warning that a list may have been created when the connection broke mid-answer", async () => {
    bench.sandbox.faults.add({ fault: 'reset', times: 1, endpoint: 'createList' });
    const result = await bench.run(['list', 'create', 'Maybe made']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`hint: ${hints.mayHaveActed}`);
  });

  // Every switch of the catalog, given a value: named as a switch, not counted as arguments;
  // a value with spaces left unquoted is told to be quoted, switch or not.
  const switches = endpointIds.flatMap((id) =>
    Object.entries(endpointSpec(id).params)
      .filter(([, spec]) => spec.format === 'boolean')
      .map(([name]) => [id, name] as const),
  );
  it.each(switches)(
    '%s: a value given to the switch of %s is refused as one, before any request',
    async (id, name) => {
      await fetch(`${bench.sandbox.url}/_sandbox/stats/reset`, { method: 'POST' });
      const { args } = commandLine(id);
      const flag = `--${kebab(name)}`;
      const [group, operation] = args;
      const valueHint = `hint: ${flag} takes no value, so "maybe" was read as an argument: give ${flag} alone for yes`;
      const quoteHint = 'hint: Put a value with spaces in quotes.';
      for (const [line, excess, hint] of [
        [[...args, flag, 'maybe'], '"maybe"', valueHint],
        // The word after the switch became the argument, and the real one is left over.
        [[group!, operation!, flag, 'maybe', 'Launch watch'], '"Launch watch"', valueHint],
        [[group!, operation!, 'Launch', 'watch', flag], '"watch"', quoteHint],
        [[group!, operation!, 'Launch', 'watch'], '"watch"', quoteHint],
      ] as const) {
        const result = await bench.run([...line]);
        expect({ line, code: result.code }).toEqual({ line, code: 2 });
        expect(result.stderr).toContain(`too many arguments: ${excess}.`);
        expect(result.stderr).toContain(hint);
      }
      const stats = (await (await fetch(`${bench.sandbox.url}/_sandbox/stats`)).json()) as {
        data: { requests: number };
      };
      expect(stats.data.requests).toBe(0);
    },
  );

  it('points --count, the API name of the page size, at --page-size (issue 40 point 8)', async () => {
    const result = await bench.run(['user', 'followers', '@followers_1k', '--count', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--page-size <n>/);
  });

  it('exits 2 on an unknown flag, a missing argument and a bad number', async () => {
    for (const args of [
      ['user', 'followers', '@a', '--no-such-flag'],
      ['list', 'create'],
      ['user', 'followers', '@a', '--limit', 'ten'],
      // More than a count holds exactly: refused, not rounded to another number.
      ['user', 'followers', '@a', '--limit', '99999999999999999999'],
      ['user'],
      ['user', 'followers', '@a', '--format', 'xml'],
    ]) {
      const result = await bench.run(args);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.stderr).not.toBe('');
    }
  });

  it('exits 1 when the API fails, with its message and a hint', async () => {
    const result = await bench.run(['user', 'get', '@nobody_here_at_all']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/not found/i);
    expect(result.stderr).toMatch(/^hint: Check the username or profile URL/m);
  });

  // Issue 40 point 2: a terminal's words only, the command as typed.
  it.each([
    [
      'a rejected key',
      ['user', 'followers', '@followers_1k'],
      { SOCIAL_DATA_API_KEY: 'tda_not_a_key_here_7' },
      /`user followers`/,
    ],
    ['a 404', ['user', 'followers', '@nope_nope'], {}, /HTTP 404 on `user followers`/],
    [
      'a missing session',
      ['bookmarks', 'get'],
      { SOCIAL_DATA_COOKIE: undefined },
      /SOCIAL_DATA_\* variable|SOCIAL_DATA_COOKIE/,
    ],
  ])(
    'on %s, names the command and the terminal settings, no other product',
    async (_, args, env, wording) => {
      const result = await bench.run(args, { env });
      expect(result.stderr).toMatch(wording);
      expect(result.stderr).not.toMatch(/n8n|Zapier|credential|connection \(|getUser\w*|getBookmarks/);
    },
  );

  // Issue 38: an answer that starts and never finishes ends by --timeout, as a timeout or a cut.
  it.each([
    ['drip-body', /No answer from the API within 5 s/],
    ['stall-body', /No answer from the API within 5 s/],
    ['cut-body', /Could not complete the request/],
  ] as const)('ends a command whose answer does %s by its timeout, and says so', async (fault, message) => {
    bench.sandbox.faults.add({ fault, times: 1, delayMs: 1000 });
    const started = Date.now();
    // 5 s: a cold process's request on a busy machine may take more than 1 s before the fault
    // starts, and cut-body must meet its cut, not the limit.
    const result = await bench.run(['user', 'get', '@social_data', '--timeout', '5', '--retries', '0']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    // The 5 s limit and decision B32's 1 s grace; far from a hang (the default limit is 30 s).
    expect(Date.now() - started).toBeLessThan(25_000);
  });

  // Issue 40, points 3 and 4.
  it('goes on past an input that fails, names it, and exits 1 at the end; --fail-fast stops at it', async () => {
    const args = ['user', 'get', '@social_data', '@nope_nope', '@followers_1k', '--format', 'ids'];
    const all = await bench.run(args);
    expect(all.stdout.trim().split('\n')).toHaveLength(2);
    expect(all.stderr).toMatch(/^social-data: @nope_nope: .*not found/im);
    expect(all.stderr).toMatch(/^social-data: 1 of 3 inputs failed: @nope_nope$/m);
    expect(all.code).toBe(1);
    const fast = await bench.run([...args, '--fail-fast']);
    expect(fast.stdout.trim().split('\n')).toHaveLength(1);
    expect(fast.code).toBe(1);
    const file = bench.path('names.txt');
    writeFileSync(file, '@nope_nope\n@followers_1k\n');
    const fromFile = await bench.run(['user', 'get', '--input', file, '--format', 'ids']);
    expect(fromFile.stdout.trim().split('\n')).toHaveLength(1);
    expect(fromFile.code).toBe(1);
  });

  it('stops at once when the key is rejected, since every input would meet it', async () => {
    const result = await bench.run(['user', 'get', '@social_data', '@followers_1k'], {
      env: { SOCIAL_DATA_API_KEY: 'tda_not_a_key_the_sandbox_knows' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(/inputs failed/);
    expect(result.stderr.match(/API key was rejected/g)).toHaveLength(1);
  });

  it('takes an empty pipe as nothing to do: empty output, exit 0, and says so on stderr', async () => {
    const empty = await bench.run(['user', 'followers', '@no_followers', '--format', 'ids']);
    expect(empty.stdout).toBe('');
    for (const args of [
      ['users', 'get', '-'],
      ['user', 'get', '-'],
      ['users', 'get', '-', '--format', 'json'],
    ]) {
      const result = await bench.run(args, { input: empty.stdout });
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({
        args,
        code: 0,
        stderr: 'social-data: no values in stdin; nothing was asked.\n',
      });
      expect((await bench.run([...args, '--quiet'], { input: '' })).stderr).toBe('');
      expect(result.stdout.trim()).toMatch(/^(\[\])?$/);
    }
  });

  it('exits 1 when the network fails, with a hint about the base URL', async () => {
    const result = await bench.run(['user', 'get', '@social_data', '--retries', '0'], {
      env: { SOCIAL_DATA_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^hint: Could not reach the API\. Check the base URL \(SOCIAL_DATA_BASE_URL/m,
    );
  });

  it('words missing session settings for a terminal: the variable or configure, not an n8n credential', async () => {
    for (const missing of ['SOCIAL_DATA_COOKIE', 'SOCIAL_DATA_PROXY']) {
      const result = await bench.run(['bookmarks', 'get'], { env: { [missing]: undefined } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('your profile (social-data configure) or its SOCIAL_DATA_* variable');
      expect(result.stderr).toContain(`hint: Set ${missing} or run social-data configure`);
      expect(result.stderr).not.toMatch(/n8n|Zapier/);
    }
    // Neither: both are named at once, not the proxy only once the cookie is set.
    const neither = await bench.run(['bookmarks', 'get'], {
      env: { SOCIAL_DATA_COOKIE: undefined, SOCIAL_DATA_PROXY: undefined },
    });
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('the session cookie and the proxy are missing');
    expect(neither.stderr).toContain(
      'hint: Set SOCIAL_DATA_COOKIE and SOCIAL_DATA_PROXY, or run social-data configure',
    );
  });

  it('refuses a plain http:// base URL off this machine before any request, naming the flag that allows it', async () => {
    const result = await bench.run(['user', 'get', '@social_data'], {
      env: { SOCIAL_DATA_BASE_URL: 'http://api.example.com' },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /plain http:\/\/ would send the API key .* turn on --allow-insecure-http\./,
    );
  });

  it('exits 0 on --help and --version', async () => {
    expect((await bench.run(['--help'])).code).toBe(0);
    const version = await bench.run(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each(endpointIds)("%s: `help <group> <operation>` shows the operation's help", async (id) => {
    const { group, operation } = commandName(id);
    const result = await bench.run(['help', group, operation]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: social-data ${group} ${operation} `));
  });

  it.each([
    ['help', 'user', 'no-such-operation'],
    ['help', 'no-such-group', 'followers'],
    ['help', 'no-such-group'],
  ])('exits 2 on %s %s %s, a command that does not exist, and says so', async (...args) => {
    const result = await bench.run(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^social-data: there is no command "(user )?no-such-[a-z-]+( followers)?"\.\nhint: run social-data help/,
    );
    expect(result.stdout).toBe('');
  });

  it.each([
    ['help'],
    ['help', 'user'],
    ['help', 'watch'],
    ['user', '--help'],
    ['help', '--help'],
    ['help', 'watch', 'new-tweet'],
    ['help', 'completion', 'bash'],
    ['help', 'help'],
  ])('exits 0 on %s %s, help that was asked for, on stdout', async (...args) => {
    const result = await bench.run(args);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: social-data/);
  });

  it('exits 2 on a bare group, which is no command to run', async () => {
    expect((await bench.run(['user'])).code).toBe(2);
  });

  it.each([
    [['user', 'followers', '@jack', '--no-such-flag'], "unknown option '--no-such-flag'"],
    [['watch', 'no-such-feed', '--state', 'x'], "command-argument value 'no-such-feed' is invalid"],
    [['user', 'get', '@jack', '--format', 'xml'], "option '-f, --format <format>' argument 'xml' is invalid"],
    [['configure', '--no-such-flag'], "unknown option '--no-such-flag'"],
  ])("says commander's complaints under the command's own name, as its own: %s", async (args, problem) => {
    const result = await bench.run(args);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(`social-data: ${problem}`)).toBe(true);
    expect(result.stderr).not.toMatch(/^error:/m);
  });
});
