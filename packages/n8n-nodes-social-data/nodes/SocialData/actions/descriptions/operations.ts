import { catalog } from '@social-data/core';
import type { INodeProperties } from 'n8n-workflow';

import { operationsOf, RESOURCES } from '../resources';

export const resourceProperty: INodeProperties = {
  displayName: 'Resource',
  name: 'resource',
  type: 'options',
  noDataExpression: true,
  options: RESOURCES.map(({ name, value }) => ({ name, value })),
  default: 'user',
};

/** One operation picker per resource; an operation's value is its catalog id. */
export const operationProperties: INodeProperties[] = RESOURCES.map(({ value: resource }) => {
  const ids = operationsOf(resource);
  const first = ids[0]!;
  return {
    displayName: 'Operation',
    name: 'operation',
    type: 'options',
    noDataExpression: true,
    displayOptions: { show: { resource: [resource] } },
    options: ids
      .map((id) => ({
        name: catalog[id].displayName,
        value: id,
        action: catalog[id].action,
        description: catalog[id].description,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    default: first,
  };
});
