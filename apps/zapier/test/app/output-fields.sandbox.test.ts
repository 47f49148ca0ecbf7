import { tweetsCarryMedia } from '@social-data/core';
import { feeds, isRemovalFeed } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import { accountId, communityId, listId, topicId } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { app, everyStep, inputsFor, newZap, run } from '../support/app';
import { afterRemoval } from '../support/removals';
import { SITUATIONAL_FIELDS } from '../../src/app/triggers';
import { connectedSandbox } from '../support/sandbox';

type Field = { key: string };
type Fields = Array<Field | ((z: unknown, bundle: object) => Promise<Field[]>)>;

let sandbox: Sandbox;
let authData: Record<string, string>;
const values: Record<string, unknown> = {
  userName: 'social_data',
  list_id: listId(0),
  community_id: communityId(0),
  topic_id: topicId(0),
  userIds: [1, 2, 3].map(accountId).join(','),
  name: 'Fields check',
  maxItems: 100,
};

beforeAll(async () => {
  ({ sandbox, authData } = await connectedSandbox('Fields'));
  const tweets = (await run(
    'triggers',
    'newTweet',
    authData,
    { userName: 'social_data' },
    newZap(),
  )) as Array<{
    id: string;
  }>;
  values.tweet_ids = tweets.map((tweet) => tweet.id).join(',');
});
afterAll(() => sandbox.close());

/** Every key of a value as Zapier flattens it: `author__name`, `records[]media[]url`. */
function keysOf(value: unknown, path = '', keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value)
      if (item && typeof item === 'object') keysOf(item, `${path}[]`, keys);
      else keys.add(`${path}[]`);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) keysOf(inner, path ? `${path}__${key}` : key, keys);
  } else {
    keys.add(path);
  }
  return keys;
}

/** `records[]__id` is written `records[]id` by Zapier, as the declared fields are. */
const zapierKey = (key: string) => key.replace(/\[\]__/g, '[]');

/**
 * A tweet without photos or videos has an empty `media`, and only videos and GIFs carry a still and
 * a length: where an endpoint sends media, its item fields (and their files) are declared and may
 * be missing from a result (the README says they are empty then).
 */
function optional(kind: string, key: string, field: string): boolean {
  // A batch lookup's line-item action is keyed `<endpoint>Items`.
  const endpoint =
    kind === 'triggers' ? feeds[key as FeedId].endpoint : (key.replace(/Items$/, '') as EndpointId);
  // A notice item comes only from a poll that could not be sure, or a list too long; an account's
  // failure and watched_account only with More Usernames.
  if (kind === 'triggers' && SITUATIONAL_FIELDS.includes(field)) return true;
  return (
    tweetsCarryMedia(endpoint) &&
    /(media\[\](type|url|width|height|preview_image_url|duration_ms|file)|media_files\[\])$/.test(field)
  );
}

const cases = everyStep.flatMap(([kind, key]) => {
  const simplifies = app[kind][key]!.operation.inputFields.some((field) => field.key === 'simplify');
  return (simplifies ? [false, true] : [false]).map((simplify) => [kind, key, simplify] as const);
});

describe('the output fields of every step', () => {
  it.each(cases)(
    '%s.%s (simplify %s): each declared field comes, and each field that comes is declared',
    async (kind, key, simplify) => {
      const inputData = { ...inputsFor(kind, key, values), ...(simplify ? { simplify } : {}) };
      const result =
        kind === 'triggers' && isRemovalFeed(key as FeedId)
          ? await afterRemoval(sandbox, authData, key as FeedId, inputData)
          : await run(kind, key, authData, inputData, kind === 'triggers' ? newZap() : undefined);
      // Triggers and searches return records, each one output; actions return one output.
      const outputs = Array.isArray(result) ? result : [result];
      expect(outputs.length).toBeGreaterThan(0);
      const present = new Set<string>();
      for (const output of outputs) for (const found of keysOf(output)) present.add(zapierKey(found));
      const fields = (app[kind][key]!.operation as unknown as { outputFields: Fields }).outputFields;
      const declared = (
        await Promise.all(
          fields.map((field) => (typeof field === 'function' ? field({}, { inputData }) : [field])),
        )
      ).flat();
      const keys = declared.map((field) => field.key);
      expect(keys.filter((name) => !present.has(name) && !optional(kind, key, name))).toEqual([]);
      expect([...present].filter((name) => !keys.includes(name))).toEqual([]);
    },
  );
});
