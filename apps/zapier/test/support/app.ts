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

export function run(kind: Kind, key: string, authData: object, inputData: object): Promise<unknown> {
  return appTester(app[kind][key]!.operation.perform as never, { authData, inputData } as never);
}

/** A value for every input a step takes, by field key. */
export const inputsFor = (kind: Kind, key: string, values: Record<string, unknown>) =>
  inputsOf(app, kind, key, values);
