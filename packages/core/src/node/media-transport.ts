import type { MediaTransport } from '@social-data/core/media';

/**
 * Node's fetch as a media transport: the headers core gives and nothing else (fetch keeps no
 * cookies), redirects handed back for core to follow, the body as a stream for core to cap.
 */
export function fetchMediaTransport(): MediaTransport {
  return async (request) => {
    const timeout = AbortSignal.timeout(request.timeoutMs);
    const response = await fetch(request.url, {
      method: 'GET',
      headers: request.headers,
      redirect: 'manual',
      signal: request.signal ? AbortSignal.any([timeout, request.signal]) : timeout,
    });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, body: response.body };
  };
}
