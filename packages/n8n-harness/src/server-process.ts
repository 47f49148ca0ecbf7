import { LoggedProcess } from '@social-data/test-support';

import type { Runtime } from './install';

/**
 * A long-running n8n process (`n8n start`, `n8n worker`, `n8n webhook`) writing its output to a
 * log file, so the output survives the process and can be scanned afterwards.
 */
export interface N8nProcess {
  readonly logFile: string;
  readonly exited: Promise<number | null>;
  readonly running: boolean;
  readonly log: string;
  /** SIGTERM lets n8n finish what it runs; SIGKILL after `graceMs` (30 s) if it does not. */
  stop(graceMs?: number): Promise<void>;
  /** Stops at once, as a crash or an OOM kill would. */
  kill(): Promise<void>;
}

export function startN8nProcess(
  runtime: Runtime,
  args: string[],
  env: NodeJS.ProcessEnv,
  logFile: string,
): N8nProcess {
  return new LoggedProcess(runtime.node, [runtime.bin, ...args], logFile, { env, graceMs: 30_000 });
}

/** What `n8n start` prints once it listens and its workflows are active (1.x and 2.x). */
const LISTENING = 'Editor is now accessible via';

/**
 * Resolves once `n8n start` serves its REST API. /healthz answers 200 while migrations still
 * run, and /healthz/readiness about three seconds before the REST routes exist (measured on
 * 1.123), so the last thing waited for is the settings route the editor loads first. The limit is
 * a hang guard: in CI beside other real n8n runs, a 2.x start took minutes.
 */
export async function waitForReadiness(url: string, n8n: N8nProcess, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Its own word first: another n8n on the same port answers the URL too, while this one is still
  // starting and about to exit with the port in use (CI ran the 2.x editor test against the 1.x
  // editor's n8n that way, and failed when that one stopped).
  while (!n8n.log.includes(LISTENING)) {
    if (!n8n.running) throw new Error(`n8n exited before it was ready:\n${n8n.log.slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(`n8n at ${url} was not ready within ${timeoutMs} ms:\n${n8n.log.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
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
