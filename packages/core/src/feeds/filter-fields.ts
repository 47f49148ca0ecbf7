import type { EndpointId } from '../catalog/endpoints';
import { recordKindOf } from '../catalog/queries';
import { tweetsCarryMedia } from '../catalog/media';
import type { TweetFilter } from './filter';
import type { FormField } from './form-fields';

/** A filter's form field, which each host draws its own way. */
export type FilterField = FormField<keyof TweetFilter>;

const NOT_SEARCH = 'Filters apply to the tweets this feed returns; they do not search all of X.';

const kinds = (noun: string) =>
  (['include', 'exclude', 'only'] as const).map((value) => ({
    value,
    label: `${value.charAt(0).toUpperCase()}${value.slice(1)} ${noun}`,
  }));

/** Whether an endpoint's records are tweets, which filters apply to. */
export function takesFilters(id: EndpointId): boolean {
  return recordKindOf(id) === 'tweet';
}

/**
 * The filter fields of a tweet feed: kinds, keywords, minimum counts, media where its tweets
 * carry media, and with `dates` (actions) the created after and before bounds. None for others.
 */
export function filterFields(id: EndpointId, dates: boolean): FilterField[] {
  if (!takesFilters(id)) return [];
  const fields: FilterField[] = [
    {
      name: 'replies',
      label: 'Replies',
      kind: 'choice',
      choices: kinds('Replies'),
      description: `Whether replies pass, or only they do. ${NOT_SEARCH}`,
    },
    {
      name: 'retweets',
      label: 'Retweets',
      kind: 'choice',
      choices: kinds('Retweets'),
      description: `Whether retweets pass, or only they do. ${NOT_SEARCH}`,
    },
    {
      name: 'keywords',
      label: 'Keywords',
      kind: 'list',
      example: 'launch, machine learning',
      description: `Only tweets whose text holds these words or phrases (comma or new-line separated), as whole words, whatever their case and accents: "ai" matches "AI" and "#ai", not "said". ${NOT_SEARCH}`,
    },
    {
      name: 'keywordMatch',
      label: 'Keyword Match',
      kind: 'choice',
      choices: [
        { value: 'any', label: 'Any Keyword' },
        { value: 'all', label: 'All Keywords' },
      ],
      description: 'Whether one of the keywords is enough or every one must be in the text.',
    },
    {
      name: 'minLikes',
      label: 'Min Likes',
      kind: 'count',
      min: 0,
      description: 'Only tweets with at least this many likes (0: any).',
    },
    {
      name: 'minRetweets',
      label: 'Min Retweets',
      kind: 'count',
      min: 0,
      description: 'Only tweets with at least this many retweets (0: any).',
    },
    {
      name: 'minViews',
      label: 'Min Views',
      kind: 'count',
      min: 0,
      description:
        'Only tweets with at least this many views (0: any). A tweet whose views the API does not give never passes a minimum.',
    },
  ];
  if (tweetsCarryMedia(id))
    fields.push({
      name: 'withMediaOnly',
      label: 'With Media Only',
      kind: 'boolean',
      description: 'Whether only tweets with photos, videos or GIFs pass.',
    });
  if (dates)
    fields.push(
      {
        name: 'createdAfter',
        label: 'Created After',
        kind: 'date',
        description: 'Only tweets posted after this time.',
      },
      {
        name: 'createdBefore',
        label: 'Created Before',
        kind: 'date',
        description: 'Only tweets posted before this time.',
      },
    );
  return fields;
}
