import type { UserPageKey } from '../records/types';

export type HttpMethod = 'GET' | 'POST';

/** `pool`: GET with the API key only. `session`: POST carrying the caller's cookie and proxy. */
export type Mode = 'pool' | 'session';

export type ParamLocation = 'path' | 'query' | 'body';

/**
 * What a parameter holds; it selects the normalizer that turns user input (a URL, an `@name`,
 * a pasted list) into the value the API expects.
 */
export type ParamFormat =
  | 'screenName'
  | 'tweetId'
  | 'listId'
  | 'communityId'
  | 'topicId'
  | 'tweetIdList'
  | 'userIdList'
  | 'count'
  | 'cursor'
  | 'text'
  | 'boolean'
  | 'cookie'
  | 'proxy';

export interface ParamSpec {
  readonly in: ParamLocation;
  readonly format: ParamFormat;
  readonly required: boolean;
  readonly displayName: string;
  readonly description: string;
}

/** `max` is absent where the document states no upper bound. */
export interface CountSpec {
  readonly default?: number;
  readonly min: number;
  readonly max?: number;
}

export type RecordKind = 'user' | 'tweet' | 'community' | 'topic';

export type ResultSpec =
  | { readonly kind: 'record'; readonly record: 'user' | 'community' | 'topic' }
  | { readonly kind: 'records'; readonly record: 'user' | 'tweet'; readonly idsParam: string }
  | { readonly kind: 'tweetPage'; readonly author: 'full' | 'short'; readonly source?: 'for_you' }
  | { readonly kind: 'userPage'; readonly key: UserPageKey }
  | { readonly kind: 'createdList' };

/** Groups endpoints the way users look for them (the n8n resource picker, Zapier's groups). */
export type Resource =
  'user' | 'tweet' | 'list' | 'community' | 'topic' | 'timeline' | 'bookmark' | 'mutedAccount';

export interface EndpointSpec {
  /** The endpoint's number in the API document; the own-session user lookup is `1s`. */
  readonly ref: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly mode: Mode;
  readonly resource: Resource;
  readonly displayName: string;
  /** A short imperative label ("Get followers of a user"), as n8n's action list shows it. */
  readonly action: string;
  readonly description: string;
  readonly params: Readonly<Record<string, ParamSpec>>;
  readonly count?: CountSpec;
  readonly result: ResultSpec;
  /**
   * A user page the account's own record counts (its `followers` for its followers): the
   * field of the `userName` account that gives the list's size (`followers`, `following`), for a trigger's counter audit.
   */
  readonly counter?: 'followers' | 'following';
  /** False where a repeated request has an effect of its own (creating a list). */
  readonly idempotent: boolean;
}

export type Catalog = Readonly<Record<string, EndpointSpec>>;
