import { normalizeBoolean, recordKindOf, sampleRecord, shaperFor, tweetsCarryMedia } from '@social-data/core';
import type { EndpointId, Tweet } from '@social-data/core';

import type { Bundle, ZObject } from 'zapier-platform-core';

import { sampleFile, withMediaFiles } from './media';
import type { Dehydrate } from './media';
import { outputFieldsOf } from './output-fields';
import type { OutputField } from './output-fields';

/** Whether the form's Simplify is on (Zapier sends a boolean as text). */
export const wantsSimplify = (simplify: unknown): boolean => normalizeBoolean(simplify, 'simplify') === true;

/**
 * How an endpoint's records leave a step: as the API sent them, or flattened by core's simplify;
 * given `dehydrate`, tweets get a file per media item.
 */
export function shapeFor(
  id: EndpointId,
  simplify: unknown,
  dehydrate?: Dehydrate,
): (record: unknown) => object {
  const shape = shaperFor<object>(id, wantsSimplify(simplify));
  if (!dehydrate || !tweetsCarryMedia(id)) return shape;
  return (record) => withMediaFiles(shape(record), record, dehydrate);
}

/** The sample record of an endpoint (core's), its media items with the `file` a step adds. */
export function sampleOf(id: EndpointId): Record<string, unknown> {
  const sample = sampleRecord(id);
  const media = sample.media as Tweet['media'];
  return media ? { ...sample, media: media.map((item) => ({ ...item, file: item.url })) } : sample;
}

/**
 * The output fields of an endpoint's records, as the step's Simplify input shapes them: Zapier
 * asks with the step's input, so the labels match what the step returns. Async, as Zapier's
 * typings declare every field function.
 */
export function recordFieldsOf(id: EndpointId, prefix = '') {
  return async (_z: ZObject, bundle: Bundle): Promise<OutputField[]> =>
    outputFieldsOf(shapeFor(id, bundle.inputData?.simplify, sampleFile)(sampleOf(id)), prefix);
}

const NOUNS = { user: 'User', tweet: 'Tweet', community: 'Community', topic: 'Topic' } as const;

export function nounOf(id: EndpointId): string {
  return NOUNS[recordKindOf(id) ?? 'user'];
}

/**
 * The sample and output fields of a step that returns its records as line items, with a count
 * and the given fields beside them (shown with their sample values).
 */
export function lineItemsOutput(id: EndpointId, fields: Record<string, string | boolean>) {
  const beside = { count: 1, ...fields };
  return {
    sample: { records: [sampleOf(id)], ...beside },
    outputFields: [recordFieldsOf(id, 'records[]'), ...outputFieldsOf(beside)],
  };
}
