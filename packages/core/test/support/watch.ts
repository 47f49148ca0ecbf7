import { pollFeed } from '../../src/feeds/watch';
import type { WatchState } from '../../src/feeds';
import type { WatchOptions } from '../../src/feeds/reading';
import type { FakeFeed } from './fake-feed';

/** Whether a stored state still has unread items to work off: a backlog, or a gap in a position feed. */
export function workLeft(state: unknown): boolean {
  const stored = state as WatchState | undefined;
  if (!stored) return false;
  return stored.v === 1 ? stored.backlog !== undefined : stored.segments.some((s) => s.gap !== undefined);
}

export const TWEETS: WatchOptions = { key: 'newTweet:a', order: 'time', maxPages: 10 };
export const USERS: WatchOptions = { key: 'newFollower:a', order: 'position', maxPages: 10 };

/** A trigger across many polls: the state it stores and everything it reported. */
export class Watch {
  state: unknown;
  emitted: string[] = [];
  /** Every id reported removed, in order. */
  removed: string[] = [];
  notes: string[] = [];
  /** Polls that said they could not be sure nothing was missed. */
  uncertainPolls = 0;
  /** Items the polls counted as possibly missed, added up. */
  missed = 0;

  constructor(
    readonly feed: FakeFeed,
    readonly options: WatchOptions,
  ) {}

  async poll(): Promise<string[]> {
    const result = await pollFeed(this.feed.read, this.state, this.options);
    this.state = result.state;
    this.notes.push(...result.notes);
    if (result.uncertain) this.uncertainPolls += 1;
    this.missed += result.missed ?? 0;
    const ids = result.records.map((record) => record.id);
    this.emitted.push(...ids);
    this.removed.push(...result.removed);
    return ids;
  }

  /** Polls until nothing is left to report (a backlog takes several polls). */
  async drain(): Promise<string[]> {
    const all: string[] = [];
    for (let polls = 0; polls < 50; polls += 1) {
      const ids = await this.poll();
      if (ids.length === 0 && !workLeft(this.state)) return all;
      all.push(...ids);
    }
    throw new Error('the watch never settled');
  }
}
