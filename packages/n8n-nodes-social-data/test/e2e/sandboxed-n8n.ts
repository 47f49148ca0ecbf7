import { N8nInstance, describeExecutions } from '@social-data/n8n-harness';
import type { N8nLine, StoredExecution } from '@social-data/n8n-harness';
import { startSandbox } from '@social-data/sandbox';
import type { Sandbox, SandboxOptions } from '@social-data/sandbox';
import { until } from '@social-data/test-support';

import { API_KEY, sandboxCredentials } from './credentials';

export interface SandboxedN8n {
  sandbox: Sandbox;
  n8n: N8nInstance;
}

/**
 * A sandbox that takes the suite's key, and a throwaway n8n holding the credentials for it, with
 * `env` for every n8n command and process.
 */
export async function startSandboxedN8n(
  line: N8nLine,
  prefix: string,
  options: Omit<SandboxOptions, 'keys'> = {},
  env: Record<string, string> = {},
): Promise<SandboxedN8n> {
  const sandbox = await startSandbox({ ...options, keys: [API_KEY] });
  const n8n = new N8nInstance(line, { prefix: `${prefix}-${line}-`, env });
  await n8n.importCredentials(sandboxCredentials(sandbox.url));
  return { sandbox, n8n };
}

/** Stops what a suite started, also after a beforeAll that failed half-way. */
export async function stopSandboxedN8n({ sandbox, n8n }: Partial<SandboxedN8n>): Promise<void> {
  await n8n?.stop();
  await sandbox?.close();
  await n8n?.remove();
}

/** What n8n ran so far, or why that could not be read. */
function executionsOf(n8n: N8nInstance): string {
  try {
    return describeExecutions(n8n.executions());
  } catch (error) {
    return `n8n executions could not be read: ${(error as Error).message}`;
  }
}

/** Waits for what n8n is to do, such as a poll; fails with what n8n ran and the end of its log. */
export function untilIn(
  n8n: N8nInstance,
  what: string,
  condition: () => boolean,
  ms: number,
  detail: () => string = () => '',
): Promise<void> {
  return until(what, condition, ms, () =>
    `${detail()}\n${executionsOf(n8n)}\n${n8n.log.slice(-4000)}`.trim(),
  );
}

/** Lets the execution a last poll started finish, stops n8n and reads every execution it stored. */
export async function stopAndReadExecutions(n8n: N8nInstance): Promise<StoredExecution[]> {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  await n8n.stop();
  return n8n.executions();
}
