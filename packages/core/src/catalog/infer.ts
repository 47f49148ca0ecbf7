import type {
  Community,
  CreatedList,
  ShortAuthor,
  Topic,
  Tweet,
  TweetPage,
  User,
  UserPage,
} from '../records/types';
import type { EndpointCatalog, EndpointId } from './endpoints';
import type { ParamFormat, ParamSpec, ResultSpec } from './types';

/** Call signatures and result types, inferred from the catalog so they cannot drift from it. */

type ValueOf<F extends ParamFormat> = F extends 'count'
  ? number
  : F extends 'boolean'
    ? boolean
    : F extends 'tweetIdList' | 'userIdList'
      ? string | readonly string[]
      : string;

type ParamsShape<P extends Readonly<Record<string, ParamSpec>>> = {
  -readonly [K in keyof P as P[K]['required'] extends true ? K : never]: ValueOf<P[K]['format']>;
} & {
  -readonly [K in keyof P as P[K]['required'] extends true ? never : K]?: ValueOf<P[K]['format']>;
};

export type ParamsOf<Id extends EndpointId> = ParamsShape<EndpointCatalog[Id]['params']>;

type RecordOfKind<K> = K extends 'user'
  ? User
  : K extends 'community'
    ? Community
    : K extends 'topic'
      ? Topic
      : never;

type TweetOf<R> = R extends { author: 'short' } ? Tweet<ShortAuthor> : Tweet;

type ResultShape<R extends ResultSpec> = R extends { kind: 'record'; record: infer K }
  ? RecordOfKind<K>
  : R extends { kind: 'records'; record: 'user' }
    ? User[]
    : R extends { kind: 'records'; record: 'tweet' }
      ? Tweet[]
      : R extends { kind: 'tweetPage' }
        ? TweetPage<TweetOf<R>['author']> &
            (R extends { source: 'for_you' } ? { source: 'for_you' } : unknown)
        : R extends {
              kind: 'userPage';
              key: infer K extends 'following' | 'followers' | 'users' | 'subscribers';
            }
          ? UserPage<K>
          : R extends { kind: 'createdList' }
            ? CreatedList
            : never;

export type ResultOf<Id extends EndpointId> = ResultShape<EndpointCatalog[Id]['result']>;

/** Endpoints whose results come in pages with a cursor. */
export type PaginatedId = {
  [Id in EndpointId]: EndpointCatalog[Id]['result'] extends { kind: 'tweetPage' | 'userPage' } ? Id : never;
}[EndpointId];

/** Endpoints that look up many records by id, 100 per request. */
export type BatchLookupId = {
  [Id in EndpointId]: EndpointCatalog[Id]['result'] extends { kind: 'records' } ? Id : never;
}[EndpointId];

/** The record one page item holds: a tweet (with the endpoint's author form) or a user. */
export type PageRecordOf<Id extends PaginatedId> = EndpointCatalog[Id]['result'] extends { kind: 'tweetPage' }
  ? TweetOf<EndpointCatalog[Id]['result']>
  : User;

/** Parameters of a paginated call without the cursor, which the paginator manages. */
export type PageParamsOf<Id extends PaginatedId> = Omit<ParamsOf<Id>, 'cursor' | 'count'>;
