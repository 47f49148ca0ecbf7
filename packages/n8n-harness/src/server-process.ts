import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

import type { Runtime } from './install';

/**
 * A long-running n8n process (`n8n start`, `n8n worker`, `n8n webhook`) writing its output to a
 * log file, so the output survives the process and can be scanned afterwards.
 */
export class N8nProcess {
  private readonly child: ChildProcess;
  readonly exited: Promise<number | null>;

  constructor(
    runtime: Runtime,
    args: string[],
    env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {
    const log = openSync(logFile, 'w');
    this.child = spawn(runtime.node, [runtime.bin, ...args], { env, stdio: ['ignore', log, log] });
    closeSync(log);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  get log(): string {
    return readFileSync(this.logFile, 'utf8');
  }

  /** SIGTERM lets n8n finish what it runs; SIGKILL after `graceMs` if it does not. */
  async stop(graceMs = 30_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  /** Stops at once, as a crash or an OOM kill would. */
  async kill(): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/**
 * Resolves once `n8n start` serves its REST API. /healthz answers 200 while migrations still
 * run, and /healthz/readiness about three seconds before the REST routes exist (measured on
 * 1.123), so the last thing waited for is the settings route the editor loads first.
 */
export async function waitForReadiness(url: string, n8n: N8nProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const path of ['/healthz/readiness', '/rest/settings']) {
    for (;;) {
      if (!n8n.running) throw new Error(`n8n exited before it was ready:\n${n8n.log.slice(-3000)}`);
      if (Date.now() > deadline)
        throw new Error(`n8n at ${url} was not ready within ${timeoutMs} ms:\n${n8n.log.slice(-3000)}`);
      try {
        if ((await fetch(`${url}${path}`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
