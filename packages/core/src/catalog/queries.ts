import { catalog } from './endpoints';
import { sessionParams } from './params';
import type { EndpointId } from './endpoints';
import type { PaginatedId } from './infer';
import type { EndpointSpec, ParamSpec, RecordKind } from './types';

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

/** The record kind an endpoint's results hold, or undefined for results that are not records. */
export function recordKindOf(id: EndpointId): RecordKind | undefined {
  const result = endpointSpec(id).result;
  switch (result.kind) {
    case 'record':
    case 'records':
      return result.record;
    case 'tweetPage':
      return 'tweet';
    case 'userPage':
      return 'user';
    default:
      return undefined;
  }
}

const PAGING_PARAMS = new Set(['count', 'cursor']);

/**
 * The parameters a person fills in for an endpoint: all but page size and cursor, which belong
 * to paging (Return All owns the cursor; a page size only matters while paging).
 */
export function inputParams(id: EndpointId): Array<[name: string, spec: ParamSpec]> {
  return Object.entries(endpointSpec(id).params).filter(([name]) => !PAGING_PARAMS.has(name));
}
