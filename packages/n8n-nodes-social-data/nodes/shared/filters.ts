import { filterFields, formFilter, takesFilters } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import type { FilterField, TweetFilter } from '@social-data/core/feeds';
import type { INodeProperties } from 'n8n-workflow';

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

function propertyOf(field: FilterField): INodeProperties {
  const base = { displayName: field.label, name: field.name, description: field.description };
  switch (field.kind) {
    case 'choice':
      return {
        ...base,
        type: 'options',
        options: field.choices!.map((choice) => ({ name: choice.label, value: choice.value })),
        default: field.choices![0]!.value,
      };
    case 'count':
      return { ...base, type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0 };
    case 'boolean':
      return { ...base, type: 'boolean', default: false };
    case 'date':
      return { ...base, type: 'dateTime', default: '' };
    default:
      return { ...base, type: 'string', default: '', placeholder: 'e.g. launch, machine learning' };
  }
}

/**
 * The filter options of one tweet feed, as core's filter fields describe them; with `dates`
 * the created-after and -before bounds of a read.
 */
export function filterOptions(id: EndpointId, dates: boolean): INodeProperties[] {
  return filterFields(id, dates).map(propertyOf);
}

/** The core filter the options stand for, or undefined when they filter nothing. */
export function filterFrom(options: FilterOptions): ((tweet: unknown) => boolean) | undefined {
  return formFilter(options as Record<string, unknown>);
}
