export { feedIds, feedSpec, feeds, isUserFeed } from './catalog';
export type { FeedId, FeedOrder, FeedSpec } from './catalog';
export { compareIds } from './ids';
export type { IdRange } from './ids';
export { MAX_RANGES, MAX_SEEN, MAX_UNTIL, readState, watchKey } from './state';
export type { Backlog, WatchState } from './state';
export { newestRecord, pollFeed, startWatch } from './watch';
export type { ReadPages, WatchOptions, WatchResult } from './watch';
