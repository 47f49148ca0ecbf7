import type { ReadPages, WatchOptions, WatchResult } from './reading';
import { pollFeed } from './watch';

/**
 * One poll whose reported records `fits` accepts: 'shrink' asks for the same poll with half the
 * pages (the watch's backlog or held-back burst keeps the rest for later polls), false for none
 * at all (undefined). The stored state is never changed by a poll, so running it again repeats
 * and loses nothing; it costs the requests of the runs that did not fit.
 */
export async function pollWithin<R extends { id: string }>(
  read: ReadPages<R>,
  stored: unknown,
  options: WatchOptions<R>,
  fits: (records: readonly R[]) => boolean | 'shrink',
): Promise<WatchResult<R> | undefined> {
  for (let pages = options.maxPages; ; pages = Math.floor(pages / 2)) {
    const poll = await pollFeed(read, stored, { ...options, maxPages: pages });
    const verdict = fits(poll.records);
    if (verdict === true) return poll;
    if (verdict === false) return undefined;
    if (pages === 1) throw new RangeError(`The newest page alone is larger than one poll may return.`);
  }
}

/**
 * One poll of one feed for a host with a limit on a poll's output (Zapier takes 6 MB): the poll
 * that fits, with as many pages as fit (decision Z14). What the state records as reported is
 * exactly what is returned, so a host that saves the state and returns the records loses nothing.
 */
export async function pollFeedWithin<R extends { id: string }>(
  read: ReadPages<R>,
  stored: unknown,
  options: WatchOptions<R>,
  fits: (records: readonly R[]) => boolean,
): Promise<WatchResult<R>> {
  const poll = await pollWithin(read, stored, options, (records) => fits(records) || 'shrink');
  // 'shrink' never gives up: it throws at one page instead.
  return poll!;
}
