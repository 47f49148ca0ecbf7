import { startSandbox } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

export interface Connected {
  sandbox: Sandbox;
  authData: Record<string, string>;
}

/** A sandbox on loopback and a Zapier connection to it, with the session own-session steps need. */
export async function connectedSandbox(tag: string): Promise<Connected> {
  const apiKey = `tda_zapier${tag}Key_1`;
  const sandbox = await startSandbox({ keys: [apiKey] });
  return {
    sandbox,
    authData: {
      apiKey,
      baseUrl: sandbox.url,
      cookie: `auth_token=zap${tag}Cookie_1; ct0=zap${tag}Csrf_1`,
      proxy: `http://zapuser:zap${tag}Pass_1@127.0.0.1:8080`,
    },
  };
}

const ALL_BUT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Runs steps with the clock a step measures its 30 s budget on standing still, so a read over
 * real loopback ends by size or Max Items however busy the machine is (on a loaded machine a
 * 50,000-follower read was cut by time at 1.3 MB instead of by size). The time budget itself is
 * tested on a fake clock in `test/app/actions.time-budget.test.ts`.
 */
export async function withStepClockStopped<T>(steps: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({ doNotFake: [...ALL_BUT_DATE] });
  try {
    return await steps();
  } finally {
    jest.useRealTimers();
  }
}
