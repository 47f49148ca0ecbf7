import { shaperFor } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import type { IDataObject } from 'n8n-workflow';

export type Shape = (record: unknown) => IDataObject;

/** How an operation's records become item JSON: core's shaper, typed as n8n's item data. */
export function shapeFor(operation: EndpointId, simplify: boolean | undefined): Shape {
  return shaperFor<IDataObject>(operation, simplify);
}

/** A resource locator holds `{ mode, value }`; core's normalizers read the value in any mode. */
export function plain(value: unknown): unknown {
  return value && typeof value === 'object' && '__rl' in value ? (value as IDataObject).value : value;
}
