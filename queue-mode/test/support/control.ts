/**
 * The control runs of issue 37: the trigger test with both triggers of its workflow polling at the
 * same second, which the default suite avoids (they poll 30 s apart). Chosen with
 * `QUEUE_MODE_CONTROL`, on n8n 2.x only, and run by hand (see the README):
 * - `same-second`: n8n's default poll mode, where each emit saves the whole workflow's static data
 *   without waiting for it (the race the README describes);
 * - `durable-cursors`: n8n 2.41's durable scheduler with per-node poll cursors, committed in one
 *   transaction with the execution they start.
 */
export type Control = 'same-second' | 'durable-cursors';

export const CONTROL = ((): Control | undefined => {
  const value = process.env.QUEUE_MODE_CONTROL;
  if (value === undefined || value === '') return undefined;
  if (value === 'same-second' || value === 'durable-cursors') return value;
  throw new Error(`QUEUE_MODE_CONTROL must be same-second or durable-cursors, not ${value}`);
})();

/** n8n 2.41.1's switches for durable poll cursors: all four are needed (poll-cursor.service.js). */
export const DURABLE_CURSORS_ENV: Record<string, string> = {
  N8N_SCHEDULER_ENABLED: 'true',
  N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
  N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
  N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** The extra environment of every n8n process for a control run. */
export function controlEnvironment(control: Control | undefined): Record<string, string> {
  return control === 'durable-cursors' ? DURABLE_CURSORS_ENV : {};
}
