import { ValidationError } from '../errors/classes';
import type { Page } from '../pagination/page';
import type { FeedOrder } from './catalog';
import { addRange, compareIds, inRanges, newestFirst, rangeOf } from './ids';
import { MAX_RANGES, MAX_SEEN, MAX_UNTIL, readState } from './state';
import type { Backlog, WatchState } from './state';

/** Reads a feed from a cursor (undefined: the top), page by page, newest first. */
export type ReadPages<R> = (cursor: string | undefined) => AsyncIterable<Page<R>>;

export interface WatchOptions {
  /** From `watchKey`: which feed and parameters the stored state must belong to. */
  key: string;
  order: FeedOrder;
  /**
   * Remember only what the last read saw (user feeds), so an account that left the feed and came
   * back is new again; otherwise remember every id until the bound pushes it out (tweet feeds).
   */
  snapshot: boolean;
  /** Requests one poll may make. */
  maxPages: number;
}

export interface WatchResult<R> {
  /** New records, newest first. */
  records: R[];
  /** Undefined when there is nothing to remember yet: the next poll starts the watch again. */
  state: WatchState | undefined;
  /** What the caller should log: a backlog left for the next poll, a refused cursor, a reset. */
  notes: string[];
  requests: number;
}

interface Segment<R> {
  records: R[];
  /** A page held a known item: the read met what was there before. */
  reached: boolean;
  /** The feed has no further page. */
  ended: boolean;
  /** Where reading goes on when the page budget ran out first. */
  cursor: string | undefined;
  requests: number;
}

async function readSegment<R extends { id: string }>(
  read: ReadPages<R>,
  cursor: string | undefined,
  budget: number,
  isBoundary: (id: string) => boolean,
  order: FeedOrder,
): Promise<Segment<R>> {
  const segment: Segment<R> = { records: [], reached: false, ended: true, cursor: undefined, requests: 0 };
  for await (const page of read(cursor)) {
    segment.requests += 1;
    segment.records.push(...page.records);
    // A time feed is read down to a page holding nothing new, so a tweet that arrived late just
    // below the newest known ones is still found. A feed ordered by position stops at the first
    // known item: below it, unknown items are ones that moved up, and reading on would never end.
    segment.reached =
      order === 'time'
        ? page.records.length > 0 && page.records.every((record) => isBoundary(record.id))
        : page.records.some((record) => isBoundary(record.id));
    segment.ended = !page.has_next_page;
    if (segment.reached || segment.ended) break;
    if (segment.requests >= budget) {
      segment.cursor = page.next_cursor;
      break;
    }
  }
  return segment;
}

/** Reads down to the first page with records: an API may answer empty pages that claim more. */
function firstRecords<R extends { id: string }>(read: ReadPages<R>, budget: number): Promise<Segment<R>> {
  return readSegment(read, undefined, budget, () => true, 'position');
}

/** First activation: remember the first page with records, report nothing. */
export async function startWatch<R extends { id: string }>(
  read: ReadPages<R>,
  options: WatchOptions,
): Promise<WatchResult<R>> {
  const first = await firstRecords(read, options.maxPages);
  if (first.records.length === 0 && !first.ended) {
    const note = 'The feed answered only empty pages that claim more; the watch starts at the next poll';
    return { records: [], state: undefined, notes: [note], requests: first.requests };
  }
  const ids = first.records.map((record) => record.id);
  const state: WatchState = {
    v: 1,
    key: options.key,
    seen: (options.order === 'time' ? newestFirst(ids) : [...new Set(ids)]).slice(0, MAX_SEEN),
    complete: first.ended,
  };
  const oldest = state.seen.at(-1);
  if (options.order === 'time' && !first.ended && oldest !== undefined) state.floor = oldest;
  return { records: [], state, notes: [], requests: first.requests };
}

/** The newest item of the feed, for a manual test run; the state is not touched. */
export async function newestRecord<R extends { id: string }>(read: ReadPages<R>): Promise<R | undefined> {
  const first = await firstRecords(read, 3);
  return first.records[0];
}

/**
 * One poll: the records that appeared since the last one, each reported once, and the state to
 * store. Without a usable state for this key it starts the watch instead. The given state is
 * never changed, so a poll that throws leaves the stored state as it was.
 */
export async function pollFeed<R extends { id: string }>(
  read: ReadPages<R>,
  stored: unknown,
  options: WatchOptions,
): Promise<WatchResult<R>> {
  const state = readState(stored, options.key);
  if (!state) return startWatch(read, options);
  return new FeedPoll(read, state, options).run();
}

class FeedPoll<R extends { id: string }> {
  private readonly seen: Set<string>;
  private readonly taken = new Set<string>();
  private readonly observed: string[] = [];
  private readonly fresh: R[] = [];
  private readonly notes: string[] = [];
  private requests = 0;

  constructor(
    private readonly read: ReadPages<R>,
    private readonly state: WatchState,
    private readonly options: WatchOptions,
  ) {
    this.seen = new Set(state.seen);
  }

