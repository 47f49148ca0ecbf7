import { SocialDataClient, booleanOf } from '@social-data/core';
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
    baseUrl: env.SOCIAL_DATA_BASE_URL ?? '',
    apiKey: env.SOCIAL_DATA_API_KEY ?? '',
    cookie: env.SOCIAL_DATA_COOKIE,
    proxy: env.SOCIAL_DATA_PROXY,
    // On only when asked in so many words: anything else leaves plain http:// refused.
    allowInsecureHttp: booleanOf(env.SOCIAL_DATA_ALLOW_INSECURE_HTTP) === true,
  };
}
