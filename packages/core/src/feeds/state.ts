/**
 * What a trigger remembers about one feed between polls, kept in the host's storage (n8n's
 * workflow static data) as plain JSON. It stays bounded: `seen` holds at most `MAX_SEEN` ids and
 * `backlog.until` at most `MAX_UNTIL`, whatever the feed's size or the workflow's age.
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
  /**
   * Set when a poll met more new items than its page budget: the cursor where reading goes on
   * next time, and the ids that were newest before, which mark where the unread items end.
   */
  backlog?: { cursor: string; until: string[] };
}

export const MAX_SEEN = 3000;
export const MAX_UNTIL = 200;

const isIdList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((id) => typeof id === 'string');

/** The stored state if it is one this version wrote for this key; anything else starts over. */
export function readState(value: unknown, key: string): WatchState | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const state = value as Partial<WatchState>;
  if (state.v !== 1 || state.key !== key || !isIdList(state.seen) || typeof state.complete !== 'boolean')
    return undefined;
  if (state.floor !== undefined && typeof state.floor !== 'string') return undefined;
  const backlog = state.backlog;
  if (backlog !== undefined && (typeof backlog.cursor !== 'string' || !isIdList(backlog.until)))
    return undefined;
  return state as WatchState;
}

/** The key of a feed with its parameters, so changing the account or list in a trigger starts over. */
export function watchKey(feed: string, params: Readonly<Record<string, unknown>>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((name) => [name, params[name]]);
  return `${feed}:${JSON.stringify(sorted)}`;
}
