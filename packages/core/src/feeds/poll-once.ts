import type { SocialDataClient, UntypedParams } from '../client';
import { pollAccounts } from './accounts';
import type { AccountFailure, AccountRecord, AccountsBudget, AccountsState } from './accounts';
import { pollFeedWithin } from './budget';
import { catalog } from '../catalog/endpoints';
import { normalizeParams } from '../input/params';
import { normalizeScreenNameList } from '../input/identifiers';
import { feeds, isRemovalFeed } from './catalog';
import type { FeedId } from './catalog';
import { noticeOf } from './notice';
import type { PollNotice } from './notice';
import { profilesOf } from './profiles';
import type { UnavailableAccount } from './profiles';
import type { ReadPages, WatchResult } from './reading';
import { compareIds } from './ids';
import {
  AuthenticationError,
  CreditsExhaustedError,
  RateLimitError,
  SocialDataError,
} from '../errors/classes';
import { readState, watchKey } from './state';
import { handedOver } from './handed';
import type { PositionState, WatchState } from './state';
import { pollFeed } from './watch';
import { notFoundTogether } from '../errors/not-found';
import { MAX_POLL_PAGES } from './reading';

/**
 * Where a host keeps a trigger's state between polls: n8n's workflow static data, Zapier's
 * cache, the CLI's state file. `set(undefined, key)` forgets it (the next poll starts the watch
 * again). `key` is the watch's (its feed and parameters), the one the state carries: a store that
 * holds several watches in one place addresses them by it, so no host computes it again.
 */
export interface StateStore {
  get(key: string): unknown;
  set(state: WatchState | AccountsState | undefined, key: string): unknown;
}

export interface PollOnceOptions<R extends { id: string }, T> {
  feed: FeedId;
  read: ReadPages<R>;
  /** The feed's parameters (normalized here for the key): with `session`, the watch's key. */
  params: UntypedParams;
  /**
   * Whose session the host reads with (a credential, a profile). An own-session feed (bookmarks,
   * For You, muted...) belongs to the session's account, so another session is another feed;
   * the other feeds are the same whoever reads them, and ignore it.
   */
  session?: string;
  store: StateStore;
  maxPages: number;
  keep?: (record: R) => boolean;
  /** Ids the state may hold, below the engine's bounds (a host with a small store). */
  maxIds?: number;
  /**
   * A host that drops every id it has been given before (Zapier's dedupe): how many of the ids
   * handed over the watch remembers, so that an item added again comes in `again`.
   */
  handedOver?: number;
  /** A host's output limit: the poll reads fewer pages until its new records fit (Zapier's 6 MB). */
  fits?: (records: readonly R[]) => boolean;
  /**
   * Removal events: the accounts that left are looked up through it and shaped. A function is
   * called only when some left (a host whose lookup client costs something to make).
   */
  client: LookupClient | (() => LookupClient | Promise<LookupClient>);
  shape: (record: unknown) => T;
  /**
   * False when the host will not show this poll's items (Zapier's poll that only fills its
   * dedupe list): what the user must be told once is then told by the next poll.
   */
  shown?: boolean;
  /** How the host's user lets a poll read more pages (`Max Pages per Poll`, `--max-pages`). */
  pagesSetting?: string;
  /**
   * A failure in the host's words, as the `lookup_error` of an account that left and could not
   * be looked up; core's message (which names the lookup request) when left out.
   */
  describe?: (error: unknown) => string;
  /**
   * Hands the poll's items over before the state is saved (the CLI writes them to its output):
   * when it throws, the state stays as it was and the next poll reports them again, never never.
   */
  deliver?: (polled: Polled<R, T>) => unknown;
}

type LookupClient = Pick<SocialDataClient, 'lookup'>;

export interface Polled<R, T> {
  /** New-item events: the new records, oldest first, as the API sent them (a host shapes them). */
  records: R[];
  /**
   * With `handedOver`: ids of `records` the host was given before that came back (a re-follow,
   * a re-bookmark; `handed.ts` says how the watch knows), each needing an event id of its own.
   * Empty otherwise.
   */
  again: ReadonlySet<string>;
  /** Removal events: the accounts that left, oldest first, shaped; one the API no longer has is its id. */
  lost: (T | UnavailableAccount)[];
  /** What the user must see when the poll could not be sure (decision N29). */
  notice: PollNotice | undefined;
  /** What a host logs. */
  notes: string[];
  /** A first poll only: what it read and took as there already, newest first (Zapier's dedupe). */
  startedWith: R[] | undefined;
  /** The watch started with this poll: nothing was reported. */
  started: boolean;
}

/**
 * One poll of a trigger, the same on every surface: the state from the host's store, the feed
 * engine (decisions N10, N29), the records oldest first or the lost accounts' profiles, the notice,
 * and the state saved last, only once the items are the host's, so a poll that fails anywhere
 * leaves the state as it was and the next one reports what this one could not.
 */
