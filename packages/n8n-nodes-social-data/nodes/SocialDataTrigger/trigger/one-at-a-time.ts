import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

/**
 * How long a poll may keep its trigger to itself. Past this a poll is taken for lost (a promise
 * that never settles) and the next one runs, so a stuck poll cannot silence a trigger for good.
 */
export const HELD_AT_MOST_MS = 10 * 60_000;

/** When each trigger's running poll started, by workflow and node, in this n8n process. */
const running = new Map<string, number>();

function triggerKey(context: IPollFunctions): string {
  const node = context.getNode();
  return `${context.getWorkflow().id ?? ''}\u0000${node.id ?? node.name}`;
}

/**
 * Runs one poll of a trigger unless an earlier poll of the same trigger is still running. n8n
 * starts a poll on every tick of its schedule whether or not the last one has ended, and both
 * would read the same saved state: a poll that outlasts its interval (a slow API, a 429's wait,
 * a backlog of many pages) would have its new items emitted twice. The poll that finds its
 * trigger busy emits nothing and leaves the state alone, so the next one reads on from where the
 * busy one left off. A manual "Fetch Test Event" keeps no state and always runs.
 */
export async function oneAtATime(
  context: IPollFunctions,
  poll: () => Promise<INodeExecutionData[][] | null>,
  now: () => number = Date.now,
): Promise<INodeExecutionData[][] | null> {
  if (context.getMode() === 'manual') return await poll();
  const key = triggerKey(context);
  const startedAt = now();
  const busySince = running.get(key);
  if (busySince !== undefined && startedAt - busySince < HELD_AT_MOST_MS) {
    context.logger.warn(
      `Social Data Trigger: skipped this poll because the previous one is still running after ` +
        `${Math.round((startedAt - busySince) / 1000)} s; two at once would emit its items twice. ` +
        'If this repeats, poll less often or lower Max Pages per Poll.',
    );
    return null;
  }
  running.set(key, startedAt);
  try {
    return await poll();
  } finally {
    // A poll taken for lost may end after the one that replaced it started; it must not free
    // the trigger from under that one.
    if (running.get(key) === startedAt) running.delete(key);
  }
}
