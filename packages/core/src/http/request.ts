import { catalog } from '../catalog/endpoints';
import type { EndpointId } from '../catalog/endpoints';
import type { NormalizedParams } from '../input/params';
import type { TransportRequest } from './transport';

export interface RequestContext {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  maxResponseBytes: number;
  /** Present for own-session endpoints only; validated by the caller. */
  session?: { cookie: string; proxy: string };
  /** The call's cancel signal, handed to the transport with every request. */
  signal?: AbortSignal | undefined;
  /** A time no request of the call runs past: the client's or the call's, the earlier. */
  deadline?: number | undefined;
}

function encodeQueryValue(value: NormalizedParams[string]): string {
  // Id lists are digits joined by commas; the commas stay readable, as the API document shows them.
  return Array.isArray(value) ? value.map(encodeURIComponent).join(',') : encodeURIComponent(String(value));
}

/** Places each normalized parameter where the catalog says it goes; nothing else is sent. */
export function buildRequest(
  id: EndpointId,
  params: NormalizedParams,
  context: RequestContext,
): TransportRequest {
  const endpoint = catalog[id];
  let path: string = endpoint.path;
  const query: string[] = [];
  const body: Record<string, unknown> = {};
  if (context.session) {
    body.cookie = context.session.cookie;
    body.proxy = context.session.proxy;
  }
  for (const [name, spec] of Object.entries(endpoint.params)) {
    const value = params[name];
    if (value === undefined) continue;
    if (spec.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    else if (spec.in === 'query') query.push(`${encodeURIComponent(name)}=${encodeQueryValue(value)}`);
    else body[name] = value;
  }
  const request: TransportRequest = {
    method: endpoint.method,
    url: `${context.baseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`,
    headers: { 'X-API-Key': context.apiKey, Accept: 'application/json' },
    timeoutMs: context.timeoutMs,
    maxResponseBytes: context.maxResponseBytes,
  };
  if (context.signal) request.signal = context.signal;
  if (endpoint.method === 'POST') {
    request.headers['Content-Type'] = 'application/json';
    request.body = JSON.stringify(body);
  }
  return request;
}