export async function pollOnce<R extends { id: string }, T>(
  options: PollOnceOptions<R, T>,
): Promise<Polled<R, T>> {
  const { feed, read, params, session, store, fits, client, shape } = options;
  const spec = feeds[feed];
  const own = session && catalog[spec.endpoint].mode === 'session';
  // The watch is named by its inputs as core normalizes them: a host that passes "@Jack" one
  // day and "jack" the next keeps one watch, where two would start over quietly and lose what
  // arrived between.
  const normalized = normalizeParams(spec.endpoint, params);
  const key = watchKey(feed, own ? { ...normalized, session } : normalized);
  const stored = await store.get(key);
  const removals = isRemovalFeed(feed);
  const watch = {
    key,
    order: spec.order,
    maxPages: options.maxPages,
    removals,
    ...(options.maxIds === undefined ? {} : { maxIds: options.maxIds }),
    ...(options.keep ? { keep: options.keep } : {}),
  };
  const result: WatchResult<R> = fits
    ? await pollFeedWithin(read, stored, watch, fits)
    : await pollFeed(read, stored, watch);
  const lost =
    removals && result.removed.length > 0
      ? (
          await profilesOf(
            typeof client === 'function' ? await client() : client,
            [...result.removed].reverse(),
            (error) => described(error, options.describe),
          )
        ).map((profile) => ('unavailable' in profile ? { ...profile } : shape(profile)))
      : [];
  const started = result.startedWith !== undefined;
  const uncertain = noticeOf(result);
  const told =
    (stored as Partial<PositionState> | undefined)?.key === key && !!(stored as PositionState).partialTold;
  const later = started || uncertain !== undefined || options.shown === false;
  const partial = removals ? partialList(result, told, later, options) : undefined;
  const records = removals ? [] : [...result.records].reverse();
  // Only a position feed adds an item again; a tweet of a timeline is new once. Not with a
  // filter: what a repeat met and the filter dropped would pass for an item still there.
  const handed =
    options.handedOver !== undefined && spec.order === 'position' && !removals && !options.keep
      ? handedOver(
          readState(stored, key, spec.order),
          result.state,
          [...[...(result.startedWith ?? [])].reverse(), ...records].map(({ id }) => id),
          options.handedOver,
        )
      : undefined;
  const state = handed?.state ?? result.state;
  const polled: Polled<R, T> = {
    records,
    again: handed?.again ?? new Set(),
    lost,
    notice: uncertain ?? partial?.notice,
    notes: result.notes,
    startedWith: result.startedWith,
    started,
  };
  await options.deliver?.(polled);
  await store.set(partial?.told && state?.v === 2 ? { ...state, partialTold: true } : state, key);
  return polled;
}

/**
 * A removal event on a list longer than a poll reads sees removals among the accounts it reads
 * only (decision N23): the user is told once, by a notice, and again only after a poll read the
 * whole list. Not while another notice speaks (`later`: a first poll, whose items nobody sees,
 * or an uncertain one): the next poll tells it.
 */
function partialList(
  result: WatchResult<unknown>,
  toldBefore: boolean,
  later: boolean,
  { maxPages, pagesSetting = 'the pages a poll may read' }: { maxPages: number; pagesSetting?: string },
): { told: boolean; notice?: PollNotice } {
  const read = result.removalsRead;
  if (!read) return { told: toldBefore };
  if (read.whole) return { told: false };
  if (toldBefore || later) return { told: toldBefore };
  return {
    told: true,
    notice: {
      notice: 'partial',
      may_be_missed: 0,
      message: `This feed holds more accounts than one poll watches: removals are seen among the first ${read.accounts.toLocaleString('en-US')} accounts, the most recent, and an account that leaves below them is not seen. ${
        maxPages < MAX_POLL_PAGES
          ? `Raise ${pagesSetting} (now ${maxPages}) to watch more of it`
          : 'A poll reads as many pages as it may'
      }; this is said once.`,
    },
  };
}

export interface PollAccountsOnceOptions<R extends { id: string }> {
  feed: FeedId;
  /** The accounts as the form lists them (`normalizeScreenNameList`). */
  names: readonly string[];
  readFor: (name: string) => ReadPages<R>;
  store: StateStore;
  maxPages: number;
  keep?: (record: R) => boolean;
  /** A host's output or time limit: accounts not reached keep their watch and lead the next poll. */
  budget?: AccountsBudget<R>;
  /**
   * False when the host will not show this poll's items (Zapier's first poll of a Zap only fills
   * its dedupe list): a failure that starts now is then not taken as told, and the next poll
   * reports it.
   */
  shown?: boolean;
  /**
   * A failure in the host's words (its error type's message); core's message when left out. The
   * log lines and the items of failing accounts carry it.
   */
  describe?: (error: unknown) => string;
}

/** An account that starts failing, as the item that tells the user once. */
export interface FailingAccount {
  watched_account: string;
  error: string;
}

