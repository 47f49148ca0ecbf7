export { feedIds, feedSpec, feeds, isUserFeed } from './catalog';
export type { FeedId, FeedOrder, FeedSpec } from './catalog';
export { compareIds } from './ids';
export { MAX_SEEN, MAX_UNTIL, readState, watchKey } from './state';
export type { WatchState } from './state';
export { newestRecord, pollFeed, startWatch } from './watch';
export type { ReadPages, WatchOptions, WatchResult } from './watch';
