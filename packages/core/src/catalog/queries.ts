import { catalog } from './endpoints';
import { sessionParams } from './params';
import type { EndpointId } from './endpoints';
import type { PaginatedId } from './infer';
import type { EndpointSpec, ParamSpec } from './types';

export function isPaginated(id: EndpointId): id is PaginatedId {
  const { kind } = catalog[id].result;
  return kind === 'tweetPage' || kind === 'userPage';
}

/** An entry widened to the catalog type, for code that reads optional fields such as `count`. */
export function endpointSpec(id: EndpointId): EndpointSpec {
  return catalog[id];
}

/** Everything the request carries: the call's parameters and, for own-session endpoints, cookie and proxy. */
export function wireParams(id: EndpointId): Record<string, ParamSpec> {
  const spec = endpointSpec(id);
  return spec.mode === 'session' ? { ...sessionParams, ...spec.params } : { ...spec.params };
}

const matchers = (Object.keys(catalog) as EndpointId[]).map((id) => {
  const pattern = catalog[id].path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return { id, method: catalog[id].method, pattern: new RegExp(`${pattern}$`) };
});

/**
 * The endpoint a request went to, from its method and URL (the base URL may carry a path prefix),
 * for hosts whose response hooks see only the request: Zapier's afterResponse middleware.
 */
export function endpointForRequest(method: string, url: string): EndpointId | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const upper = method.toUpperCase();
  return matchers.find((matcher) => matcher.method === upper && matcher.pattern.test(path))?.id;
}
