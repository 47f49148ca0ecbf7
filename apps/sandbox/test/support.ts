import { createClient } from '@social-data/core/node';
import type { NodeClientOptions } from '@social-data/core/node';
import { startSandbox } from '../src';
import type { Sandbox, SandboxOptions } from '../src';

export const COOKIE = 'auth_token=sandbox-session; ct0=sandbox-csrf';
export const PROXY = 'http://user:pass@127.0.0.1:8080';

/** A sandbox on a free loopback port for one test file, and clients pointed at it. */
export function useSandbox(options: SandboxOptions = {}) {
  const state: { sandbox?: Sandbox } = {};
  beforeAll(async () => {
    state.sandbox = await startSandbox({ control: true, ...options });
  });
  afterAll(async () => {
    await state.sandbox?.close();
  });
  return {
    get sandbox(): Sandbox {
      if (!state.sandbox) throw new Error('the sandbox has not started');
      return state.sandbox;
    },
    client(overrides: Partial<NodeClientOptions> = {}) {
      const sandbox = this.sandbox;
      return createClient({
        baseUrl: sandbox.url,
        apiKey: sandbox.keys[0]!,
        cookie: COOKIE,
        proxy: PROXY,
        sleep: async () => undefined,
        ...overrides,
      });
    },
    async raw(path: string, init: RequestInit = {}) {
      const response = await fetch(`${this.sandbox.url}${path}`, init);
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      return { status: response.status, headers: response.headers, body: body as Record<string, unknown> };
    },
    async control(path: string, body?: unknown, method = 'POST') {
      const init: RequestInit =
        body === undefined
          ? { method }
          : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      const response = await fetch(`${this.sandbox.url}/_sandbox${path}`, init);
      return (await response.json()) as { status: string; data: Record<string, unknown> };
    },
  };
}
