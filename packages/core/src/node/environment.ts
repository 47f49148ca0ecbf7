import { SETTING_VARIABLES, SocialDataClient, booleanOf } from '@social-data/core';
import type { ClientOptions } from '@social-data/core';
import { fetchTransport, sleep } from './fetch-transport';

export type NodeClientOptions = Omit<ClientOptions, 'transport' | 'sleep'> &
  Partial<Pick<ClientOptions, 'transport' | 'sleep'>>;

/** A client on Node's fetch and timers. */
export function createClient(options: NodeClientOptions): SocialDataClient {
  return new SocialDataClient({ transport: fetchTransport(), sleep, ...options });
}

/** The variables scripts, the demo and the benchmarks read (docs/reference/architecture.md, decision 9). */
export function clientOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): NodeClientOptions {
  return {
    baseUrl: env[SETTING_VARIABLES.baseUrl] ?? '',
    apiKey: env[SETTING_VARIABLES.apiKey] ?? '',
    cookie: env[SETTING_VARIABLES.cookie],
    proxy: env[SETTING_VARIABLES.proxy],
    // On only when asked in so many words: anything else leaves plain http:// refused.
    allowInsecureHttp: booleanOf(env[SETTING_VARIABLES.allowInsecureHttp]) === true,
  };
}
