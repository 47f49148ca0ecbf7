import App from 'social-data-zapier';
import zapier from 'zapier-platform-core';
import { everyStepOf, inputsOf } from '@social-data/test-support';
import type { Kind } from '@social-data/test-support';

import type { Text } from './secrets';
import { textsOf } from './secrets';

export type { Kind };

type Handler = (event: object) => Promise<{ results: unknown }>;
// Zapier's lambda handler, which its app tester wraps, takes a logger of its own: every line
// Zapier would send to its log service (HTTP requests and answers, errors) after censoring.
const handler = (zapier as unknown as { createAppHandler(app: object): Handler }).createAppHandler(App);

export const app = App;

export const everyStep = everyStepOf(App);

export interface StepRun {
  result: unknown;
  error: unknown;
  logs: string[];
}

/**
 * What `z.cache` holds between steps, as zapier-platform-core's own tester keeps it
 * (`zcacheTestObj`): the removal triggers keep their feed state there (decision Z14), and without
 * it z.cache asks Zapier's RPC service, which needs a deploy key.
 */
const zcache: Record<string, unknown> = {};

let zaps = 0;

/** Runs one step as Zapier would, with what it returned or threw and every log line it wrote. */
export async function runStep(
  kind: Kind,
  key: string,
  authData: object,
  inputData: object,
  zap?: string,
): Promise<StepRun> {
  const logs: string[] = [];
  const event = {
    command: 'execute',
    method: `${kind}.${key}.operation.perform`,
    // Each run is a Zap of its own (a trigger's run is that Zap's first poll, whatever ran
    // before) unless it names the Zap whose next poll it is.
    bundle: { authData, inputData, meta: { zap: { id: zap ?? `reliability-${++zaps}` } } },
    customLogger: (message: string, data: unknown) => logs.push(message, JSON.stringify(data)),
    zcacheTestObj: zcache,
  };
  return handler(event).then(
    ({ results }) => ({ result: results, error: undefined, logs }),
    (error: unknown) => ({ result: undefined, error, logs }),
  );
}

/** Everything a step produced, for the secret scan. */
export function textsOfStep(run: StepRun, where: string): Text[] {
  return [
    ...textsOf(run.result, `${where}: the result`),
    ...textsOf(run.error, `${where}: the error`),
    ...run.logs.map((text, line) => ({ where: `${where}: Zapier log line ${line + 1}`, text })),
  ];
}

/** A value for every input a step takes, by field key. */
export const inputsFor = (kind: Kind, key: string, values: Record<string, unknown>) =>
  inputsOf(App, kind, key, values);

/** What Zapier's errors carry in their message: JSON with the message and a code or delay. */
export function zapierError(error: unknown): {
  name: string;
  message: string;
  code?: string;
  status?: number;
  delay?: number;
} {
  if (!(error instanceof Error)) throw new Error('the step returned where it should have failed');
  return { name: error.name, ...(JSON.parse(error.message) as { message: string }) };
}
