import type { Transport } from '@social-data/core';

/**
 * Node's built-in fetch as a transport. It resolves for every HTTP status; a refused or reset
 * connection and the timeout reject, and core classifies those rejections.
 */
export function fetchTransport(): Transport {
  return async (request) => {
    const init: RequestInit = {
      method: request.method,
      headers: request.headers,
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
    return { status: response.status, headers, body: await response.text() };
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
