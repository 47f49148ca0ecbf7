import type { RecordKind } from '../catalog/types';
import { simplifierFor } from '../output/simplify';
import type { FlatRecord, Scalar } from '../output/simplify';

/**
 * The columns a model gets of each kind of record: what answers a question about it, without the
 * image URLs, banner links and counters that would fill its context for nothing.
 */
export const MODEL_FIELDS: Readonly<Record<RecordKind, readonly string[]>> = {
  user: [
    'id',
    'userName',
    'name',
    'description',
    'location',
    'followers',
    'following',
    'statuses_count',
    'verified',
    'is_blue_verified',
    'protected',
    'created_at_iso',
    'profile_url',
  ],
  tweet: [
    'id',
    'url',
    'text',
    'created_at_iso',
    'author_userName',
    'author_name',
    'likeCount',
    'retweetCount',
    'replyCount',
    'viewCount',
    'isRetweet',
    'isReply',
    'media_types',
    'media_urls',
  ],
  community: [
    'id',
    'name',
    'description',
    'member_count',
    'is_member',
    'admin_userName',
    'created_at_iso',
    'url',
  ],
  topic: ['id', 'name', 'description', 'following', 'not_interested'],
};

/** A longer text is cut, so one record cannot take a model's whole output budget. */
export const MODEL_TEXT_LIMIT = 1000;

function shorten(value: Scalar): Scalar {
  return typeof value === 'string' && value.length > MODEL_TEXT_LIMIT
    ? `${value.slice(0, MODEL_TEXT_LIMIT)}… (${value.length - MODEL_TEXT_LIMIT} more characters)`
    : value;
}

/** A record as a model sees it: simplified, only MODEL_FIELDS, empty media columns left out. */
export function modelViewOf(kind: RecordKind): (record: unknown) => FlatRecord {
  const simplify = simplifierFor(kind) ?? ((record: unknown) => record as FlatRecord);
  return (record) => {
    const flat = simplify(record);
    const view: FlatRecord = {};
    for (const field of MODEL_FIELDS[kind]) {
      const value = flat[field];
      if (value !== undefined && !(field.startsWith('media_') && value === '')) view[field] = shorten(value);
    }
    return view;
  };
}