export interface PolledAccounts<R> {
  /** New records with their account, oldest first by id across the accounts. */
  records: AccountRecord<R>[];
  /**
   * Accounts that could not be read this poll; the others went on. Those whose failure `started`
   * with this poll are the ones to show the user (every surface reports one once, as an item).
   */
  failures: AccountFailure[];
  /** The failures that start with this poll, as items: every surface shows each once. */
  failing: FailingAccount[];
  /** Accounts the budget left for the next poll. */
  deferred: number;
  notice: PollNotice | undefined;
  /** For the log: each failing account (at every poll while it fails), then the accounts' notes. */
  notes: string[];
}

/**
 * One poll of a trigger on many accounts (New Tweet, New Reply), the same on every surface: each
 * account keeps its own watch in one state (`pollAccounts`); the poll fails only when every
 * account failed, and then saves nothing; otherwise the state is saved and the records come
 * oldest first with their account.
 */
export async function pollAccountsOnce<R extends { id: string }>(
  options: PollAccountsOnceOptions<R>,
): Promise<PolledAccounts<R>> {
  const { feed, readFor, store, budget } = options;
  // Each account's watch is named by its screen name as core normalizes it, as one feed's is.
  const names = options.names.length
    ? normalizeScreenNameList(options.names.join('\n'), options.names.length, 'names')
    : [];
  const key = watchKey(feed, { accounts: 'many' });
  const result = await pollAccounts(
    readFor,
    names,
    await store.get(key),
    {
      key,
      order: feeds[feed].order,
      maxPages: options.maxPages,
      ...(options.keep ? { keep: options.keep } : {}),
    },
    budget,
  );
  if (result.failures.length === names.length && names.length > 0) throw everyAccountFailed(result.failures);
  if (options.shown === false) {
    const untold = new Set(result.failures.filter(({ started }) => started).map(({ account }) => account));
    const failing = result.state.failing?.filter((account) => !untold.has(account)) ?? [];
    if (failing.length > 0) result.state.failing = failing;
    else delete result.state.failing;
  }
  // Described before the save: a host's words that fail cannot leave a failure saved but untold.
  const failed = result.failures.map(({ account, error, started }) => ({
    account,
    told: described(error, options.describe),
    started,
  }));
  await store.set(result.state, key);
  return {
    records: [...result.records].sort((a, b) => compareIds(a.record.id, b.record.id)),
    failures: result.failures,
    failing: failed
      .filter(({ started }) => started)
      .map(({ account, told }) => ({ watched_account: account, error: told })),
    deferred: result.deferred,
    notice: noticeOf(result),
    notes: [
      ...failed.map(({ account, told }) => `@${account} could not be read: ${told}`),
      ...result.notes,
      ...(result.deferred > 0 ? [deferredNote(result.deferred)] : []),
    ],
  };
}

/** A failure in the host's words; core's message where the host has none or its words fail. */
function described(error: unknown, describe: ((error: unknown) => string) | undefined): string {
  const own = error instanceof Error ? error.message : String(error);
  try {
    return describe ? describe(error) : own;
  } catch {
    return own;
  }
}

/** Nothing is lost, but the user watching the log learns why some accounts had nothing new. */
function deferredNote(deferred: number): string {
  const accounts = deferred === 1 ? '1 account was' : `${deferred} accounts were`;
  return `This poll reached its time or size limit: ${accounts} left for the next poll, which starts with ${deferred === 1 ? 'it' : 'them'}.`;
}

/**
 * The error of a poll in which every account failed, as the first account's error (its class, so
 * a host maps it as before) naming every account with its reason, where the user reads the error.
 * Accounts that were all not found are said once (`Username "a", "b" were not found`). A failure
 * of the connection itself (a rejected key, no credits, the rate) is the same for every account
 * and is left as it is.
 */
function everyAccountFailed(failures: readonly AccountFailure[]): unknown {
  const first = failures[0]!.error;
  if (!(first instanceof SocialDataError) || ofTheConnection(first)) return first;
  const together = notFoundTogether(failures.map(({ error }) => error));
  if (together) return together;
  const message = ({ error }: AccountFailure) => (error as Error).message;
  first.message =
    new Set(failures.map(message)).size > 1
      ? `Every watched account failed: ${failures.map((failure) => `@${failure.account}: ${message(failure)}`).join('; ')}`
      : `${first.message} (every watched account: ${failures.map((failure) => `@${failure.account}`).join(', ')})`;
  // What to do for each cause, not the first account's alone.
  const hints = failures.map(({ error }) => (error instanceof SocialDataError ? error.hint : ''));
  first.hint = [...new Set(hints.filter(Boolean))].join(' ');
  return first;
}

const ofTheConnection = (error: SocialDataError) =>
  error instanceof AuthenticationError ||
  error instanceof CreditsExhaustedError ||
  error instanceof RateLimitError;
