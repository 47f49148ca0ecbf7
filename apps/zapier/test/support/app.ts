import zapier from 'zapier-platform-core';
import type { Bundle } from 'zapier-platform-core';

import App from '../../src';

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

export type Kind = 'triggers' | 'searches' | 'creates';

export const everyStep: Array<[Kind, string]> = (['triggers', 'searches', 'creates'] as const).flatMap(
  (kind) => Object.keys(app[kind]).map((key) => [kind, key] as [Kind, string]),
);

export function run(kind: Kind, key: string, authData: object, inputData: object): Promise<unknown> {
  return appTester(app[kind][key]!.operation.perform as never, { authData, inputData } as never);
}

/** A value for every input a step takes, by field key. */
export function inputsFor(kind: Kind, key: string, values: Record<string, unknown>): Record<string, unknown> {
  const inputData: Record<string, unknown> = {};
  for (const field of app[kind][key]!.operation.inputFields) {
    if (values[field.key] !== undefined) inputData[field.key] = values[field.key];
    else if (field.required) throw new Error(`no test value for ${kind}.${key}.${field.key}`);
  }
  return inputData;
}
