import { filterFields as coreFilterFields } from '@social-data/core/feeds';
import { formFilter, takesFilters } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import type { RecordFilter } from '@social-data/core/feeds';

import { inputOf } from './fields';
import type { InputField } from './fields';

/** Steps whose records are tweets, which the filters apply to. */
export const isTweetFeed = takesFilters;

/** The filter fields of a tweet step, as core's filter fields describe them. */
export function filterFields(id: EndpointId, dates: boolean): InputField[] {
  return coreFilterFields(id, dates).map((field) => inputOf(field));
}

/** The core filter a step's input stands for, or undefined when it filters nothing. */
export function filterFrom(id: EndpointId, inputData: Record<string, unknown>): RecordFilter | undefined {
  if (!isTweetFeed(id)) return undefined;
  return formFilter(inputData);
}
