import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

import { SandboxControl } from './control-client';

/** The built CLI beside this module in dist/ (tsup's shims give ESM a `__dirname`). */
const CLI = join(__dirname, 'cli.js');

export interface SandboxProcess {
  url: string;
  /** Its control API: faults and changes to the world, over HTTP. */
  control: SandboxControl;
  /** Resolves to the first match of `pattern` in what it prints from `from` on (a length of `printed()`). */
  waitForOutput(pattern: RegExp, from: number): Promise<RegExpExecArray>;
  /** What it printed so far, stdout and stderr. */
  printed(): string;
  /** Sends it a signal (a probe loaded with `nodeOptions` may answer one). */
  signal(name: NodeJS.Signals): void;
  stop(): Promise<void>;
}

/**
 * The sandbox in a process of its own, with its control API, on a free loopback port. For reads of
 * hundreds of thousands of records: inside a jest worker the sandbox serves pages several times
 * slower than on its own (the million-follower file runs took 93 s that way, 26 s against the
 * sandbox in a plain Node process), and the test's own work competes with it on one event loop.
 */
export async function startSandboxProcess(
  keys: string[],
  { nodeOptions = [] }: { nodeOptions?: string[] } = {},
): Promise<SandboxProcess> {
  const args = [...nodeOptions, CLI, '--port', '0', '--control', ...keys.flatMap((key) => ['--key', key])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waitForOutput = async (pattern: RegExp, from: number): Promise<RegExpExecArray> => {
    const deadline = Date.now() + 30_000;
    let match: RegExpExecArray | null;
    while (!(match = pattern.exec(output.slice(from)))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the sandbox process printed no ${String(pattern)}:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return match;
  };
  const url = (await waitForOutput(/listening on (\S+)/, 0))[1]!;
  return {
    url,
    control: new SandboxControl(url),
    waitForOutput,
    printed: () => output,
    signal: (name) => child.kill(name),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}
