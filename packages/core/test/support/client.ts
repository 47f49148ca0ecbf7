import { createClient } from '../../src/node';
import type { NodeClientOptions } from '../../src/node';

export const BASE = 'https://api.social-data.test';
export const API_KEY = 'tda_test_key_0123456789';
export const COOKIE = 'auth_token=cookie-secret-value; ct0=csrf-secret-value';
export const PROXY = 'http://proxyuser:proxy-pass-secret@proxy.example:8080';

/** A client on the real fetch transport (nock intercepts it) whose sleeps are recorded, not waited. */
export function testClient(overrides: Partial<NodeClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createClient({
    apiKey: API_KEY,
    baseUrl: BASE,
    cookie: COOKIE,
    proxy: PROXY,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
  return { client, sleeps };
}

/** nock hands fetch an Error instance as is; a plain object would break its fetch interceptor. */
export function systemError(code: string): Error {
  return Object.assign(new Error(`${code} from the network`), { code });
}
