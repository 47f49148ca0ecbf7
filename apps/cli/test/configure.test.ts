import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Bench, jsonLines } from './support/cli';

const bench = new Bench();
const KEY = 'tda_cli_profile_key_5150';
beforeAll(() => bench.start({ keys: [KEY, 'tda_other_key_0001'] }));
afterAll(() => bench.close());
afterEach(() => rmSync(bench.path('config.json'), { force: true }));

/** Credentials from the config file only: no SOCIAL_DATA_* variable but the file's path. */
const fileOnly = {
  SOCIAL_DATA_BASE_URL: undefined,
  SOCIAL_DATA_API_KEY: undefined,
  SOCIAL_DATA_COOKIE: undefined,
  SOCIAL_DATA_PROXY: undefined,
};

function configure(lines: string[], profile?: string) {
  return bench.run(['configure', ...(profile ? ['--profile', profile] : [])], {
    env: fileOnly,
    input: `${lines.join('\n')}\n`,
  });
}

describe('configure and profiles', () => {
  it('writes a config file only the user can read, with the secrets it was given and nothing printed of them', async () => {
    const result = await configure([bench.sandbox.url, KEY, 'auth_token=a; ct0=b', '']);
    expect(result.code).toBe(0);
    expect(result.stdout + result.stderr).not.toContain(KEY);
    const path = bench.path('config.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      profiles: { default: { baseUrl: bench.sandbox.url, apiKey: KEY, cookie: 'auth_token=a; ct0=b' } },
    });
    const run = await bench.run(['user', 'get', '@social_data'], { env: fileOnly });
    expect(run.code).toBe(0);
    expect(jsonLines(run.stdout)[0]!.userName).toBe('social_data');
  });

  it('saves nothing a client would refuse, naming the answer to correct', async () => {
    for (const [lines, named] of [
      [['notaurl', KEY, '', ''], /^social-data: Base URL of the API: the base URL is not a valid URL/],
      [[bench.sandbox.url, 'badkey', '', ''], /^social-data: API key \(tda_…\): this is not an API key/],
      [
        [bench.sandbox.url, KEY, '', 'ftp://proxy.example:21'],
        /^social-data: Proxy URL, for own-session endpoints \(optional\): /,
      ],
    ] as const) {
      const result = await configure([...lines]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(named);
      expect(result.stderr).toMatch(/Nothing was saved\.\nhint: Run social-data configure again/);
      expect(result.stderr).not.toContain(KEY);
      expect(existsSync(bench.path('config.json'))).toBe(false);
    }
  });

  it('saves a cookie with no name=value pair, warning that the API may refuse it', async () => {
    const result = await configure([
      bench.sandbox.url,
      KEY,
      'garbage cookie',
      'http://user:pass@127.0.0.1:8080',
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: the session cookie holds no name=value pair/);
    expect(result.stderr).not.toContain('garbage cookie');
  });

  it('saves nothing when stdin holds nothing at all (a script whose stdin is empty)', async () => {
    const result = await bench.run(['configure'], { env: fileOnly, input: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^social-data: configure read nothing from stdin, which is not a terminal\. Nothing was saved\./,
    );
    expect(existsSync(bench.path('config.json'))).toBe(false);
  });

  it('saves a plain http:// address to another machine, and warns that commands will refuse it without the flag', async () => {
    const result = await configure(['http://api.example.com', KEY, '', '']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /\nsocial-data: warning: http:\/\/api\.example\.com is plain http:\/\/ to another machine, .* unless given --allow-insecure-http\.\n$/,
    );
    // The sandbox on loopback is plain http:// too, and is no warning.
    expect((await configure([bench.sandbox.url, KEY, '', ''])).stderr).not.toMatch(/warning/);
  });

  it('keeps the saved values where an answer is empty, and keeps other profiles', async () => {
    await configure([bench.sandbox.url, KEY, '', '']);
    await configure(['http://127.0.0.1:9', 'tda_other_key_0001', '', ''], 'work');
    await configure(['', '', 'auth_token=c', '']);
    const config = JSON.parse(readFileSync(bench.path('config.json'), 'utf8')) as {
      profiles: Record<string, object>;
    };
    expect(config.profiles.default).toEqual({
      baseUrl: bench.sandbox.url,
      apiKey: KEY,
      cookie: 'auth_token=c',
    });
    expect(config.profiles.work).toEqual({ baseUrl: 'http://127.0.0.1:9', apiKey: 'tda_other_key_0001' });
  });

  it('uses the profile given by --profile or SOCIAL_DATA_PROFILE, and refuses one that does not exist', async () => {
    await configure(['http://127.0.0.1:9', KEY, '', '']);
    await configure([bench.sandbox.url, 'tda_other_key_0001', '', ''], 'work');
    const args = ['user', 'get', '@social_data', '--retries', '0'];
    expect((await bench.run(args, { env: fileOnly })).code).toBe(1);
    expect((await bench.run([...args, '--profile', 'work'], { env: fileOnly })).code).toBe(0);
    expect((await bench.run(args, { env: { ...fileOnly, SOCIAL_DATA_PROFILE: 'work' } })).code).toBe(0);
    const missing = await bench.run([...args, '--profile', 'nope'], { env: fileOnly });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /no profile "nope".*\nhint: Run: social-data configure --profile nope \(profiles: default, work\)/,
    );
  });

  it('lets SOCIAL_DATA_* variables override the profile, each on its own', async () => {
    await configure(['http://127.0.0.1:9', 'tda_wrong_key_9999', '', '']);
    const result = await bench.run(['user', 'get', '@social_data'], {
      env: { ...fileOnly, SOCIAL_DATA_BASE_URL: bench.sandbox.url, SOCIAL_DATA_API_KEY: KEY },
    });
    expect(result.code).toBe(0);
  });

  it('refuses a config file others can read, naming the fix, and uses nothing of it', async () => {
    const path = bench.path('config.json');
    writeFileSync(
      path,
      JSON.stringify({ profiles: { default: { baseUrl: bench.sandbox.url, apiKey: KEY } } }),
    );
    chmodSync(path, 0o644);
    const result = await bench.run(['user', 'get', '@social_data'], { env: fileOnly });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`The config file ${path} can be read by other users (mode 0644).`);
    expect(result.stderr).toContain(`hint: Run: chmod 600 ${path}`);
    expect(result.stdout).toBe('');
    expect((await configure([bench.sandbox.url, KEY, '', ''])).code).toBe(2);
  });

  it('says which setting is missing when there is no config and no variable', async () => {
    const result = await bench.run(['user', 'get', '@social_data'], { env: fileOnly });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the API key is empty/);
    expect(result.stderr).toMatch(/hint: Set SOCIAL_DATA_API_KEY or run social-data configure/);
  });
});
