import type { ReadPages, WatchOptions, WatchResult } from './reading';
import { readState } from './state';
import type { WatchState } from './state';
import { pollFeed } from './watch';

/** Accounts one trigger may watch. */
export const MAX_ACCOUNTS = 50;
/**
 * Ids each account of a many-account watch remembers (its own watch holds up to 400 with a burst
 * open: this many seen, as many marking where the burst ends, 100 id ranges read), so the
 * whole state stays within 50 × 400 = 20,000 ids, 5,000 when no burst is open.
 */
export const ACCOUNT_IDS = 100;

/** One watch per account, by account name as the caller keys it (lower case). */
export interface AccountsState {
  v: 3;
  key: string;
  accounts: Record<string, WatchState>;
}

export interface AccountRecord<R> {
  account: string;
  record: R;
}

export interface AccountFailure {
  account: string;
  error: unknown;
}

export interface AccountsResult<R> {
  /** New records of every account, newest first within each account, accounts in list order. */
  records: AccountRecord<R>[];
  /** Removed ids of every account, as `WatchResult.removed`. */
  removed: AccountRecord<string>[];
  state: AccountsState;
  /** Notes of each account's poll, prefixed with the account. */
  notes: string[];
  uncertain: boolean;
  /** Items the accounts' polls counted as possibly missed, added up. */
  missed: number;
  /** Accounts whose poll failed: their watch stays as it was, the others went on. */
  failures: AccountFailure[];
  requests: number;
}

function storedAccounts(stored: unknown, key: string): Record<string, WatchState> {
  if (!stored || typeof stored !== 'object') return {};
  const state = stored as Partial<AccountsState>;
  if (state.v !== 3 || state.key !== key || !state.accounts || typeof state.accounts !== 'object') return {};
  return state.accounts;
}

/**
 * One poll of many accounts' feeds in one trigger. Each account keeps a watch of its own, polled
 * in turn: an account new to the list starts quiet (its first poll takes note, as an activation
 * does), an account gone from the list takes its state with it, and an account whose poll fails
 * keeps its state for the next poll while the others report what they found.
 */
export async function pollAccounts<R extends { id: string }>(
  readFor: (account: string) => ReadPages<R>,
  accounts: readonly string[],
  stored: unknown,
  options: WatchOptions<R>,
): Promise<AccountsResult<R>> {
  const before = storedAccounts(stored, options.key);
  const result: AccountsResult<R> = {
    records: [],
    removed: [],
    state: { v: 3, key: options.key, accounts: {} },
    notes: [],
    uncertain: false,
    missed: 0,
    failures: [],
    requests: 0,
  };
  for (const account of accounts) {
    const key = `${options.key}:${account}`;
    const own = { ...options, key, maxIds: Math.min(options.maxIds ?? ACCOUNT_IDS, ACCOUNT_IDS) };
    const previous = before[account];
    let poll: WatchResult<R>;
    try {
      poll = await pollFeed(readFor(account), previous, own);
    } catch (error) {
      result.failures.push({ account, error });
      if (previous && readState(previous, key, options.order)) result.state.accounts[account] = previous;
      continue;
    }
    if (poll.state) result.state.accounts[account] = poll.state;
    for (const record of poll.records) result.records.push({ account, record });
    for (const id of poll.removed) result.removed.push({ account, record: id });
    for (const note of poll.notes) result.notes.push(`@${account}: ${note}`);
    result.uncertain ||= poll.uncertain;
    result.missed += poll.missed ?? 0;
    result.requests += poll.requests;
  }
  return result;
}
