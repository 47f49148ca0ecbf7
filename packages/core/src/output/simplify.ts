import { recordKindOf } from '../catalog/queries';
import type { EndpointId } from '../catalog/endpoints';
import type { RecordKind } from '../catalog/types';
import type { Author, Community, Media, Tweet, User } from '../records/types';
import { toIsoTimestamp } from './timestamp';

export type Scalar = string | number | boolean | null;
export type FlatRecord = Record<string, Scalar>;

const SITE = 'https://x.com';

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** The scalar fields of an object, each key prefixed. */
function scalars(source: object | undefined, prefix = ''): FlatRecord {
  const flat: FlatRecord = {};
  for (const [key, value] of Object.entries(source ?? {}))
    if (isScalar(value)) flat[`${prefix}${key}`] = value;
  return flat;
}

/**
 * A tweet as one level of columns for Sheets and Slack: its scalars, `author_*`, media joined,
 * `created_at_iso` and a permalink. The raw record stays the default output everywhere.
 */
export function simplifyTweet(tweet: Tweet<Author>): FlatRecord {
  const media: Media[] = Array.isArray(tweet.media) ? tweet.media : [];
  const author = tweet.author?.userName ?? '';
  return {
    ...scalars(tweet),
    url: author ? `${SITE}/${author}/status/${tweet.id}` : `${SITE}/i/web/status/${tweet.id}`,
    created_at_iso: toIsoTimestamp(tweet.created_at),
    ...scalars(tweet.author, 'author_'),
    media_count: media.length,
    media_urls: media.map((item) => item.url).join(', '),
    media_types: media.map((item) => item.type).join(', '),
  };
}

export function simplifyUser(user: User): FlatRecord {
  return {
    ...scalars(user),
    profile_url: `${SITE}/${user.userName}`,
    created_at_iso: toIsoTimestamp(user.created_at),
  };
}

export function simplifyCommunity(community: Community): FlatRecord {
  return {
    ...scalars(community),
    url: `${SITE}/i/communities/${community.id}`,
    created_at_iso: toIsoTimestamp(community.created_at),
    ...scalars(community.admin, 'admin_'),
  };
}

const simplifiers: Partial<Record<RecordKind, (record: never) => FlatRecord>> = {
  tweet: (record: Tweet<Author>) => simplifyTweet(record),
  user: (record: User) => simplifyUser(record),
  community: (record: Community) => simplifyCommunity(record),
};

/** The simplify function for a kind of record, or undefined where records are flat already (topics). */
export function simplifierFor(kind: RecordKind | undefined): ((record: unknown) => FlatRecord) | undefined {
  const simplify = kind ? simplifiers[kind] : undefined;
  return simplify ? (record) => simplify(record as never) : undefined;
}

/**
 * How an endpoint's records leave a surface (an n8n item, a Zapier record, a CLI line): as the API
 * sent them, or, with `simplify`, flattened where their kind has a simplifier. Every surface shapes
 * through this one function, so Simplify means the same everywhere.
 */
export function shaperFor<T = unknown>(
  id: EndpointId,
  simplify: boolean | undefined,
): (record: unknown) => T {
  const simplifier = simplify ? simplifierFor(recordKindOf(id)) : undefined;
  return (simplifier ?? ((record: unknown) => record)) as (record: unknown) => T;
}

/** Whether Simplify changes an endpoint's records (topics are flat already). */
export function isSimplifiable(id: EndpointId): boolean {
  return simplifierFor(recordKindOf(id)) !== undefined;
}
