import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Log } from './log';
import { CACHE_DIR } from './paths';

const WAIT_LIMIT_MS = 20 * 60_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A lock whose holder died (a killed test run) must not block every later run. */
function holderGone(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return false;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      // Between mkdir and the pid write; only a lock that stays without a pid is stale.
      try {
        return Date.now() - statSync(lock).mtimeMs > 30_000;
      } catch {
        return true;
      }
    }
    return true;
  }
}

/**
 * Runs an install under a lock in the cache (CACHE_DIR), so test suites that start side by side (the n8n
 * end-to-end tests, the demo's tests, the queue-mode suite) install each n8n once instead of
 * writing into the same folder at the same time.
 */
export function withInstallLock<T>(name: string, log: Log, install: () => T): T {
  mkdirSync(CACHE_DIR, { recursive: true });
  const lock = join(CACHE_DIR, `${name}.lock`);
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (holderGone(lock)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new Error(`${lock} is still held after ${WAIT_LIMIT_MS / 60_000} minutes`);
    if (!announced) log(`waiting for another process that installs ${name}`);
    announced = true;
    sleepSync(1000);
  }
  writeFileSync(join(lock, 'pid'), String(process.pid));
  try {
    return install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
