import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The built command line, as `npm run sandbox` starts it (issue 40, point 8). */
const CLI = join(__dirname, '..', 'dist', 'cli.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

const ROOT = join(__dirname, '..', '..', '..');

/**
 * The root script's own line, run as npm runs it (`sh -c`), the build before its `&&` already
 * done: npm hands a Ctrl-C or SIGINT to that shell alone, so the sandbox must be the shell.
 */
function rootScript(name: string): string {
  const scripts = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;
  return scripts[name]!.replace(/^.*? && /, '');
}

describe('the sandbox command line', () => {
  it('stops on a SIGINT sent to the process npm started for `npm run sandbox`, and says so', async () => {
    const shell = spawn('sh', ['-c', `${rootScript('sandbox')} --port 0`], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    shell.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = once(shell, 'exit');
    for (let waited = 0; !/127\.0\.0\.1:\d+/.test(stdout) && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout)![0];
    shell.kill('SIGINT');
    const ended = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    if (ended === 'still running') shell.kill('SIGKILL');
    expect(ended).toEqual([0, null]);
    expect(stdout).toContain('The sandbox stopped.');
    await expect(fetch(`${url}/_sandbox/directory`)).rejects.toThrow();
  });

  it('the dev and demo scripts hand the signal to their node process as well', () => {
    for (const name of ['dev', 'demo']) expect(rootScript(name)).toMatch(/^exec node /);
  });

  it('prints its usage on --help and exits 0', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: social-data-sandbox \[options\]/);
    expect(help.stdout).toContain('--port <n>');
  });

  it('refuses an unknown flag with its name and the usage, exit 2, no stack trace', () => {
    const bad = run('--nope');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--nope'/);
    expect(bad.stderr).toContain('Usage: social-data-sandbox');
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it('says to pick another --port when the port is taken', async () => {
    const first = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const [chunk] = (await once(first.stdout, 'data')) as [Buffer];
      const port = /127\.0\.0\.1:(\d+)/.exec(chunk.toString())![1]!;
      const second = run('--port', port);
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`Another process listens on port ${port}: pick another with --port`);
    } finally {
      first.kill('SIGTERM');
      await once(first, 'exit');
    }
  });
});
