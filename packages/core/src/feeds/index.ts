export { MAX_ACCOUNTS } from './accounts';
export { timeBudget } from './time-budget';
export type { AccountFailure, AccountRecord, AccountsBudget, AccountsState } from './accounts';
export { feedIds, feeds, isRemovalFeed, isUserFeed, takesManyAccounts } from './catalog';
export { formFilter } from './filter';
export { filterFields, takesFilters } from './filter-fields';
export type { FilterField } from './filter-fields';
export {
  accountsField,
  maxPagesField,
  pageSizeField,
  pollPagesField,
  simplifyField,
  startCursorField,
  READ_OPTION_LABELS,
} from './form-fields';
export type { FormField } from './form-fields';
export { filteredRead, filteredReadNotice, readFiltered } from './filtered-read';
export type { FilteredRead } from './filtered-read';
export { readOptions } from './read-options';
export { firstOfEachId, outputBudget } from './output-budget';
export type { OutputBudget } from './output-budget';
export type { ReadRequest } from './read-options';
export type { PollNotice } from './notice';
export { pollAccountsOnce, pollOnce } from './poll-once';
export type {
  FailingAccount,
  PollAccountsOnceOptions,
  PollOnceOptions,
  Polled,
  PolledAccounts,
  StateStore,
} from './poll-once';
export type { UnavailableAccount } from './profiles';
export type { KindRule, RecordFilter, TweetFilter } from './filter';
export type { FeedId, FeedOrder, FeedSpec } from './catalog';
export type { IdRange } from './ids';
export { feedPages, listSize } from './pages';
export { DEFAULT_POLL_PAGES, pollPages } from './reading';
export type { FeedPage, ReadPages } from './reading';
export type { Segment } from './segments';
export { watchKey, watchOf } from './state';
export type { Backlog, PositionState, TimeState, WatchState } from './state';
export { newestRecord } from './watch';
