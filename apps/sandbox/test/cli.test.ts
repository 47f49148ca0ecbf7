import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

/** The built command line, as `npm run sandbox` starts it (issue 40, point 8). */
const CLI = join(__dirname, '..', 'dist', 'cli.js');
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 20_000 });

describe('the sandbox command line', () => {
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
