import { ValidationError } from '../errors/classes';
import { normalizeCount } from '../input/values';
import type { Page } from '../pagination/page';
import type { FeedOrder } from './catalog';
import type { WatchState } from './state';

/**
 * A page as a feed reader hands it over. `stalled`: the API claimed more but gave no usable way
 * on (a cursor it already gave, or empty pages that claim more), which is not the end of a feed.
 */
export interface FeedPage<R> extends Page<R> {
  stalled?: boolean;
}

/**
 * Reads a feed from a cursor (undefined: the top), page by page, newest first. `lookup` fetches
 * records by id, for the items of a burst a position feed held back until it was proven.
 */
export interface ReadPages<R> {
  (cursor: string | undefined): AsyncIterable<FeedPage<R>>;
  lookup?: (ids: readonly string[]) => Promise<R[]>;
  /**
   * How many items the API says the feed holds (an account's `followers` counter), where it counts
   * them: a position feed audits what it found against its rise (`audit.ts`). One request.
   */
  count?: () => Promise<number | undefined>;
  /**
   * A host's time (Zapier's 30 s a step): asked after each page; false ends the walk as a spent
   * page budget does, so what is left is read by later polls, as any backlog is.
   */
  more?: () => boolean;
}

/** Requests a poll makes by default while it catches up (the n8n trigger and `watch`). */
export const DEFAULT_POLL_PAGES = 10;
/**
 * The most a poll may make: a position poll makes up to 2 × this + 15 page requests, so 50 keeps
 * one poll near 115 paid requests (a form that took 100,000 made 1,827 in one poll, issue 38).
 */
export const MAX_POLL_PAGES = 50;

/**
 * Max Pages per Poll from a form or a flag: empty is the default (as an action's empty number
 * is unset), anything else a whole number from 1 to MAX_POLL_PAGES, or an error naming `field`.
 */
export function pollPages(value: unknown, field: string, fallback = DEFAULT_POLL_PAGES): number {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return fallback;
  return normalizeCount(value, { min: 1, max: MAX_POLL_PAGES, default: fallback }, field);
}

export interface WatchOptions<R = unknown> {
  /** From `watchKey`: which feed and parameters the stored state must belong to. */
  key: string;
  order: FeedOrder;
  /** Requests one poll may make (each unread burst gets one of them at least). */
  maxPages: number;
  /**
   * Position feeds: the poll reads on past the point where it knows its place, to the end of the
   * feed if the page budget allows, so that removals below the top are certain too (decision N23).
   */
  removals?: boolean;
  /**
   * Records a caller wants reported (a tweet filter). The others are remembered as seen all the
   * same, so one that fails the filter is never reported, now or later.
   */
  keep?: (record: R) => boolean;
  /** Ids the state may hold at most, below the engine's own bounds (a watch of many accounts). */
  maxIds?: number;
}

export interface WatchResult<R> {
  /** New records, newest first. */
  records: R[];
  /**
   * Ids the feed certainly lost since the last poll (position feeds): known ids that a read from
   * the top passed over to ground it knows in place, or a read of the whole feed did not meet.
   */
  removed: string[];
  /** Undefined when there is nothing to remember yet: the next poll starts the watch again. */
  state: WatchState | undefined;
  /** What the caller should log: a backlog left for the next poll, a refused cursor, a reset. */
  notes: string[];
  /** A note says items may have been missed or taken for new wrongly; the caller should warn. */
  uncertain: boolean;
  /**
   * How many items this poll may have missed or left unreported, when it can count them (an
   * uncertain poll says at least this many in its notes); 0 when it is sure.
   */
  missed?: number;
  requests: number;
  /**
   * A first poll only: the records it read and took as already there, newest first. A host whose
   * platform keeps the ids it has seen and drops them itself (Zapier) returns them, so a watch
   * that starts over (an update from a version without this state, a state its store lost) misses
   * nothing that platform has not seen; a host without such a dedupe (n8n, the CLI) ignores them.
   */
  startedWith?: R[];
  /**
   * Removal events, when a read from the top decided and its page budget or the API ended it (not
   * a stall, not the host's time): how many accounts it watches, and whether that is the whole
   * list. A list longer than that is watched for removals among those accounts only (decision
   * N23), which the user must learn.
   */
  removalsRead?: { accounts: number; whole: boolean };
}

