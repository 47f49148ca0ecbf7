import { CancelledError } from '../errors/classes';

/**
 * The counter audit of a position feed (decision N29): where the API counts a feed on its owner
 * (an account's `followers` and `following` counters), the count's rise plus the removals a poll
 * saw is a floor on what arrived (additions = Δcount + removals). What the engine accounted for
 * (reported, held back, or counted as possibly missed) falling short of that floor for good means
 * items went by unseen, in a way the reads cannot show (items added again in their old order above
 * a new one, a change during a read, a burst whose gap was given up): the poll then says how many.
 *
 * The count is read before the read from the top, so an item that arrives in between is found
 * before it is counted: that surplus is carried to the next count (at most what this poll found).
 * A shortfall is only reported when two counts in a row, with no burst being read, show it: one
 * count may lag a removal that the read already saw. While a burst is being read its unread part
 * is owed legitimately, so nothing is concluded until its gap closes.
 */
export interface AuditState {
  /** The feed's size as the API last counted it. */
  count: number;
  /** Arrivals the counts show that the engine has not accounted for (negative: found early). */
  owed: number;
  /** Polls since the count was read. */
  since: number;
  /** The shortfall the last count showed with no burst open, waiting for the next to confirm it. */
  short?: number;
}

/** Polls between two counts while nothing is open (one request each; every poll while a burst is read). */
export const AUDIT_EVERY = 10;

export function isAuditState(value: unknown): value is AuditState {
  if (!value || typeof value !== 'object') return false;
  const { count, owed, since, short } = value as Partial<AuditState>;
  return (
    Number.isFinite(count) &&
    Number.isFinite(owed) &&
    Number.isFinite(since) &&
    (short === undefined || Number.isFinite(short))
  );
}

/** Whether this poll reads the count: a first count, a burst open, a shortfall to confirm, or its turn. */
export function auditDue(audit: AuditState | undefined, burstOpen: boolean): boolean {
  return !audit || burstOpen || audit.short !== undefined || audit.since + 1 >= AUDIT_EVERY;
}

export interface AuditStep {
  /** The count read before this poll's read, if it read one. */
  count: number | undefined;
  /** Items this poll accounted for: reported, newly held back, or counted as possibly missed. */
  found: number;
  /** Items this poll saw leave. */
  removed: number;
  /** No burst is open after this poll. */
  settled: boolean;
}

/** The audit after a poll, and how many items it now counts as missed (0 when none). */
export function audited(
  audit: AuditState | undefined,
  step: AuditStep,
): { audit: AuditState | undefined; missed: number } {
  if (!audit) return { audit: step.count === undefined ? undefined : first(step.count), missed: 0 };
  let owed = audit.owed + step.removed - step.found;
  if (step.count === undefined) return { audit: { ...audit, owed, since: audit.since + 1 }, missed: 0 };
  owed = Math.max(owed + step.count - audit.count, -step.found);
  const next: AuditState = { count: step.count, owed, since: 0 };
  if (!step.settled || owed <= 0) return { audit: next, missed: 0 };
  if (audit.short === undefined) return { audit: { ...next, short: owed }, missed: 0 };
  const missed = Math.min(audit.short, owed);
  next.owed = owed - missed;
  return { audit: next, missed };
}

function first(count: number): AuditState {
  return { count, owed: 0, since: 0 };
}

/**
 * The feed's count, if the reader offers one (`ReadPages.count`) and the API gives it. The audit is a check beside the
 * read, not the read: a count that fails (its own 429, a glitch) skips the check for this poll
 * rather than failing a poll that could report; a cancel still stops the poll.
 */
export async function countOf(
  count: (() => Promise<number | undefined>) | undefined,
): Promise<number | undefined> {
  if (!count) return undefined;
  return count().catch((error: unknown) => {
    if (error instanceof CancelledError) return Promise.reject(error);
    return undefined;
  });
}
