import { everyStepOf, inputsOf } from '@social-data/test-support';
import type { Kind } from '@social-data/test-support';
import zapier from 'zapier-platform-core';
import type { Bundle, ZObject } from 'zapier-platform-core';

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

/** `z.cache` as zapier-platform-core runs it: every call takes a scope (its typings omit some). */
interface Cache {
  get(key: string, scope?: string[] | null): Promise<unknown>;
  set(key: string, value: unknown, ttl?: number, scope?: string[] | null, nx?: boolean): Promise<unknown>;
  delete(key: string, scope?: string[] | null): Promise<unknown>;
}

/**
 * `z.cache` as Zapier's own keeps it: by key and scope together, so a value set under a scope is
 * found only under that scope. The tester's cache keys by the key alone, which hid a state read
 * without the scope it was saved under (every poll on Zapier would have started over).
 */
function scopedCache(cache: Cache): Cache {
  const scoped = (key: string, scope: string[] | null = null) => JSON.stringify([key, scope]);
  return {
    get: (key, scope) => cache.get(scoped(key, scope), scope),
    set: (key, value, ttl, scope, nx) => cache.set(scoped(key, scope), value, ttl, scope, nx),
    delete: (key, scope) => cache.delete(scoped(key, scope), scope),
  };
}

/** A step of the app run with Zapier's scoped cache (what every test of a step goes through). */
export const withZapierCache =
  <T>(perform: (z: ZObject, bundle: Bundle) => T) =>
  (z: ZObject, bundle: Bundle) =>
    perform({ ...z, cache: scopedCache(z.cache as unknown as Cache) as unknown as ZObject['cache'] }, bundle);

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
    withZapierCache(app[kind][key]!.operation.perform as never) as never,
    { authData, inputData, ...(meta ? { meta } : {}) } as never,
  );
}

let zaps = 0;
/** The meta of a Zap that has not polled yet, so a trigger's next poll is its first. */
export const newZap = () => ({ zap: { id: `test-zap-${++zaps}` } });

/** A value for every input a step takes, by field key. */
export const inputsFor = (kind: Kind, key: string, values: Record<string, unknown>) =>
  inputsOf(app, kind, key, values);
