import { N8nInstance, Receiver, describeExecutions } from '@social-data/n8n-harness';
import type { N8nLine, StoredExecution } from '@social-data/n8n-harness';
import { SandboxControl, startSandbox } from '@social-data/sandbox';
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

export interface PollingN8n extends SandboxedN8n {
  control: SandboxControl;
  receiver: Receiver;
}

/**
 * A sandbox with its control API, a receiver for what the workflow posts, and n8n running the
 * workflow `build` makes for the receiver's address, active, once `activated` says its
 * activation polls have come. What was started is stopped again if a step fails.
 */
export async function startPollingN8n(
  line: N8nLine,
  prefix: string,
  build: (receiverUrl: string) => { id: string; [field: string]: unknown },
  activated: (sandbox: Sandbox) => boolean,
): Promise<PollingN8n> {
  const { sandbox, n8n } = await startSandboxedN8n(line, prefix, { control: true });
  let receiver: Receiver | undefined;
  let running = false;
  try {
    receiver = await Receiver.start();
    const workflow = build(receiver.url);
    await n8n.importWorkflow(workflow);
    await n8n.activate(workflow.id);
    await n8n.start();
    await untilIn(n8n, 'the activation polls', () => activated(sandbox), 180_000);
    running = true;
    return { sandbox, n8n, receiver, control: new SandboxControl(sandbox.url) };
  } finally {
    if (!running) await stopPollingN8n({ sandbox, n8n, ...(receiver ? { receiver } : {}) });
  }
}

export async function stopPollingN8n({ receiver, ...rest }: Partial<PollingN8n>): Promise<void> {
  await receiver?.close();
  await stopSandboxedN8n(rest);
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
