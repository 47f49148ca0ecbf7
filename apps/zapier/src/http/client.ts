import { SocialDataClient, createRedactor } from '@social-data/core';
import type { Redact } from '@social-data/core';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { isZapierError } from './errors';
import { zapierTransport } from './transport';

/** Zapier stops a step after 30 s; a request gets less so the step can still answer. */
export const REQUEST_TIMEOUT_MS = 20_000;

interface Connection {
  apiKey?: string;
  baseUrl?: string;
  cookie?: string;
  proxy?: string;
}

const present = (value: string | undefined) => (value && value.trim() ? value : undefined);

/**
 * A client for one step, built from the connection. Core validates the key, base URL, cookie and
 * proxy before any request, and retries a dropped connection once; rate limits and server errors
 * go back to Zapier, which retries on its own schedule.
 */
export function clientFor(z: ZObject, bundle: Bundle): SocialDataClient {
  const { apiKey, baseUrl, cookie, proxy } = bundle.authData as Connection;
  return new SocialDataClient({
    apiKey: apiKey ?? '',
    baseUrl: baseUrl ?? '',
    cookie: present(cookie),
    proxy: present(proxy),
    transport: zapierTransport(z),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    maxRetries: 1,
    timeoutMs: REQUEST_TIMEOUT_MS,
    passThrough: isZapierError,
  });
}

/** Hides the connection's secrets in anything the app writes. */
export function redactorFor(bundle: Bundle): Redact {
  const { apiKey, cookie, proxy } = bundle.authData as Connection;
  return createRedactor({ apiKey, cookie: present(cookie), proxy: present(proxy) });
}
