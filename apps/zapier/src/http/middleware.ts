import { endpointForRequest, readResponse, redactError } from '@social-data/core';
import type { Bundle, HttpRequestOptions, HttpResponse, ZObject } from 'zapier-platform-core';

import { redactorFor } from './client';
import { toZapierError } from './errors';

const baseOf = (bundle: Bundle) =>
  String(bundle.authData.baseUrl ?? '')
    .trim()
    .replace(/\/+$/, '');

/** Adds the API key to requests for the connection's base URL, and to nothing else. */
export function addApiKey(request: HttpRequestOptions, _z: ZObject, bundle: Bundle): HttpRequestOptions {
  const base = baseOf(bundle);
  if (base && request.url?.startsWith(`${base}/`)) {
    request.headers = { ...request.headers, 'X-API-Key': String(bundle.authData.apiKey ?? '').trim() };
  }
  return request;
}

/**
 * Reads every API answer the way core does (the envelope first: `status: "error"` fails even
 * under HTTP 200) and turns a failure into `z.errors`: ThrottledError with the server's delay on
 * 429, a clear Error for 401, 402, 404, validation and the rest.
 */
export function mapErrors(response: HttpResponse, z: ZObject, bundle: Bundle): HttpResponse {
  const id = endpointForRequest(response.request.method ?? 'GET', response.request.url ?? '');
  if (!id) return response;
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const redact = redactorFor(bundle);
  const read = readResponse(
    id,
    { status: response.status, headers, body: response.content },
    Date.now(),
    redact,
  );
  if (!read.ok) throw toZapierError(z, redactError(read.error, redact));
  return response;
}
