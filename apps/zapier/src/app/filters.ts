import { formFilter, recordKindOf, tweetsCarryMedia } from '@social-data/core';
import type { EndpointId } from '@social-data/core';

import { zapierBoolean } from './fields';
import type { InputField } from './fields';

const NOT_SEARCH = 'Filters apply to the tweets this feed returns; they do not search all of X.';

const KINDS = { include: 'Include', exclude: 'Exclude', only: 'Only' };

/** Steps whose records are tweets, which the filters apply to. */
export function isTweetFeed(id: EndpointId): boolean {
  return recordKindOf(id) === 'tweet';
}

function count(key: string, label: string, helpText: string): InputField {
  return { key, label, type: 'integer', required: false, helpText };
}

/**
 * The filter fields of a tweet step: kinds, media (where its tweets carry media), keywords and
 * minimum counts; with `dates`, the created after and before bounds of a feed action.
 */
export function filterFields(id: EndpointId, dates: boolean): InputField[] {
  if (!isTweetFeed(id)) return [];
  const fields: InputField[] = [
    {
      key: 'replies',
      label: 'Replies',
      choices: KINDS,
      required: false,
      helpText: `Include replies (default), exclude them, or keep only them. ${NOT_SEARCH}`,
    },
    {
      key: 'retweets',
      label: 'Retweets',
      choices: KINDS,
      required: false,
      helpText: `Include retweets (default), exclude them, or keep only them. ${NOT_SEARCH}`,
    },
    {
      key: 'keywords',
      label: 'Keywords',
      type: 'text',
      required: false,
      helpText: `Only tweets holding these words or phrases (comma or new-line separated), as whole words, whatever their case and accents: \`ai\` matches "AI" and "#ai", not "said". ${NOT_SEARCH}`,
    },
    {
      key: 'keywordMatch',
      label: 'Keyword Match',
      choices: { any: 'Any keyword', all: 'All keywords' },
      required: false,
      helpText: 'Whether one keyword is enough (default) or every one must be in the text.',
    },
    count('minLikes', 'Min Likes', 'Only tweets with at least this many likes.'),
    count('minRetweets', 'Min Retweets', 'Only tweets with at least this many retweets.'),
    count(
      'minViews',
      'Min Views',
      'Only tweets with at least this many views; a tweet whose views the API does not give never passes.',
    ),
  ];
  if (tweetsCarryMedia(id))
    fields.push({
      key: 'withMediaOnly',
      label: 'With Media Only',
      type: 'boolean',
      required: false,
      helpText: 'Only tweets with photos, videos or GIFs.',
    });
  if (dates)
    fields.push(
      {
        key: 'createdAfter',
        label: 'Created After',
        type: 'datetime',
        required: false,
        helpText: 'Only tweets posted after this time.',
      },
      {
        key: 'createdBefore',
        label: 'Created Before',
        type: 'datetime',
        required: false,
        helpText: 'Only tweets posted before this time.',
      },
    );
  return fields;
}

/** The core filter a step's input stands for, or undefined when it filters nothing. */
export function filterFrom(
  id: EndpointId,
  inputData: Record<string, unknown>,
): ((record: unknown) => boolean) | undefined {
  if (!isTweetFeed(id)) return undefined;
  return formFilter({ ...inputData, withMediaOnly: zapierBoolean(inputData.withMediaOnly) === true });
}
