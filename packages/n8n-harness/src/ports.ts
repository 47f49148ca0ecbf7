import { createServer } from 'node:net';

import type { N8nProcess } from './server-process';

/**
 * Ports handed out by this process. The kernel may hand the same free port to two binds made
 * one after the other once the first has closed, so two n8n processes started together could be
 * told the same port (a queue-mode worker once refused to start that way).
 */
const handedOut = new Set<number>();
const ATTEMPTS = 100;

function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A loopback port that was free a moment ago and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = await unusedPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no loopback port this process has not handed out already, after ${ATTEMPTS} tries`);
}

/** Whether an n8n process's log says it stopped for a port in use. */
export function exitedForPortInUse(log: string): boolean {
  return /already in use|EADDRINUSE/.test(log);
}

/** How many times a harness starts a process on new ports before it gives up. */
export const PORT_ATTEMPTS = 3;

/**
 * Starts an n8n process on ports `start` chooses and waits until `ready`. A port is free when
 * chosen, but another process on the machine may bind it before n8n does: a start that stopped
 * for a port in use is made again (on the new ports `start` chooses), at most PORT_ATTEMPTS
 * times; `onRetry` gets the process that gave up, to keep its log.
 */
export async function startOnFreePorts<T>(
  start: () => Promise<T>,
  processOf: (started: T) => N8nProcess,
  ready: (started: T) => Promise<void>,
  onRetry: (gaveUp: N8nProcess) => void = () => undefined,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const started = await start();
    try {
      await ready(started);
      return started;
    } catch (error) {
      const process = processOf(started);
      if (attempt >= PORT_ATTEMPTS || process.running || !exitedForPortInUse(process.log)) throw error;
      onRetry(process);
    }
  }
}
