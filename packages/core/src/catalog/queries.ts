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
