import type { StoredBinary } from './stored-binary';
import type { CliResult } from './run-command';

export interface Item {
  json: Record<string, unknown>;
  binary?: Record<string, unknown>;
}

/** The result of `n8n execute --rawOutput`: the run and each node's output items. */
export class Execution {
  constructor(
    readonly result: CliResult,
    readonly run: Record<string, unknown> | null,
  ) {}

  get succeeded(): boolean {
    if (this.run === null || this.run.status === 'error') return false;
    return this.result.code === 0 || this.endedAfterRun;
  }

  /**
   * n8n printed the finished, successful run and was then ended by a signal on its way out
   * (decision E9): the run stands as n8n stored it, and the exit is n8n's.
   */
  get endedAfterRun(): boolean {
    return this.result.signal !== null && this.run?.finished === true && this.run.status === 'success';
  }

  /** Every item the node output on its first output, across its runs. */
  items(node: string): Item[] {
    const data = this.run?.data as { resultData?: { runData?: Record<string, unknown> } } | undefined;
    const runs = data?.resultData?.runData?.[node] as Array<{ data?: { main?: Item[][] } }> | undefined;
    if (!runs) throw new Error(`node "${node}" did not run:\n${this.result.stdout.slice(0, 2000)}`);
    return runs.flatMap((nodeRun) => nodeRun.data?.main?.[0] ?? []);
  }

  /** The error n8n recorded for the run, if any. */
  get error(): string | undefined {
    const data = this.run?.data as { resultData?: { error?: { message?: string } } } | undefined;
    return data?.resultData?.error?.message;
  }

  /** What n8n printed, then how it exited: a run can print as a success and still exit non-zero. */
  get output(): string {
    const { code, signal } = this.result;
    const exit = signal ? `was ended by ${signal}` : `exited with code ${code}`;
    return `${this.result.stdout}\n${this.result.stderr}\n(n8n ${exit})`;
  }
}

/** An execution read back from n8n's database. */
export interface StoredExecution {
  id: string;
  workflowId: string;
  status: string;
  mode: string;
  /** Output items of each node that ran, by node name. */
  nodes: Record<string, Array<Record<string, unknown>>>;
  /** The binary properties of those items, in the same order (`{}` for an item without any). */
  binaries: Record<string, Array<Record<string, StoredBinary>>>;
  /** What the execution ended with when it failed: the failing node's name and the message. */
  error?: string;
}

/** The ids a node emitted across stored executions. */
export function emittedIds(executions: StoredExecution[], node: string): string[] {
  return executions.flatMap((execution) => (execution.nodes[node] ?? []).map((json) => String(json.id)));
}

/**
 * What n8n ran, one line per execution (the last `last` of them): a test that timed out waiting
 * for items then shows whether the trigger emitted them, a later node failed, or nothing ran.
 */
export function describeExecutions(executions: StoredExecution[], last = 20): string {
  const lines = executions.slice(-last).map((execution) => `  ${describeExecution(execution)}`);
  const skipped = executions.length > last ? ` (the last ${last} shown)` : '';
  return [`n8n executions: ${executions.length}${skipped}`, ...lines].join('\n');
}

/** One execution on one line: mode, status, items per node and the error it ended with. */
export function describeExecution(execution: StoredExecution): string {
  const nodes = Object.entries(execution.nodes)
    .map(([name, items]) => `${name} ${items.length}`)
    .join(', ');
  const error = execution.error ? ` — ${execution.error}` : '';
  return `#${execution.id} ${execution.mode} ${execution.status}: ${nodes || 'no node ran'}${error}`;
}
