import { DEFAULT_MAX_RESPONSE_BYTES, readCapped } from '@social-data/core';
import type { Transport } from '@social-data/core';

/**
 * Node's built-in fetch as a transport. It resolves for every HTTP status; a refused or reset
 * connection and the timeout reject, and core classifies those rejections. Redirects come back
 * as they are (core refuses them), and the body is read up to the size cap, decompressed, within
 * the same timeout.
 */
export function fetchTransport(): Transport {
  return async (request) => {
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      signal: request.signal
        ? AbortSignal.any([AbortSignal.timeout(request.timeoutMs), request.signal])
        : AbortSignal.timeout(request.timeoutMs),
    };
    if (request.body !== undefined) init.body = request.body;
    const response = await fetch(request.url, init);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = await readCapped(response.body, request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
    return { status: response.status, headers, body };
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
