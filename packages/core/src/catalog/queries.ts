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
