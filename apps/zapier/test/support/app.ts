import { everyStepOf, inputsOf } from '@social-data/test-support';
import type { Kind } from '@social-data/test-support';
import zapier from 'zapier-platform-core';
import type { Bundle } from 'zapier-platform-core';

import App from '../../src';

export type { Kind };

export interface Step {
  key: string;
  operation: {
    perform: (z: never, bundle: Bundle) => Promise<unknown>;
    inputFields: Array<{ key: string; required?: boolean }>;
  };
}

export const app = App as unknown as {
  triggers: Record<string, Step>;
  searches: Record<string, Step>;
  creates: Record<string, Step>;
  authentication: { test: (z: never, bundle: Bundle) => Promise<unknown> };
};

export const appTester = zapier.createAppTester(App);

export const everyStep = everyStepOf(app);

/**
 * Runs a step as Zapier does. `meta` as Zapier passes it: `{ zap: { id } }` makes a trigger's
 * poll that Zap's own (a new id: the Zap's first poll), `{ isLoadingSample: true }` the editor's
 * "Test trigger".
 */
export function run(
  kind: Kind,
  key: string,
  authData: object,
  inputData: object,
  meta?: object,
): Promise<unknown> {
  return appTester(
    app[kind][key]!.operation.perform as never,
    { authData, inputData, ...(meta ? { meta } : {}) } as never,
  );
}

let zaps = 0;
/** The meta of a Zap that has not polled yet, so a trigger's next poll is its first. */
export const newZap = () => ({ zap: { id: `test-zap-${++zaps}` } });

/** A value for every input a step takes, by field key. */
export const inputsFor = (kind: Kind, key: string, values: Record<string, unknown>) =>
  inputsOf(app, kind, key, values);
