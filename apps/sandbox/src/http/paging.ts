import type { CountSpec } from '@social-data/core';
import { hash } from '../world/random';
import type { Sequence } from '../world/sequence';
import { badRequest } from './envelope';

/** Where the document names no maximum page size, larger counts are served as this many. */
export const UNDOCUMENTED_MAX_COUNT = 1000;
/** Endpoint 2 takes no count; its pages hold this many tweets. */
export const TWEETS_PER_PAGE = 20;

export function pageSize(raw: unknown, spec: CountSpec | undefined): number {
  if (!spec) return TWEETS_PER_PAGE;
  if (raw === undefined || raw === null || raw === '') return spec.default ?? TWEETS_PER_PAGE;
  const count =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  const range = spec.max === undefined ? `at least ${spec.min}` : `from ${spec.min} to ${spec.max}`;
  if (!Number.isInteger(count)) throw badRequest(`count must be an integer ${range}`);
  if (count < spec.min || (spec.max !== undefined && count > spec.max))
    throw badRequest(`count must be ${range}, got ${count}`);
  return Math.min(count, UNDOCUMENTED_MAX_COUNT);
}

function check(seed: number, offset: number): number {
  return hash(seed, 77, offset) % 1_000_000_000;
}

/**
 * User-page cursors look like the document's: digits, a bar, digits (`offset|check`). The last
 * page carries `0|…`, which the client follows once and gets an empty page.
 */
function userCursorOffset(seed: number, cursor: string | undefined): number | 'end' {
  if (cursor === undefined || cursor === '') return 0;
  const match = /^(\d+)\|(\d+)(?:\|\d+)?$/.exec(cursor);
  if (!match) throw badRequest('cursor is not valid: pass next_cursor back unchanged');
  const offset = Number(match[1]);
  if (offset === 0) return 'end';
  if (check(seed, offset) !== Number(match[2]))
    throw badRequest('cursor is not valid: pass next_cursor back unchanged');
  return offset;
}

/** A variant (the fresh-cursor fault) makes a different cursor for the same place. */
function userCursor(seed: number, offset: number | 'end', variant = 0): string {
  const cursor = offset === 'end' ? `0|${check(seed, 0)}` : `${offset}|${check(seed, offset)}`;
  return variant ? `${cursor}|${variant}` : cursor;
}

/** What the blank-cursor fault sends: a cursor of white space that still claims more. */
const BLANK_CURSOR = '   ';

/**
 * Tweet-page cursors are opaque strings. A variant makes a different cursor for the same place,
 * which an empty page needs so the client does not take it for a repeated cursor.
 */
function tweetCursor(seed: number, offset: number, variant = 0): string {
  return Buffer.from(`T${offset}:${check(seed, offset)}${variant ? `:${variant}` : ''}`).toString(
    'base64url',
  );
}

function tweetCursorOffset(seed: number, cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const match = /^T(\d+):(\d+)(?::\d+)?$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match || check(seed, Number(match[1])) !== Number(match[2]))
    throw badRequest('cursor is not valid: pass next_cursor back unchanged');
  return Number(match[1]);
}

export interface PageFaults {
  /** Answer with the cursor that was sent, so a client following it loops. */
  repeatCursor?: boolean;
  /**
   * Answer an empty page that still claims more, pointing at the same place through a cursor
   * made different by this number (so the client does not take it for a repeated cursor).
   */
  emptyPage?: number | undefined;
  /** Answer the page asked for with a next cursor made fresh by this number, for the same place. */
  freshRepeat?: number | undefined;
  /** Answer the page with a cursor of white space that still claims more. */
  blankCursor?: boolean;
  /** An empty list that claims nothing more: a suspended account, or a transient empty answer. */
  emptyList?: boolean;
  /** Go on for ever, each page's cursor fresh, the records repeating every this many. */
  loopEvery?: number | undefined;
}

export function tweetPage<T>(
  seed: number,
  feed: Sequence<T>,
  count: number,
  cursor: string | undefined,
  faults: PageFaults = {},
) {
  const offset = tweetCursorOffset(seed, cursor);
  if (faults.emptyList) return { tweets: [], has_next_page: false, next_cursor: '' };
  if (faults.emptyPage !== undefined)
    return { tweets: [], has_next_page: true, next_cursor: tweetCursor(seed, offset, faults.emptyPage) };
  if (faults.loopEvery !== undefined) {
    const looped = feed.slice(offset % Math.min(faults.loopEvery, feed.length), count);
    return { tweets: looped, has_next_page: true, next_cursor: tweetCursor(seed, offset + count) };
  }
  const tweets = feed.slice(offset, count);
  const next = offset + tweets.length;
  if (faults.freshRepeat !== undefined)
    return { tweets, has_next_page: true, next_cursor: tweetCursor(seed, offset, faults.freshRepeat) };
  if (faults.blankCursor) return { tweets, has_next_page: true, next_cursor: BLANK_CURSOR };
  return {
    tweets,
    has_next_page: next < feed.length,
    next_cursor: faults.repeatCursor && cursor ? cursor : tweetCursor(seed, next),
  };
}

export function userPage<T>(
  seed: number,
  key: string,
  feed: Sequence<T>,
  count: number,
  cursor: string | undefined,
  faults: PageFaults = {},
) {
  const offset = userCursorOffset(seed, cursor);
  if (offset === 'end' || faults.emptyList) return { [key]: [], next_cursor: userCursor(seed, 'end') };
  if (faults.emptyPage !== undefined)
    return { [key]: [], next_cursor: userCursor(seed, Math.max(1, offset)) };
  if (faults.loopEvery !== undefined) {
    const looped = feed.slice(offset % Math.min(faults.loopEvery, feed.length), count);
    return { [key]: looped, next_cursor: userCursor(seed, offset + count) };
  }
  const users = feed.slice(offset, count);
  const next = offset + users.length;
  if (faults.freshRepeat !== undefined)
    return { [key]: users, next_cursor: userCursor(seed, Math.max(1, offset), faults.freshRepeat) };
  if (faults.blankCursor) return { [key]: users, next_cursor: BLANK_CURSOR };
  const nextCursor =
    faults.repeatCursor && cursor ? cursor : userCursor(seed, next < feed.length ? next : 'end');
  return { [key]: users, next_cursor: nextCursor };
}
