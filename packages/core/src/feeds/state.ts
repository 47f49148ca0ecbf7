import type { IdRange } from './ids';

/**
 * What a trigger remembers about one feed between polls, kept in the host's storage (n8n's
 * workflow static data) as plain JSON. It stays bounded: `seen` holds at most `MAX_SEEN` ids,
 * `backlog.until` at most `MAX_UNTIL` and `backlog.read` at most `MAX_RANGES` ranges, whatever
 * the feed's size or the workflow's age.
 */
export interface WatchState {
  v: 1;
  /** The feed and parameters this state belongs to; a different key starts the watch over. */
  key: string;
  /** Ids already known, newest first (time feeds: by id; other feeds: as last read). */
  seen: string[];
  /** Time feeds only: ids at or below this one are old, whether remembered or not. */
  floor?: string;
  /** The last read went from the top to the end of the feed, so an unknown id anywhere in it is new. */
  complete: boolean;
  backlog?: Backlog;
}

/**
 * Set when a poll met more new items than its page budget: the cursor where reading goes on
 * next time, and the ids that were newest before, which mark where the unread items end.
 */
export interface Backlog {
  cursor: string;
  until: string[];
  /**
   * Time feeds: the id ranges read since the backlog opened, merged, so an item read once is
   * never reported again however many ids `seen` had to let go of.
   */
  read?: IdRange[];
}

export const MAX_SEEN = 3000;
export const MAX_UNTIL = 200;
/** Read ranges a backlog may hold before it is given up (at most two are added per poll). */
export const MAX_RANGES = 100;

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

function isBacklog(value: unknown): value is Backlog {
  if (!value || typeof value !== 'object') return false;
  const { cursor, until, read } = value as Partial<Backlog>;
  const rangesOk =
    read === undefined || (Array.isArray(read) && read.every((r) => isIdList(r) && r.length === 2));
  return typeof cursor === 'string' && isIdList(until) && rangesOk;
}

/** The stored state if it is one this version wrote for this key; anything else starts over. */
export function readState(value: unknown, key: string): WatchState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Partial<WatchState>;
  if (state.v !== 1 || state.key !== key || !isIdList(state.seen) || typeof state.complete !== 'boolean')
    return undefined;
  if (state.floor !== undefined && typeof state.floor !== 'string') return undefined;
  if (state.backlog !== undefined && !isBacklog(state.backlog)) return undefined;
  return state as WatchState;
}

/** The key of a feed with its parameters, so changing the account or list in a trigger starts over. */
export function watchKey(feed: string, params: Readonly<Record<string, unknown>>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => [name, params[name]]);
  return `${feed}:${JSON.stringify(sorted)}`;
}
