import type { FeedSpec } from '@social-data/core/feeds';
import type { IPollFunctions } from 'n8n-workflow';

import { clientFor } from '../../shared/transport/client';

/**
 * The time n8n gives one poll, when it says: n8n 2.41's durable scheduler abandons a poll past
 * its budget (45 s less a margin) and backs off, so a long read (Max Pages per Poll 50 makes up to
 * 115 requests) would never finish. Pages then stop in time (core's `feedPages` with a deadline),
 * as a spent page budget does, and the next poll reads on. Older n8n has no such call and no such
 * limit.
 */
export function pollDeadline(context: IPollFunctions): number | undefined {
  const budget = (context as { getPollBudgetMs?: () => number }).getPollBudgetMs?.();
  return typeof budget === 'number' && budget > 0 ? Date.now() + budget : undefined;
}

/**
 * The deadline of the poll's requests: the poll's own, but never less than 10 s from now, so the
 * page every poll reads whatever its time (its progress, see core's time floor) gets a fair try,
 * while a page that never finishes still ends with the poll instead of three 30 s attempts later.
 */
function requestDeadline(deadline: number | undefined): number | undefined {
  return deadline === undefined ? undefined : Math.max(deadline, Date.now() + MIN_REQUEST_MS);
}

const MIN_REQUEST_MS = 10_000;

/** The client of a poll of `feed`, its requests within the poll's time (`requestDeadline`). */
export function pollClient(context: IPollFunctions, feed: FeedSpec, deadline: number | undefined) {
  return clientFor(
    context,
    feed.endpoint,
    `the ${feed.displayName} event`,
    undefined,
    undefined,
    requestDeadline(deadline),
  );
}