/** One walk down a feed: each id once, in feed order. */
export interface Read<R> {
  records: R[];
  ids: string[];
  /** The feed has no further page. */
  ended: boolean;
  /** The API claimed more but gave no usable way on (a repeated cursor, empty pages). */
  stalled: boolean;
  /** The walk stopped because the caller had read enough. */
  enough: boolean;
  /** Where reading goes on when the budget ran out first: the next page's cursor. */
  cursor: string | undefined;
  /** The host's time ended the walk before its page budget did. */
  timeUp?: boolean;
  /** The cursor each page was read with ('' for the top), and where its ids start. */
  pages: { cursor: string; start: number }[];
  requests: number;
}

/** The cursor of an account list's last page. */
const LIST_END = /^0\|/;

/**
 * Reads pages from `cursor` (undefined: the top) until the feed ends or stalls, `more` says the
 * walk has read enough, or `budget` requests are spent, or the host's time (`read.more`) is up
 * after at least `timeFloor` requests: a walk that reads its last page again to find its place
 * (a gap, a backlog) passes 2, or a slow API would keep it from ever moving. Every engine reads
 * through this, so the stop rules of a trigger are the same for every order of feed.
 */
export async function readPages<R extends { id: string }>(
  read: ReadPages<R>,
  cursor: string | undefined,
  budget: number,
  more: (walk: Read<R>, page: FeedPage<R>) => boolean,
  timeFloor = 1,
): Promise<Read<R>> {
  const walk: Read<R> = {
    records: [],
    ids: [],
    ended: true,
    stalled: false,
    enough: false,
    cursor: undefined,
    pages: [],
    requests: 0,
  };
  const taken = new Set<string>();
  let pageCursor = cursor ?? '';
  for await (const page of read(cursor)) {
    walk.requests += 1;
    walk.pages.push({ cursor: pageCursor, start: walk.ids.length });
    pageCursor = page.next_cursor;
    for (const record of page.records) {
      if (!record || taken.has(record.id)) continue;
      taken.add(record.id);
      walk.records.push(record);
      walk.ids.push(record.id);
    }
    walk.stalled = page.stalled === true;
    // An account list's last page carries a `0|…` cursor, and following it answers an empty page
    // (architecture decision 5, S3). A trigger's walk ends on that page: the empty page after it
    // looks like an answer cut short (a glitch), which kept a removal at the bottom of every such
    // list from ever being reported, and costs a request a poll's budget may not have.
    walk.ended = (!page.has_next_page || LIST_END.test(page.next_cursor)) && !walk.stalled;
    if (walk.ended || walk.stalled) break;
    if (!more(walk, page)) {
      walk.enough = true;
      break;
    }
    const spent = walk.requests >= budget;
    if (spent || (walk.requests >= timeFloor && read.more?.() === false)) {
      walk.cursor = page.next_cursor;
      walk.ended = false;
      if (!spent) walk.timeUp = true;
      break;
    }
  }
  return walk;
}

/**
 * A walk from a cursor an earlier poll saved: the API may refuse that cursor (a ValidationError),
 * which ends the walk without failing the poll; the caller notes what may be missed.
 */
export function refusedOr<T>(walk: Promise<T>): Promise<T | ValidationError> {
  return walk.catch((error: unknown) => {
    if (error instanceof ValidationError) return error;
    throw error;
  });
}

/** A first poll that took note of the feed: nothing to report yet. */
export function started<R>(state: WatchState, requests: number, read: R[]): WatchResult<R> {
  return { records: [], removed: [], state, notes: [], uncertain: false, requests, startedWith: read };
}

/** A first poll that met only empty pages claiming more: the watch starts at the next poll. */
export function startsLater<R>(requests: number): WatchResult<R> {
  const note = 'The feed answered only empty pages that claim more; the watch starts at the next poll';
  return { records: [], removed: [], state: undefined, notes: [note], uncertain: false, requests };
}
