import { isRequestToApi } from '@social-data/core';
import type { Bundle, HttpRequestOptionsWithUrl, ZObject } from 'zapier-platform-core';

/**
 * Adds the API key to requests for the connection's base URL, and to nothing else. Zapier's
 * logs hide it only where it is added here, so core's transport leaves it to this.
 */
export function addApiKey(
  request: HttpRequestOptionsWithUrl,
  _z: ZObject,
  bundle: Bundle,
): HttpRequestOptionsWithUrl {
  if (isRequestToApi(request.url, bundle.authData.baseUrl))
    request.headers = { ...request.headers, 'X-API-Key': String(bundle.authData.apiKey ?? '').trim() };
  return request;
}
