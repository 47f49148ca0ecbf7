import { DEFAULT_MAX_RESPONSE_BYTES, TimeoutError, inSeconds, readCapped } from '@social-data/core';
import type { Transport } from '@social-data/core';
import type { ZObject } from 'zapier-platform-core';

import { hangUpSignal, hangingUp } from './hang-up';

/** node-fetch, under z.request, reports a timeout this way; core would take it for a lost connection. */
function isTimeout(error: unknown): boolean {
  const { type, name } = (error ?? {}) as { type?: unknown; name?: unknown };
  return type === 'request-timeout' || name === 'AbortError';
}

/**
 * Core's transport seam on `z.request`. The API key is added by the beforeRequest middleware
 * from the connection (so Zapier knows it for censoring); core reads every answer itself and the
 * step turns its failures into `z.errors`. No redirect is followed (node-fetch would carry the
 * key and the body to any origin), and the answer is taken raw, as node-fetch's decompressed
 * stream, and read up to the size cap: z.request would otherwise buffer any size whole. At the cap
 * the connection is closed, not only left unread.
 */
export function zapierTransport(z: ZObject): Transport {
  return async (request) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'x-api-key'),
    );
    const { signal, hangUp } = hangUpSignal(request.signal);
    let response;
    try {
      response = await z.request({
        url: request.url,
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        // Core gives each attempt what is left of the step (the client's deadline) and ends it
        // by then, body included: node-fetch's own timer stops at the headers (decision B32).
        timeout: request.timeoutMs,
        skipThrowForStatus: true,
        redirect: 'manual',
        raw: true,
        // Outside zapier-platform-core's request type, though it hands it on to node-fetch.
        ...{ signal },
      });
    } catch (error) {
      if (!isTimeout(error)) throw error;
      throw new TimeoutError(`No answer from the API within ${inSeconds(request.timeoutMs)}.`, {
        hint: 'The API is slow right now: ask for fewer items or ids in one step, or run the step again later.',
      });
    }
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    const raw = response.body as unknown as AsyncIterable<Uint8Array> | null;
    const body = await readCapped(
      raw && hangingUp(raw, hangUp),
      request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    );
    return { status: response.status, headers: responseHeaders, body };
  };
}
