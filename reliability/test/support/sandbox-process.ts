import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';

/** The built CLI, found through the workspace link so the suite runs what `npm run sandbox` runs. */
const CLI = join(dirname(require.resolve('@social-data/sandbox')), 'cli.js');
const PROBE = join(__dirname, 'memory-probe.cjs');

export interface Memory {
  /** Resident memory, in bytes. */
  rss: number;
  /** V8 heap in use right after a full collection, in bytes. */
  heapUsed: number;
}

export interface SandboxProcess {
  url: string;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

/** Starts the sandbox CLI in its own process on a free loopback port; resolves once it listens. */
export async function startSandboxProcess(key: string): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--require', PROBE, CLI, '--port', '0', '--key', key],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = async (pattern: RegExp, from: number): Promise<string> => {
    const deadline = Date.now() + 20_000;
    let match: RegExpExecArray | null;
    while (!(match = pattern.exec(output.slice(from)))) {
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`the sandbox process stopped answering:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return match[1]!;
  };
  const url = await waitFor(/listening on (\S+)/, 0);
  return {
    url,
    async memory() {
      const from = output.length;
      child.kill('SIGUSR2');
      return JSON.parse(await waitFor(/memory (\{.*\})\n/, from)) as Memory;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await once(child, 'exit');
      clearTimeout(timer);
    },
  };
}
