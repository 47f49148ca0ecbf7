import { catalog, endpointIds } from '@social-data/core';
import type { EndpointId, TransportRequest } from '@social-data/core';

const matchers = endpointIds.map((id) => {
  const pattern = catalog[id].path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return { id, method: catalog[id].method, pattern: new RegExp(`${pattern}$`) };
});

/**
 * The endpoint a request went to, from its method and path, for a fake server that answers any
 * endpoint. No host needs this: core reads every answer knowing its endpoint.
 */
export function endpointOf(request: TransportRequest): EndpointId {
  const path = new URL(request.url).pathname;
  const found = matchers.find((m) => m.method === request.method && m.pattern.test(path));
  if (!found) throw new Error(`no endpoint has ${request.method} ${path}`);
  return found.id;
}
