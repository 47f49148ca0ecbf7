import { normalizeBoolean, recordKindOf, simplifierFor } from '@social-data/core';
import type { EndpointId } from '@social-data/core';

import { outputFieldsOf } from './output-fields';
import type { OutputField } from './output-fields';
import { samples } from './samples';

/** How an endpoint's records leave a step: as the API sent them, or flattened by core's simplify. */
export function shapeFor(id: EndpointId, simplify: unknown): (record: unknown) => object {
  const wanted = normalizeBoolean(simplify, 'simplify') === true;
  const simplifier = wanted ? simplifierFor(recordKindOf(id)) : undefined;
  return simplifier ?? ((record) => record as object);
}

/** The sample record of an endpoint's kind. */
export function sampleOf(id: EndpointId): object {
  return samples[recordKindOf(id) ?? 'user'];
}

export function recordFieldsOf(id: EndpointId, prefix = ''): OutputField[] {
  return outputFieldsOf(sampleOf(id), prefix);
}

const NOUNS = { user: 'User', tweet: 'Tweet', community: 'Community', topic: 'Topic' } as const;

export function nounOf(id: EndpointId): string {
  return NOUNS[recordKindOf(id) ?? 'user'];
}