  async run(): Promise<WatchResult<R>> {
    const { state, options } = this;
    // A backlog always gets a request, or a feed busy enough to fill every poll's budget at the
    // top would never work it off.
    const headBudget = state.backlog ? Math.max(1, options.maxPages - 1) : options.maxPages;
    const head = await this.segment(undefined, headBudget, (id) => this.seen.has(id) || this.belowFloor(id));
    this.collect(head, (id) => this.seen.has(id), state.backlog !== undefined);

    let backlog = state.backlog;
    const ranOut = !head.reached && !head.ended;
    const read =
      options.order === 'time' && (backlog || ranOut)
        ? addRange(backlog?.read ?? [], rangeOf(head.records.map((record) => record.id)))
        : undefined;
    if (ranOut) {
      backlog = { cursor: head.cursor ?? '', until: backlog?.until ?? state.seen.slice(0, MAX_UNTIL) };
      if (read) backlog.read = read;
      this.notes.push(
        `More new items than ${options.maxPages} requests could read; the rest follow in the next poll`,
      );
    } else if (backlog) {
      backlog = await this.readBacklog(read ? { ...backlog, read } : backlog);
    }
    if (backlog?.read && backlog.read.length > MAX_RANGES) {
      this.notes.push('The feed grows faster than polls can read it; items between polls may be missed');
      backlog = undefined;
    }
    return {
      records: this.fresh,
      state: this.nextState(backlog, head.ended && backlog === undefined),
      notes: this.notes,
      requests: this.requests,
    };
  }

  /**
   * Goes on from where an earlier poll ran out of requests, down to the ids that were newest then.
   * In a time feed everything above those ids that no poll has read yet is new, whatever `seen`
   * and the floor say: a burst larger than `seen` must not push its own tail out of memory.
   */
  private async readBacklog(backlog: Backlog): Promise<Backlog | undefined> {
    const until = new Set(backlog.until);
    const newestBefore = backlog.until[0];
    const { read } = backlog;
    const isOld = read
      ? (id: string) => newestBefore !== undefined && compareIds(id, newestBefore) <= 0
      : (id: string) => until.has(id);
    // The usual rule (unknown and above the floor), and more: ids above the old newest that no
    // poll has read are new even when the floor has risen past them.
    const unread = read
      ? (id: string) => !this.seen.has(id) && (!this.belowFloor(id) || (!isOld(id) && !inRanges(read, id)))
      : undefined;
    try {
      const rest = await this.segment(
        backlog.cursor,
        Math.max(1, this.options.maxPages - this.requests),
        isOld,
      );
      this.collect(rest, isOld, false, unread);
      if (rest.reached || rest.ended) return undefined;
      const next: Backlog = { cursor: rest.cursor ?? '', until: backlog.until };
      if (read) next.read = addRange(read, rangeOf(rest.records.map((r) => r.id).filter((id) => !isOld(id))));
      return next;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      this.notes.push(
        `The API refused the saved cursor (${error.message}); items that arrived during the backlog may be missed`,
      );
      return undefined;
    }
  }

  private async segment(cursor: string | undefined, budget: number, isBoundary: (id: string) => boolean) {
    const segment = await readSegment(this.read, cursor, budget, isBoundary, this.options.order);
    this.requests += segment.requests;
    return segment;
  }

  private belowFloor(id: string): boolean {
    return this.state.floor !== undefined && compareIds(id, this.state.floor) <= 0;
  }

  /**
   * Picks the new records of one read. An id never seen is new, except in feeds ordered by
   * position, where an unknown id below every known one may simply have moved up from deeper in
   * the feed (something above it left): it is new only if the last read saw the whole feed.
   */
  private collect(
    segment: Segment<R>,
    isKnown: (id: string) => boolean,
    backlogBelow: boolean,
    isCandidate: (id: string) => boolean = (id) => !this.seen.has(id) && !this.belowFloor(id),
  ): void {
    const { order } = this.options;
    let deepest = -1;
    segment.records.forEach((record, index) => {
      if (isKnown(record.id)) deepest = index;
    });
    const budgetRanOut = !segment.reached && !segment.ended;
    const unknownBelowIsNew =
      order === 'time' || this.state.complete || budgetRanOut || backlogBelow || this.seen.size === 0;
    if (!unknownBelowIsNew && deepest === -1 && segment.records.length > 0)
      this.notes.push('None of the remembered items is in the feed any more; watching again from here');
    if (order === 'position' && budgetRanOut && deepest === -1 && this.seen.size > 0 && !backlogBelow)
      this.notes.push(
        'None of the items the last poll saw is among the newest read now: all are reported as new (a mass removal looks the same)',
      );
    segment.records.forEach((record, index) => {
      const { id } = record;
      if (this.taken.has(id)) return;
      this.taken.add(id);
      this.observed.push(id);
      if (!isCandidate(id)) return;
      if (index < deepest || unknownBelowIsNew) this.fresh.push(record);
    });
  }

  private nextState(backlog: Backlog | undefined, complete: boolean): WatchState {
    const { state, options } = this;
    const next: WatchState = { v: 1, key: state.key, seen: [], complete };
    if (backlog) next.backlog = backlog;
    if (options.order === 'time') {
      const all = newestFirst([...this.observed, ...state.seen]);
      next.seen = all.slice(0, MAX_SEEN);
      const evicted = all[MAX_SEEN];
      const floor =
        evicted !== undefined && (state.floor === undefined || compareIds(evicted, state.floor) > 0)
          ? evicted
          : state.floor;
      if (floor !== undefined) next.floor = floor;
      return next;
    }
    // While a backlog is open, everything read since it opened must stay known, or re-reading it
    // from the saved cursor would report it again.
    const keepOld = !options.snapshot || backlog !== undefined;
    next.seen = [...new Set(keepOld ? [...this.observed, ...state.seen] : this.observed)].slice(0, MAX_SEEN);
    return next;
  }
}
