import type { BatchLookupId } from '../catalog/infer';
import { catalog } from '../catalog/endpoints';
import { NotFoundError } from '../errors/classes';
import type { BatchFailure, BatchResult } from './batch-result';
import { normalizeParams } from './params';

/** A batch lookup read as every surface reads it (decisions B11, N19). */
export interface SettledLookup<T> {
  records: T[];
  /** Ids asked for that do not exist: left out of the answer, or in a batch answered "not found". */
  notFound: string[];
  /** Batches that failed for another reason; what they hold is not known. */
  failures: BatchFailure[];
}

/**
 * What a batch lookup found, which ids do not exist and which failed. An id that does not exist
 * is no failure (the API leaves it out, or answers a batch of only such ids "not found"); a host
 * whose transport wraps errors says how to recognize "not found" in `isNotFound`.
 */
export function settleLookup<T>(
  id: BatchLookupId,
  params: Record<string, unknown>,
  result: BatchResult<T>,
  isNotFound: (error: unknown) => boolean = (error) => error instanceof NotFoundError,
): SettledLookup<T> {
  const spec = catalog[id].result;
  const asked = spec.kind === 'records' ? (normalizeParams(id, params)[spec.idsParam] as string[]) : [];
  const failures = result.failures.filter((failure) => !isNotFound(failure.error));
  const known = new Set([
    ...result.records.map((record) => (record as { id?: unknown }).id),
    ...failures.flatMap((failure) => failure.ids),
  ]);
  return { records: result.records, notFound: asked.filter((each) => !known.has(each)), failures };
}

/** What the user is told of ids that do not exist, or undefined when every id was found. */
export function notFoundNotice(notFound: readonly string[]): string | undefined {
  const { length } = notFound;
  if (length === 0) return undefined;
  const named = notFound.slice(0, 5).join(', ');
  return `${length} of the ids asked for ${length === 1 ? 'was' : 'were'} not found (${named}${length > 5 ? ', …' : ''}); ${length === 1 ? 'it is' : 'they are'} left out.`;
}
