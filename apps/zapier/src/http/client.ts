import { SETTING_LABELS, SocialDataClient, ValidationError, createRedactor } from '@social-data/core';
import type { Redact } from '@social-data/core';
import { sleep } from '@social-data/core/node';
import type { Bundle, ZObject } from 'zapier-platform-core';

import { isZapierError } from './errors';
import { zapierTransport } from './transport';

/** Zapier stops a step after 30 s; the step's requests share this much, so it can still answer. */
export const STEP_BUDGET_MS = 25_000;
/** The most one request may take, within what is left of the step's budget. */
export const REQUEST_TIMEOUT_MS = 20_000;

interface Connection {
  apiKey?: string;
  baseUrl?: string;
  cookie?: string;
  proxy?: string;
  allowInsecureHttp?: boolean | string;
}

const present = (value: string | undefined) => (value && value.trim() ? value : undefined);

/**
 * Zapier hides a connection's secrets in its logs by their exact stored text. Core would trim a
 * pasted value before sending it, and the trimmed text would then show in the logged request, so
 * a secret with spaces or line breaks at its ends is refused before any request instead.
 */
function checkSecrets(connection: Connection): void {
  for (const field of ['apiKey', 'cookie', 'proxy'] as const) {
    const value = connection[field];
    if (value && value.trim() && value !== value.trim()) {
      throw new ValidationError(
        `${field}: the ${SETTING_LABELS[field]} starts or ends with spaces or a line break.`,
        {
          field,
          hint: `Edit the Social Data connection and paste the ${SETTING_LABELS[field]} again without them.`,
        },
      );
    }
  }
}

/**
 * A client for one step, built from the connection. Core validates the key, base URL, cookie and
 * proxy before any request. Nothing is retried inside a step: rate limits and server errors go
 * back to Zapier, which retries on its own schedule, and every request ends by the step's deadline.
 */
export function clientFor(z: ZObject, bundle: Bundle, deadline: number): SocialDataClient {
  const connection = bundle.authData as Connection;
  checkSecrets(connection);
  return new SocialDataClient({
    apiKey: connection.apiKey ?? '',
    baseUrl: connection.baseUrl ?? '',
    allowInsecureHttp: connection.allowInsecureHttp as boolean | undefined,
    cookie: present(connection.cookie),
    proxy: present(connection.proxy),
    transport: zapierTransport(z),
    sleep,
    maxRetries: 0,
    timeoutMs: REQUEST_TIMEOUT_MS,
    deadline,
    passThrough: isZapierError,
  });
}

/** Hides the connection's secrets in anything the app writes. */
export function redactorFor(bundle: Bundle): Redact {
  const { apiKey, cookie, proxy } = bundle.authData as Connection;
  return createRedactor({ apiKey, cookie: present(cookie), proxy: present(proxy) });
}
