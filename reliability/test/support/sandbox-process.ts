import { join } from 'node:path';

import { startSandboxProcess } from '@social-data/sandbox';

const PROBE = join(__dirname, 'memory-probe.cjs');

export interface Memory {
  /** Resident memory, in bytes. */
  rss: number;
  /** V8 heap in use right after a full collection, in bytes. */
  heapUsed: number;
}

export interface ProbedSandbox {
  url: string;
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

/**
 * The sandbox CLI in its own process (what `npm run sandbox` runs), with a probe that prints its
 * memory after a full collection when it gets SIGUSR2.
 */
export async function startProbedSandbox(key: string): Promise<ProbedSandbox> {
  const sandbox = await startSandboxProcess([key], { nodeOptions: ['--expose-gc', '--require', PROBE] });
  return {
    url: sandbox.url,
    async memory() {
      const from = sandbox.printed().length;
      sandbox.signal('SIGUSR2');
      return JSON.parse((await sandbox.waitForOutput(/memory (\{.*\})\n/, from))[1]!) as Memory;
    },
    stop: () => sandbox.stop(),
  };
}
