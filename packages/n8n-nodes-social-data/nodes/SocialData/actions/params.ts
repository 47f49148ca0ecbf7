import { inputParams } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { plain } from '../../shared/records';

/** The call's parameters from the panel: its fields, then its Additional Fields. */
export function readParams(
  context: IExecuteFunctions,
  operation: EndpointId,
  itemIndex: number,
): IDataObject {
  const params: IDataObject = {};
  const fields = inputParams(operation);
  const additional = (
    fields.some(([, spec]) => !spec.required)
      ? context.getNodeParameter('additionalFields', itemIndex, {})
      : {}
  ) as IDataObject;
  for (const [name, spec] of fields) {
    const value = spec.required ? plain(context.getNodeParameter(name, itemIndex)) : additional[name];
    if (value !== undefined) params[name] = value as IDataObject[string];
  }
  return params;
}
