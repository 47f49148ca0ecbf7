import type { MediaTransport } from '@social-data/core/media';
import type { IHttpRequestOptions } from 'n8n-workflow';

import type { NodeContext } from '../transport/n8nTransport';

interface FullResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array> | null;
}

/**
 * Core's media seam on n8n's plain `httpRequest`: no credential, so the media host never sees the
 * API key, cookie or proxy (decision B28). Every status comes back, no redirect is followed (core
 * follows them, each hop a request it built) and the body stays a stream for core to cap.
 */
export function n8nMediaTransport(context: NodeContext): MediaTransport {
  return async (request) => {
    const options: IHttpRequestOptions = {
      method: 'GET',
      url: request.url,
      headers: request.headers,
      timeout: request.timeoutMs,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      disableFollowRedirect: true,
      encoding: 'stream',
      json: false,
    };
    if (request.signal) options.abortSignal = request.signal;
    const response = (await context.helpers.httpRequest(options)) as FullResponse;
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };
}
