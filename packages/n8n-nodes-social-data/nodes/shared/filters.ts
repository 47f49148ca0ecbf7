import { formFilter, recordKindOf } from '@social-data/core';
import type { EndpointId, TweetFilter } from '@social-data/core';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { hasMedia } from './media/options';

/** What the filter options hold, as an Options collection stores them. */
export interface FilterOptions {
  replies?: TweetFilter['replies'];
  retweets?: TweetFilter['retweets'];
  withMediaOnly?: boolean;
  keywords?: string;
  keywordMatch?: TweetFilter['keywordMatch'];
  minLikes?: number;
  minRetweets?: number;
  minViews?: number;
  createdAfter?: string;
  createdBefore?: string;
}

/** Operations and events whose records are tweets, which the filters apply to. */
export function isTweetFeed(id: EndpointId): boolean {
  return recordKindOf(id) === 'tweet';
}

const kindRule = (noun: string): INodePropertyOptions[] => [
  { name: `Include ${noun}`, value: 'include' },
  { name: `Exclude ${noun}`, value: 'exclude' },
  { name: `Only ${noun}`, value: 'only' },
];

function count(displayName: string, name: string, description: string): INodeProperties {
  return {
    displayName,
    name,
    type: 'number',
    typeOptions: { minValue: 0, numberPrecision: 0 },
    default: 0,
    description,
  };
}

/**
 * The filter options for one tweet feed: kinds, media (where its tweets carry media), keywords,
 * minimum counts, and with `dates` the created-after and -before bounds of a read.
 */
export function filterOptions(id: EndpointId, dates: boolean): INodeProperties[] {
  const options: INodeProperties[] = [
    {
      displayName: 'Replies',
      name: 'replies',
      type: 'options',
      options: kindRule('Replies'),
      default: 'include',
      description:
        'Whether replies pass. Filters apply to the tweets this feed returns; they do not search all of X.',
    },
    {
      displayName: 'Retweets',
      name: 'retweets',
      type: 'options',
      options: kindRule('Retweets'),
      default: 'include',
      description:
        'Whether retweets pass. Filters apply to the tweets this feed returns; they do not search all of X.',
    },
    {
      displayName: 'Keywords',
      name: 'keywords',
      type: 'string',
      default: '',
      placeholder: 'e.g. launch, machine learning',
      description:
        'Only tweets whose text holds these words or phrases (comma or new-line separated), as whole words, whatever their case and accents: "ai" matches "AI" and "#ai", not "said". Filters apply to the tweets this feed returns; they do not search all of X.',
    },
    {
      displayName: 'Keyword Match',
      name: 'keywordMatch',
      type: 'options',
      options: [
        { name: 'Any Keyword', value: 'any' },
        { name: 'All Keywords', value: 'all' },
      ],
      default: 'any',
      description: 'Whether one of the keywords is enough or every one must be in the text',
    },
    count('Min Likes', 'minLikes', 'Only tweets with at least this many likes (0: any).'),
    count('Min Retweets', 'minRetweets', 'Only tweets with at least this many retweets (0: any).'),
    count(
      'Min Views',
      'minViews',
      'Only tweets with at least this many views (0: any). A tweet whose views the API does not give never passes a minimum.',
    ),
  ];
  if (hasMedia(id))
    options.push({
      displayName: 'With Media Only',
      name: 'withMediaOnly',
      type: 'boolean',
      default: false,
      description: 'Whether only tweets with photos, videos or GIFs pass',
    });
  if (dates)
    options.push(
      {
        displayName: 'Created After',
        name: 'createdAfter',
        type: 'dateTime',
        default: '',
        description: 'Only tweets posted after this time',
      },
      {
        displayName: 'Created Before',
        name: 'createdBefore',
        type: 'dateTime',
        default: '',
        description: 'Only tweets posted before this time',
      },
    );
  return options;
}

/** The core filter the options stand for, or undefined when they filter nothing. */
export function filterFrom(options: FilterOptions): ((tweet: unknown) => boolean) | undefined {
  return formFilter(options as Record<string, unknown>);
}
