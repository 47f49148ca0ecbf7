import { RESOURCE_LABELS, catalog, endpointIds } from '@social-data/core';
import type { EndpointId, Resource } from '@social-data/core';

/**
 * The node's resources and the operations under each, grouped from core's catalog. Page size and
 * cursor are not panel fields: they are paging options, because Return All owns the cursor and a
 * page size only matters while paging.
 */
export const RESOURCES: ReadonlyArray<{ value: Resource; name: string }> = (
  Object.entries(RESOURCE_LABELS) as Array<[Resource, string]>
).map(([value, name]) => ({ value, name }));

export function operationsOf(resource: Resource): EndpointId[] {
  return endpointIds.filter((id) => catalog[id].resource === resource);
}

/** An operation as the panel shows it, e.g. "Bookmark → Get Many". */
export function operationLabel(id: EndpointId): string {
  return `${RESOURCE_LABELS[catalog[id].resource]} → ${catalog[id].displayName}`;
}
