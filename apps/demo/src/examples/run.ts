import type { Execution } from '@social-data/n8n-harness';

import type { Stack } from '../stack';
import type { Workflow } from './workflows';

/** Imports a workflow and runs it once with `n8n execute`; throws with n8n's error if it fails. */
export async function importAndExecute(stack: Stack, workflow: Workflow): Promise<Execution> {
  await stack.n8n.importWorkflow(workflow);
  const execution = await stack.n8n.execute(workflow.id);
  if (!execution.succeeded)
    throw new Error(
      `"${workflow.name}" failed: ${execution.error ?? 'see the output below'}\n${execution.output.slice(-3000)}`,
    );
  if (execution.endedAfterRun)
    console.warn(
      `"${workflow.name}" finished, then n8n was ended by ${execution.result.signal} (decision E9)`,
    );
  return execution;
}
