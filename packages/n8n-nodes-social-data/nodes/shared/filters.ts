import { filterFields, formFilter, takesFilters } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import type { RecordFilter, TweetFilter } from '@social-data/core/feeds';
import type { INodeProperties } from 'n8n-workflow';

import { optionOf } from './fields';

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
export const isTweetFeed = takesFilters;

/**
 * The filter options of one tweet feed, as core's filter fields describe them; with `dates`
 * the created-after and -before bounds of a read.
 */
export function filterOptions(id: EndpointId, dates: boolean): INodeProperties[] {
  return filterFields(id, dates).map(optionOf);
}

/** The core filter the options stand for, or undefined when they filter nothing. */
export function filterFrom(options: FilterOptions): RecordFilter | undefined {
  return formFilter(options as Record<string, unknown>);
}
