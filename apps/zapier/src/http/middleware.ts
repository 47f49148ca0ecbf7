import type { Bundle, HttpRequestOptionsWithUrl, ZObject } from 'zapier-platform-core';

const baseOf = (bundle: Bundle) =>
  String(bundle.authData.baseUrl ?? '')
    .trim()
    .replace(/\/+$/, '');

/** Adds the API key to requests for the connection's base URL, and to nothing else. */
export function addApiKey(
  request: HttpRequestOptionsWithUrl,
  _z: ZObject,
  bundle: Bundle,
): HttpRequestOptionsWithUrl {
  const base = baseOf(bundle);
  if (base && request.url.startsWith(`${base}/`)) {
    request.headers = { ...request.headers, 'X-API-Key': String(bundle.authData.apiKey ?? '').trim() };
  }
  return request;
}
