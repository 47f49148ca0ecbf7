import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LoggedProcess } from '../src';
import type { LoggedProcessOptions } from '../src';

let folder: string;
beforeAll(() => (folder = mkdtempSync(join(tmpdir(), 'test-support-process-'))));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A node process that prints the pid of a child it forked, then waits. */
const FORKS = `
const child = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log('child ' + child.pid);
setInterval(() => {}, 1000);
`;

async function childOf(server: LoggedProcess): Promise<number> {
  for (;;) {
    const pid = /child (\d+)/.exec(server.log)?.[1];
    if (pid) return Number(pid);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('LoggedProcess', () => {
  it('keeps what the process printed in its log file, after it ended too', async () => {
    const printer = new LoggedProcess(
      process.execPath,
      ['-e', 'console.log("out"); console.error("err")'],
      join(folder, 'printer.log'),
    );
    expect(await printer.exited).toBe(0);
    expect(printer.running).toBe(false);
    expect(printer.log).toBe('out\nerr\n');
  });

  it('stops a process group with the server, so nothing it forked is left behind', async () => {
    const server = new LoggedProcess(process.execPath, ['-e', FORKS], join(folder, 'group.log'), {
      group: true,
    });
    const child = await childOf(server);
    expect(alive(child)).toBe(true);
    await server.stop();
    expect(server.running).toBe(false);
    // The child may take a moment to be reaped once the signal reached it.
    for (let tries = 0; alive(child) && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(child)).toBe(false);
  });

  /** A node process that logs `signal` when it gets it, then `ready` once it listens for it. */
  async function startHandling(signal: NodeJS.Signals, exits: boolean, options: LoggedProcessOptions) {
    const script =
      `process.on("${signal}", () => { console.log("${signal}"); ${exits ? 'process.exit(0);' : ''} });` +
      'console.log("ready"); setInterval(() => {}, 1000)';
    const started = new LoggedProcess(
      process.execPath,
      ['-e', script],
      join(folder, `${signal}.log`),
      options,
    );
    while (!started.log.includes('ready')) await new Promise((resolve) => setTimeout(resolve, 50));
    return started;
  }

  it('kills a process that ignores its stop signal once the grace period is over', async () => {
    // Room for a busy machine to run the handler, which logs the signal, before the kill.
    const stubborn = await startHandling('SIGTERM', false, { graceMs: 2_000 });
    await stubborn.stop();
    expect(stubborn.running).toBe(false);
    expect(stubborn.log).toContain('SIGTERM');
  });

  it('stops with the signal the server asks for', async () => {
    const server = await startHandling('SIGINT', true, { stopSignal: 'SIGINT', group: true });
    await server.stop();
    expect(server.log).toContain('SIGINT');
    expect(await server.exited).toBe(0);
  });
});
