export { feedIds, feedSpec, feeds, isUserFeed } from './catalog';
export type { FeedId, FeedOrder, FeedSpec } from './catalog';
export { compareIds } from './ids';
export type { IdRange } from './ids';
export { feedPages } from './pages';
export type { FeedPage, ReadPages, WatchOptions, WatchResult } from './reading';
export type { Segment } from './segments';
export {
  MAX_GAPS,
  MAX_POSITION_IDS,
  MAX_RANGES,
  MAX_SEEN,
  MAX_UNTIL,
  knownIdCount,
  readState,
  watchKey,
} from './state';
export type { Backlog, PositionState, TimeState, WatchState } from './state';
export { newestRecord, pollFeed, startWatch } from './watch';
