import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { render } from 'svg-term';
import { BIN, Bench } from './support/cli';
import { Terminal, tmuxInstalled } from './support/terminal';

const REPO = resolve(__dirname, '../../..');
const REPORTS = join(REPO, '.reports', 'cli');
/** The README's recorded session, as this test made it (UPDATE_README_SCREENSHOTS=1 takes it again). */
const README_SVG = join(REPO, 'docs', 'images', 'cli-session.svg');

const bench = new Bench();
let terminal: Terminal;
const KEY = 'tda_typed_in_a_terminal_8086';
const COOKIE = 'auth_token=typed_cookie_6502; ct0=typed_csrf_z80';

beforeAll(async () => {
  // CI installs tmux (.ci/run); a machine without it fails here rather than skipping the test.
  expect(tmuxInstalled()).toBe(true);
  await bench.start({ keys: [KEY, 'tda_sandbox_demo_key'] });
  const bin = bench.path('bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'social-data'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(bin, 'social-data'), 0o755);
  terminal = new Terminal(
    // The config file relative to the session's folder, so the recording names no path of this machine.
    bench.env({
      PATH: `${bin}:${process.env.PATH}`,
      SOCIAL_DATA_API_KEY: 'tda_sandbox_demo_key',
      SOCIAL_DATA_CONFIG: 'config.json',
    }),
    bench.home,
  );
});

afterAll(async () => {
  terminal?.close();
  await bench.close();
});

const EXPORT =
  'social-data user followers @followers_100k --all -o followers.jsonl --checkpoint followers.checkpoint';
const BAR = /([5-9]|\d\d)% \| [\d,]+\/100,000 records \| [\d,]+ pages \| [\d,]+\/s \| \d+s/;

describe('in a real terminal (tmux)', () => {
  it('draws a progress bar with the total from the profile, and Ctrl-C saves the checkpoint and exits 130', async () => {
    terminal.enter(EXPORT);
    await terminal.waitFor('the progress bar past 5%', BAR);
    terminal.press('C-c');
    expect(await terminal.exitCode()).toBe(130);
    const stopped = terminal.screen();
    expect(stopped).toContain(
      'interrupted; the checkpoint followers.checkpoint is saved: run the same command to continue.',
    );
    expect(stopped).not.toMatch(/records \|/);
    const saved = JSON.parse(readFileSync(bench.path('followers.checkpoint'), 'utf8')) as { records: number };
    expect(saved.records).toBeGreaterThan(0);
    expect(saved.records).toBeLessThan(100_000);
  });

  it('continues from the checkpoint to the end, says where it resumed, clears the bar and sums up', async () => {
    const { records, pages } = JSON.parse(readFileSync(bench.path('followers.checkpoint'), 'utf8')) as {
      records: number;
      pages: number;
    };
    expect(await terminal.run(EXPORT)).toBe(0);
    const screen = terminal.screen();
    expect(screen).toContain(
      `social-data: resuming at record ${records.toLocaleString('en-US')} (page ${pages.toLocaleString('en-US')}) from followers.checkpoint`,
    );
    expect(screen).toMatch(
      new RegExp(
        `social-data: 100,000 records in [\\d,]+ pages, ${(100_000 - records).toLocaleString('en-US')} of them in this run \\([\\d.]+ s\\)`,
      ),
    );
    expect(screen).not.toMatch(/records \|/);
    expect(await terminal.run('wc -l < followers.jsonl')).toBe(0);
    expect(terminal.screen()).toMatch(/^100000$/m);
    expect(existsSync(bench.path('followers.checkpoint'))).toBe(false);
  });

  /**
   * Screens of a running command for two seconds, then Ctrl-C. With `started`, the two seconds
   * start once the screen shows it: a busy machine may take them to start the command at all.
   */
  async function screensWhileRunning(line: string, started?: RegExp): Promise<string[]> {
    terminal.enter(line);
    const screens: string[] = started ? [await terminal.waitFor('the command to start', started)] : [];
    for (let read = 0; read < 10; read += 1) {
      screens.push(terminal.screen());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    terminal.press('C-c');
    expect(await terminal.exitCode()).toBe(130);
    return screens;
  }

  it('draws no progress with --quiet, nor while the records scroll through the same terminal', async () => {
    terminal.recording = false;
    const quiet = await screensWhileRunning(
      'social-data user followers @followers_100k --all --quiet -o quiet.jsonl',
    );
    expect(quiet.filter((screen) => /records \|/.test(screen))).toEqual([]);
    const scrolling = await screensWhileRunning(
      'social-data user followers @followers_100k --all --format ids',
      /^\d{19}$/m,
    );
    expect(scrolling.filter((screen) => /records \|/.test(screen))).toEqual([]);
    terminal.recording = true;
  });

  it('shows nothing on stderr but errors when stderr is not a terminal', async () => {
    expect(
      await terminal.run('social-data user followers @followers_1k --all --format ids 2>stderr.txt | wc -l'),
    ).toBe(0);
    expect(terminal.screen()).toMatch(/^1000$/m);
    expect(readFileSync(bench.path('stderr.txt'), 'utf8')).toBe('');
  });

  it('hides the key and the cookie while they are typed into configure, and saves them 0600', async () => {
    terminal.enter('social-data configure --profile typed');
    await terminal.waitFor('the base URL prompt', /\? Base URL of the API/);
    terminal.type(bench.sandbox.url);
    terminal.press('Enter');
    await terminal.waitFor('the key prompt', /\? API key/);
    terminal.type(KEY);
    expect(terminal.screen()).not.toContain(KEY);
    terminal.press('Enter');
    await terminal.waitFor('the cookie prompt', /\? Session cookie/);
    terminal.type(COOKIE);
    expect(terminal.screen()).not.toContain('typed_cookie_6502');
    terminal.press('Enter');
    await terminal.waitFor('the proxy prompt', /\? Proxy URL/);
    terminal.press('Enter');
    expect(await terminal.exitCode()).toBe(0);
    const history = terminal.history();
    expect(history).not.toContain(KEY);
    expect(history).not.toContain('typed_cookie_6502');
    expect(statSync(bench.path('config.json')).mode & 0o777).toBe(0o600);
    const profile = (
      JSON.parse(readFileSync(bench.path('config.json'), 'utf8')) as { profiles: Record<string, object> }
    ).profiles.typed;
    expect(profile).toEqual({ baseUrl: bench.sandbox.url, apiKey: KEY, cookie: COOKIE });
    const code = await terminal.run(
      'SOCIAL_DATA_API_KEY= social-data user get @social_data --profile typed --format ids',
    );
    // The screen comes with a failure: once, under load, this exited 1 and left no trace of why.
    expect({ code, screen: code === 0 ? '' : terminal.screen() }).toEqual({ code: 0, screen: '' });
  });

  it('leaves the session as an animated SVG (the README shows it)', () => {
    mkdirSync(REPORTS, { recursive: true });
    const cast = join(REPORTS, 'session.cast');
    terminal.saveCast(cast);
    const svg = render(readFileSync(cast, 'utf8'), { window: true, idle: 1000, paddingX: 2, paddingY: 2 });
    expect(svg).toMatch(/^<svg/);
    for (const secret of ['typed_in_a_terminal_8086', 'typed_cookie_6502', 'typed_csrf_z80']) {
      expect(svg).not.toContain(secret);
      expect(readFileSync(cast, 'utf8')).not.toContain(secret);
    }
    expect(svg).not.toContain(bench.home);
    writeFileSync(join(REPORTS, 'session.svg'), svg);
    if (process.env.UPDATE_README_SCREENSHOTS === '1') {
      mkdirSync(join(REPO, 'docs', 'images'), { recursive: true });
      copyFileSync(join(REPORTS, 'session.svg'), README_SVG);
    }
  });
});
