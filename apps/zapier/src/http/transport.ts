import type { Transport } from '@social-data/core';
import type { ZObject } from 'zapier-platform-core';

/**
 * Core's transport seam on `z.request`. The API key is added by the beforeRequest middleware
 * from the connection (so Zapier knows it for censoring), failures are turned into `z.errors`
 * by the afterResponse middleware, and core reads the successful answer itself.
 */
export function zapierTransport(z: ZObject): Transport {
  return async (request) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'x-api-key'),
    );
    const response = await z.request({
      url: request.url,
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      timeout: request.timeoutMs,
      skipThrowForStatus: true,
    });
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    return { status: response.status, headers: responseHeaders, body: response.content };
  };
}
