import { isAuditState } from './audit';
import type { AuditState } from './audit';
import type { FeedOrder } from './catalog';
import type { IdRange } from './ids';
import type { Segment } from './segments';

/**
 * What a trigger remembers about one feed between polls, kept in the host's storage (n8n's
 * workflow static data) as plain JSON. It stays bounded: `seen` holds at most `MAX_SEEN` ids,
 * `backlog.until` at most `MAX_UNTIL` and `backlog.read` at most `MAX_RANGES` ranges, whatever
 * the feed's size or the workflow's age.
 */
export type WatchState = TimeState | PositionState;

/** A feed ordered by position, as `segments.ts` describes it. */
export interface PositionState {
  v: 2;
  key: string;
  segments: Segment[];
  /** Two reads in a row reached the end of the feed right below the last stretch, at `bottom`. */
  end?: boolean;
  /** The last id of the feed when a read last reached its end ('' for an empty feed). */
  bottom?: string;
  /** Polls in a row whose whole answer held none of the remembered ids. */
  disjoint?: number;
  /** Feeds the API counts (followers, following): the counter audit, `audit.ts`. */
  audit?: AuditState;
  /**
   * Removal events: the user was told that the list is longer than a poll reads, so removals
   * below are not seen (decision N23); told again only after a poll read the whole list.
   */
  partialTold?: boolean;
  /**
   * For a host that drops every id it was given before (Zapier's dedupe): the last ids handed
   * over as new items, oldest first (`handed.ts`).
   */
  handed?: string[];
}

export interface TimeState {
  v: 1;
  /** The feed and parameters this state belongs to; a different key starts the watch over. */
  key: string;
  /** Ids already known, newest first by id. */
  seen: string[];
  /** Ids at or below this one are old, whether remembered or not. */
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
  /** The oldest id this backlog has read, and polls in a row that read nothing older. */
  deepest?: string;
  stalls?: number;
}

export const MAX_SEEN = 3000;
/**
 * Ids a position feed remembers: the top of the feed and what a burst has read so far, so a
 * burst of a few thousand (and more arriving while it is read) is reported exactly once.
 */
export const MAX_POSITION_IDS = 5000;
/** Unread bursts a position feed keeps open before the oldest is given up with a warning. */
export const MAX_GAPS = 5;
/**
 * Ids of unproven bursts a position feed holds back at most (reported later by a lookup of 100 a
 * request); past that they are counted, not reported.
 */
export const MAX_PENDING = 5000;
export const MAX_UNTIL = 200;
/** Read ranges a backlog may hold before it is given up (at most two are added per poll). */
export const MAX_RANGES = 100;
/** Polls in a row a backlog may read nothing older before it is given up with a warning. */
export const MAX_STALLS = 10;

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

function isBacklog(value: unknown): value is Backlog {
  if (!value || typeof value !== 'object') return false;
  const { cursor, until, read } = value as Partial<Backlog>;
  const rangesOk =
    read === undefined || (Array.isArray(read) && read.every((r) => isIdList(r) && r.length === 2));
  return typeof cursor === 'string' && isIdList(until) && rangesOk;
}

function isSegment(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const { ids, gap, pending, tries } = value as Partial<Segment>;
  return (
    isIdList(ids) &&
    (gap === undefined || typeof gap === 'string') &&
    (pending === undefined || isIdList(pending)) &&
    (tries === undefined || typeof tries === 'number')
  );
}

function readTimeState(state: Partial<TimeState>): TimeState | undefined {
  if (!isIdList(state.seen) || typeof state.complete !== 'boolean') return undefined;
  if (state.floor !== undefined && typeof state.floor !== 'string') return undefined;
  if (state.backlog !== undefined && !isBacklog(state.backlog)) return undefined;
  return state as TimeState;
}

/**
 * The stored state if it is one this version can use for this key; anything else starts over.
 * A position feed's state from before version 2 (its last read, as one stretch) carries over,
 * so an update does not restart every watch.
 */
export function readState(value: unknown, key: string, order: FeedOrder): WatchState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as { v?: unknown; key?: unknown; segments?: unknown };
  if (state.key !== key) return undefined;
  if (order === 'time') return state.v === 1 ? readTimeState(value as Partial<TimeState>) : undefined;
  if (state.v === 2) {
    if (!Array.isArray(state.segments) || !state.segments.every(isSegment)) return undefined;
    const position = value as PositionState;
    // A damaged audit is dropped, not the watch: the next count starts a new one.
    if (position.audit === undefined || isAuditState(position.audit)) return position;
    const rest = { ...position };
    delete rest.audit;
    return rest;
  }
  const old = state.v === 1 ? readTimeState(value as Partial<TimeState>) : undefined;
  return old ? { v: 2, key, segments: [{ ids: old.seen }] } : undefined;
}

/** How many ids a state holds, whatever the feed: what its size bound is about. */
export function knownIdCount(state: WatchState): number {
  if (state.v === 2)
    return state.segments.reduce(
      (sum, segment) => sum + segment.ids.length + (segment.pending?.length ?? 0),
      0,
    );
  const backlog = state.backlog;
  return state.seen.length + (backlog ? backlog.until.length + 2 * (backlog.read?.length ?? 0) : 0);
}

/** The key of a feed with its parameters, so changing the account or list in a trigger starts over.
 * Screen names are keyed in lower case: `@Name` and `name` are one account. */
export function watchKey(feed: string, params: Readonly<Record<string, unknown>>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => {
      const value = params[name];
      return [name, name === 'userName' && typeof value === 'string' ? value.toLowerCase() : value];
    });
  return `${feed}:${JSON.stringify(sorted)}`;
}

/**
 * The feed and inputs of a watch key, for a host to show which watch a state belongs to in its
 * own words (a command line, a trigger's name); undefined for a key it cannot read.
 */
export function watchOf(key: string): { feed: string; params: Record<string, unknown> } | undefined {
  const at = key.indexOf(':');
  if (at <= 0) return undefined;
  try {
    const entries: unknown = JSON.parse(key.slice(at + 1));
    const named = (entry: unknown) =>
      Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string';
    if (!Array.isArray(entries) || !entries.every(named)) return undefined;
    return { feed: key.slice(0, at), params: Object.fromEntries(entries as Array<[string, unknown]>) };
  } catch {
    return undefined;
  }
}
