import type { EndpointId, ParamSpec } from '@social-data/core';
import { endpointIds, inputParams } from '@social-data/core';
import type { INodeProperties } from 'n8n-workflow';

import { fieldFor } from '../../../shared/fields';

/**
 * One panel field per catalog parameter name, shown for every operation that takes it; optional
 * parameters of an operation go into its Additional Fields. The catalog shares one spec per
 * name (userName, list_id...), so one field serves all of its operations.
 */
export function parameterProperties(): INodeProperties[] {
  const required = new Map<string, { spec: ParamSpec; operations: EndpointId[] }>();
  const optional: INodeProperties[] = [];
  for (const id of endpointIds) {
    const params = inputParams(id);
    for (const [name, spec] of params.filter(([, spec]) => spec.required)) {
      const entry = required.get(name) ?? { spec, operations: [] };
      entry.operations.push(id);
      required.set(name, entry);
    }
    const extras = params.filter(([, spec]) => !spec.required);
    if (extras.length === 0) continue;
    optional.push({
      displayName: 'Additional Fields',
      name: 'additionalFields',
      type: 'collection',
      placeholder: 'Add Field',
      default: {},
      displayOptions: { show: { operation: [id] } },
      options: extras.map(([name, spec]) => fieldFor(name, spec)),
    });
  }
  return [
    ...[...required].map(([name, { spec, operations }]) => fieldFor(name, spec, { operation: operations })),
    ...optional,
  ];
}
