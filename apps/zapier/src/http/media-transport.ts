import type { MediaTransport } from '@social-data/core/media';
import type { ZObject } from 'zapier-platform-core';

import { hangUpSignal, hangingUp } from './hang-up';

/**
 * Core's media seam on `z.request`. The beforeRequest middleware adds the API key to the API's
 * base URL only, so the media host, another origin, gets nothing but what core asks for (decision
 * B28). No redirect is followed (core follows them, each hop a request it built), every status
 * comes back, and the body stays node-fetch's stream for core to cap, closing the connection when
 * core stops reading before the end.
 */
export function zapierMediaTransport(z: ZObject): MediaTransport {
  return async (request) => {
    const { signal, hangUp } = hangUpSignal(request.signal);
    const response = await z.request({
      url: request.url,
      method: 'GET',
      headers: request.headers,
      timeout: request.timeoutMs,
      skipThrowForStatus: true,
      redirect: 'manual',
      raw: true,
      // Outside zapier-platform-core's request type, though it hands it on to node-fetch.
      ...{ signal },
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = response.body as unknown as AsyncIterable<Uint8Array> | null;
    return {
      status: response.status,
      headers,
      body: body && hangingUp(body, hangUp),
    };
  };
}
