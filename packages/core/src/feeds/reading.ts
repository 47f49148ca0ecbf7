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

/** Reads a feed from a cursor (undefined: the top), page by page, newest first. */
export type ReadPages<R> = (cursor: string | undefined) => AsyncIterable<FeedPage<R>>;

export interface WatchOptions {
  /** From `watchKey`: which feed and parameters the stored state must belong to. */
  key: string;
  order: FeedOrder;
  /** Requests one poll may make (each unread burst gets one of them at least). */
  maxPages: number;
}

export interface WatchResult<R> {
  /** New records, newest first. */
  records: R[];
  /** Undefined when there is nothing to remember yet: the next poll starts the watch again. */
  state: WatchState | undefined;
  /** What the caller should log: a backlog left for the next poll, a refused cursor, a reset. */
  notes: string[];
  /** A note says items may have been missed or taken for new wrongly; the caller should warn. */
  uncertain: boolean;
  requests: number;
}
