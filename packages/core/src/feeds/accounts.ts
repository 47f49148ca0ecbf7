import type { ReadPages, WatchOptions, WatchResult } from './reading';
import { readState } from './state';
import type { WatchState } from './state';
import { pollWithin } from './budget';

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
  /** The account the next poll starts with: the first one a budget left out of the last poll. */
  next?: string;
  /** Accounts whose last read failed, so that a failure is reported when it starts. */
  failing?: string[];
}

/**
 * What one poll of many accounts may return, for hosts with a limit on a poll's output (Zapier
 * takes 6 MB): both are asked between accounts, so the state saved is always that of what is
 * returned, never of more (issue 38 case 2).
 */
export interface AccountsBudget<R> {
  /**
   * Whether everything found so far, this account's records last, may be returned. When not, this
   * account's records are left out and its watch stays as it was, the poll ends, and the next one
   * starts with this account; when it alone does not fit, it is read again with half the pages
   * (its backlog carries the rest) down to one.
   */
  fits(records: readonly AccountRecord<R>[]): boolean;
  /** Whether there is time for another account; when not, the poll ends as above. */
  more(): boolean;
}

export interface AccountRecord<R> {
  account: string;
  record: R;
}

export interface AccountFailure {
  account: string;
  error: unknown;
  /**
   * Whether this failure starts with this poll: the account was read the last time it was
   * reached, or never. A host reports it to the user then, once, and only logs it while it lasts.
   */
  started: boolean;
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
  /** Accounts a budget left for the next poll (their watch unchanged). */
  deferred: number;
}

function storedState(stored: unknown, key: string): Pick<AccountsState, 'accounts' | 'failing'> {
  if (!stored || typeof stored !== 'object') return { accounts: {} };
  const state = stored as Partial<AccountsState>;
  if (state.v !== 3 || state.key !== key || !state.accounts || typeof state.accounts !== 'object')
    return { accounts: {} };
  const failing = Array.isArray(state.failing)
    ? state.failing.filter((name) => typeof name === 'string')
    : [];
  return { accounts: state.accounts, failing };
}

/** The accounts in list order, starting with the one a budget left out last time. */
function inTurn(accounts: readonly string[], stored: unknown): readonly string[] {
  const next = (stored as Partial<AccountsState> | undefined)?.next;
  const at = next === undefined ? -1 : accounts.indexOf(next);
  return at <= 0 ? accounts : [...accounts.slice(at), ...accounts.slice(0, at)];
}

/**
 * One poll of many accounts' feeds in one trigger. Each account keeps a watch of its own, polled
 * in turn: an account new to the list starts quiet (its first poll takes note, as an activation
 * does), an account gone from the list takes its state with it, and an account whose poll fails
 * keeps its state for the next poll while the others report what they found. With a `budget`,
 * the poll ends where the budget does, and the next one starts there.
 */
export async function pollAccounts<R extends { id: string }>(
  readFor: (account: string) => ReadPages<R>,
  accounts: readonly string[],
  stored: unknown,
  options: WatchOptions<R>,
  budget?: AccountsBudget<R>,
): Promise<AccountsResult<R>> {
  const { accounts: before, failing } = storedState(stored, options.key);
  const wasFailing = new Set(failing);
  const order = inTurn(accounts, stored);
  const result: AccountsResult<R> = {
    records: [],
    removed: [],
    state: { v: 3, key: options.key, accounts: {} },
    notes: [],
    uncertain: false,
    missed: 0,
    failures: [],
    requests: 0,
    deferred: 0,
  };
  for (const [turn, account] of order.entries()) {
    const key = `${options.key}:${account}`;
    const own = { ...options, key, maxIds: Math.min(options.maxIds ?? ACCOUNT_IDS, ACCOUNT_IDS) };
    const previous = before[account];
    const keep = () => {
      if (previous && readState(previous, key, options.order)) result.state.accounts[account] = previous;
    };
    let poll: WatchResult<R> | undefined;
    try {
      if (budget && !budget.more()) poll = undefined;
      else
        poll = await pollWithin(readFor(account), previous, own, (found) => {
          const taken = result.records.length;
          const all = [...result.records, ...found.map((record) => ({ account, record }))];
          // Alone in this poll, it may shrink until it fits; after others, it waits its turn.
          return !budget || budget.fits(all) ? true : taken === 0 ? 'shrink' : false;
        });
    } catch (error) {
      result.failures.push({ account, error, started: !wasFailing.has(account) });
      keep();
      continue;
    }
    if (!poll) {
      // Out of budget: this account and the rest keep their watch, and the next poll starts here.
      for (const rest of order.slice(turn)) {
        const restKey = `${options.key}:${rest}`;
        const kept = before[rest];
        if (kept && readState(kept, restKey, options.order)) result.state.accounts[rest] = kept;
      }
      result.state.next = account;
      result.deferred = order.length - turn;
      // Not reached, so not known to be better: a failing account stays failing.
      const stillFailing = order.slice(turn).filter((rest) => wasFailing.has(rest));
      result.state.failing = stillFailing;
      break;
    }
    if (poll.state) result.state.accounts[account] = poll.state;
    for (const record of poll.records) result.records.push({ account, record });
    for (const id of poll.removed) result.removed.push({ account, record: id });
    for (const note of poll.notes) result.notes.push(`@${account}: ${note}`);
    result.uncertain ||= poll.uncertain;
    result.missed += poll.missed ?? 0;
    result.requests += poll.requests;
  }
  const nowFailing = [...(result.state.failing ?? []), ...result.failures.map(({ account }) => account)];
  if (nowFailing.length > 0) result.state.failing = nowFailing;
  else delete result.state.failing;
  return result;
}
