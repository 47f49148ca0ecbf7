import type { ResultSpec } from '../catalog/types';

/** One page in the same form for tweet pages and user pages. */
export interface Page<T> {
  records: T[];
  /** '' when the API sent none. */
  next_cursor: string;
  /** Whether a further page exists, by the stop rules below (user pages carry no such flag). */
  has_next_page: boolean;
}

/**
 * A page's cursor as the client follows it: '' when absent or only white space (decision B12),
 * otherwise unchanged, since cursors are opaque.
 */
export function pageCursor(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value : '';
}

/**
 * The stop rules of ARCHITECTURE.md, decision 5. Tweet pages end when `has_next_page` is false
 * or the cursor is blank. User pages end when the cursor is absent, blank or "0", or the page
 * has no records. A cursor shaped "0|…" is followed: stopping on a guess would lose users.
 */
export function toPage<T>(result: ResultSpec, data: unknown): Page<T> {
  const body = data as Record<string, unknown>;
  const cursor = pageCursor(body.next_cursor);
  if (result.kind === 'tweetPage') {
    const records = body.tweets as T[];
    const flag = body.has_next_page;
    return { records, next_cursor: cursor, has_next_page: flag !== false && cursor !== '' };
  }
  if (result.kind === 'userPage') {
    const records = body[result.key] as T[];
    return {
      records,
      next_cursor: cursor,
      has_next_page: cursor !== '' && cursor !== '0' && records.length > 0,
    };
  }
  throw new TypeError(`toPage: ${result.kind} results are not paginated`);
}
