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
    // One controller, a timer cleared once the body is read, and a listener on the caller's
    // signal removed then, rather than `AbortSignal.any([AbortSignal.timeout(…), signal])`: those
    // two signals per request outlive it (the caller's signal holds the combined one until a GC
    // sweeps it), which on a million-record export doubled the garbage promoted to old space.
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
      request.timeoutMs,
    );
    const caller = request.signal;
    const cancel = () => controller.abort(caller?.reason);
    if (caller?.aborted) cancel();
    else caller?.addEventListener('abort', cancel, { once: true });
    try {
      const init: RequestInit = {
        method: request.method,
        headers: request.headers,
        redirect: 'manual',
        signal: controller.signal,
      };
      if (request.body !== undefined) init.body = request.body;
      const response = await fetch(request.url, init);
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      const body = await readCapped(response.body, request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
      return { status: response.status, headers, body };
    } finally {
      clearTimeout(timer);
      caller?.removeEventListener('abort', cancel);
    }
  };
}

/** Core's `Sleep` on Node's timers: the timer is cleared when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
