import type { ResultSpec } from '../catalog/types';

/** One page in the same form for tweet pages and user pages. */
export interface Page<T> {
  records: T[];
  /** '' when the API sent none. */
  next_cursor: string;
  /** Whether a further page exists, by the stop rules below (user pages carry no such flag). */
  has_next_page: boolean;
  /**
   * The API claimed more pages but sent a cursor of white space (or, on a tweet page, none): a
   * paged read ends there (decision B12), a trigger takes it for a stall, not the end of its feed.
   */
  blankCursor?: true;
}

/**
 * Marks a shaped page whose cursor was white space only: a cursor that claims more but cannot be
 * followed. A symbol, so it never shows in a record or a page a caller is handed as JSON.
 */
export const BLANK_CURSOR: unique symbol = Symbol('blankCursor');

/**
 * A page's cursor as the client follows it: '' when absent or only white space (decision B12),
 * otherwise unchanged, since cursors are opaque.
 */
export function pageCursor(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value : '';
}

/**
 * The stop rules of docs/reference/architecture.md, decision 5. Tweet pages end when `has_next_page` is false
 * or the cursor is blank. User pages end when the cursor is absent, blank or "0", or the page
 * has no records. A cursor shaped "0|…" is followed: stopping on a guess would lose users.
 */
export function toPage<T>(result: ResultSpec, data: unknown): Page<T> {
  const body = data as Record<string, unknown>;
  const cursor = pageCursor(body.next_cursor);
  const blank = (data as Record<PropertyKey, unknown>)[BLANK_CURSOR] === true;
  if (result.kind === 'tweetPage') {
    const records = body.tweets as T[];
    const flag = body.has_next_page;
    const page: Page<T> = { records, next_cursor: cursor, has_next_page: flag !== false && cursor !== '' };
    if (cursor === '' && (flag === true || (blank && flag !== false))) page.blankCursor = true;
    return page;
  }
  if (result.kind === 'userPage') {
    const records = body[result.key] as T[];
    const page: Page<T> = {
      records,
      next_cursor: cursor,
      has_next_page: cursor !== '' && cursor !== '0' && records.length > 0,
    };
    if (blank && records.length > 0) page.blankCursor = true;
    return page;
  }
  throw new TypeError(`toPage: ${result.kind} results are not paginated`);
}
