import { until } from '@social-data/test-support';

import type { Progress } from '../progress';
import type { Stack } from '../stack';
import type { Workflow } from './workflows';

/** n8n polls at most once a minute; one minute for the poll plus the time n8n takes to start. */
export const POLL_WAIT_MS = 150_000;

/**
 * Imports a trigger workflow, makes it active and starts `n8n start`; resolves once the
 * activation poll has read the trigger's feed (`endpoint`): it only takes note of `feed`.
 */
export async function startActive(
  { sandbox, n8n }: Stack,
  progress: Progress,
  workflow: Workflow,
  endpoint: string,
  feed: string,
): Promise<void> {
  await n8n.importWorkflow(workflow);
  await n8n.activate(workflow.id);
  await progress.long(
    `starting n8n with the workflow active (its first poll only takes note of ${feed})`,
    async () => {
      await n8n.start();
      await until('the activation poll', () => (sandbox.stats.byEndpoint[endpoint] ?? 0) >= 1, POLL_WAIT_MS);
    },
  );
}
