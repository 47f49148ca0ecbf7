import { endpointSpec, simplifyCommunity, simplifyTweet, simplifyUser } from '@social-data/core';
import type { Community, EndpointId, FlatRecord, RecordKind, Tweet, User } from '@social-data/core';
import type { IDataObject } from 'n8n-workflow';

/** The record kind an operation's items hold, or undefined when there is nothing to simplify. */
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

export type Shape = (record: unknown) => IDataObject;

const simplifiers: Record<string, (record: never) => FlatRecord> = {
  tweet: (record: Tweet) => simplifyTweet(record),
  user: (record: User) => simplifyUser(record),
  community: (record: Community) => simplifyCommunity(record),
};

export function isSimplifiable(id: EndpointId): boolean {
  return simplifiers[recordKindOf(id) ?? ''] !== undefined;
}

/** How an operation's records become item JSON: as they come, or flattened by core's simplify. */
export function shapeFor(operation: EndpointId, simplify: boolean | undefined): Shape {
  const simplifier = simplify ? simplifiers[recordKindOf(operation) ?? ''] : undefined;
  return simplifier ? (record) => simplifier(record as never) : (record) => record as IDataObject;
}

/** A resource locator holds `{ mode, value }`; core's normalizers read the value in any mode. */
export function plain(value: unknown): unknown {
  return value && typeof value === 'object' && '__rl' in value ? (value as IDataObject).value : value;
}
