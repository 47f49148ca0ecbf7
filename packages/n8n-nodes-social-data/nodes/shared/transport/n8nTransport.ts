import type { Transport } from '@social-data/core';
import type { IExecuteFunctions, IHttpRequestOptions, IPollFunctions } from 'n8n-workflow';

export const API_CREDENTIAL = 'socialDataApi';

interface FullResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * Core's transport seam on n8n's HTTP helper. n8n adds the API key from the credential (so it
 * shows in n8n's own request handling as a credential, not a header we set), returns every status
 * instead of throwing, and hands back the raw text so core reads the envelope itself.
 */
export function n8nTransport(context: IExecuteFunctions | IPollFunctions): Transport {
  return async (request) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'x-api-key'),
    );
    const options: IHttpRequestOptions = {
      method: request.method,
      url: request.url,
      headers,
      timeout: request.timeoutMs,
      returnFullResponse: true,
      ignoreHttpStatusErrors: true,
      encoding: 'text',
      json: false,
    };
    if (request.body !== undefined) options.body = request.body;
    if (request.signal) options.abortSignal = request.signal;
    const response = (await context.helpers.httpRequestWithAuthentication.call(
      context,
      API_CREDENTIAL,
      options,
    )) as FullResponse;
    const body = typeof response.body === 'string' ? response.body : JSON.stringify(response.body ?? '');
    return { status: response.statusCode, headers: response.headers, body };
  };
}
