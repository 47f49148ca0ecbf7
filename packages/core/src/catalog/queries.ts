import { catalog } from './endpoints';
import type { EndpointId } from './endpoints';
import type { PaginatedId } from './infer';
import type { EndpointSpec, ParamSpec } from './types';

export function isPaginated(id: EndpointId): id is PaginatedId {
  const { kind } = catalog[id].result;
  return kind === 'tweetPage' || kind === 'userPage';
}

export function paramEntries(id: EndpointId): [string, ParamSpec][] {
  return Object.entries(catalog[id].params);
}

/** An entry widened to the catalog type, for code that reads optional fields such as `count`. */
export function endpointSpec(id: EndpointId): EndpointSpec {
  return catalog[id];
}
