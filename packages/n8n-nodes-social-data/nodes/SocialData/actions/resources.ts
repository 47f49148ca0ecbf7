import { catalog, endpointIds } from '@social-data/core';
import type { EndpointId, Resource } from '@social-data/core';

/**
 * The node's resources and the operations under each, grouped from core's catalog. Page size and
 * cursor are not panel fields: they are paging options, because Return All owns the cursor and a
 * page size only matters while paging.
 */
export const RESOURCES: ReadonlyArray<{ value: Resource; name: string }> = [
  { value: 'user', name: 'User' },
  { value: 'tweet', name: 'Tweet' },
  { value: 'list', name: 'List' },
  { value: 'community', name: 'Community' },
  { value: 'topic', name: 'Topic' },
  { value: 'timeline', name: 'Timeline' },
  { value: 'bookmark', name: 'Bookmark' },
  { value: 'mutedAccount', name: 'Muted Account' },
];

export function operationsOf(resource: Resource): EndpointId[] {
  return endpointIds.filter((id) => catalog[id].resource === resource);
}

/** An operation as the panel shows it, e.g. "Bookmark → Get Many". */
export function operationLabel(id: EndpointId): string {
  const resource =
    RESOURCES.find(({ value }) => value === catalog[id].resource)?.name ?? catalog[id].resource;
  return `${resource} → ${catalog[id].displayName}`;
}
