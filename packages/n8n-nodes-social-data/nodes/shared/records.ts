import { recordKindOf, simplifierFor } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import type { IDataObject } from 'n8n-workflow';

export type Shape = (record: unknown) => IDataObject;

export function isSimplifiable(id: EndpointId): boolean {
  return simplifierFor(recordKindOf(id)) !== undefined;
}

/** How an operation's records become item JSON: as they come, or flattened by core's simplify. */
export function shapeFor(operation: EndpointId, simplify: boolean | undefined): Shape {
  const simplifier = simplify ? simplifierFor(recordKindOf(operation)) : undefined;
  return simplifier ?? ((record) => record as IDataObject);
}

/** A resource locator holds `{ mode, value }`; core's normalizers read the value in any mode. */
export function plain(value: unknown): unknown {
  return value && typeof value === 'object' && '__rl' in value ? (value as IDataObject).value : value;
}
