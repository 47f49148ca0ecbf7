import type { SocialDataClient, Transport } from '@social-data/core';
import { createClient } from '@social-data/core/node';

import { COOKIE, PROXY } from './secrets';
import { MAX_RESPONSE_BYTES, TIMEOUT_MS } from './faults';

export interface Traced {
  /** Every line the client logs. */
  logs: string[];
  /** Every wait the client asks for; recorded, not slept, so retries take no real time. */
  sleeps: number[];
}

/** A client of the sandbox with the suite's secrets, on Node's fetch unless a transport is given. */
export function sandboxClient(
  url: string,
  apiKey: string,
  maxRetries: number,
  trace: Traced,
  transport?: Transport,
): SocialDataClient {
  return createClient({
    baseUrl: url,
    apiKey,
    cookie: COOKIE,
    proxy: PROXY,
    timeoutMs: TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    maxRetries,
    ...(transport ? { transport } : {}),
    sleep: async (ms) => {
      trace.sleeps.push(ms);
    },
    logger: (line) => trace.logs.push(line),
  });
}
