import { ValidationError } from '../errors/classes';
import { addRange, compareIds, inRanges, newestFirst, rangeOf } from './ids';
import { PositionPoll, startPositionWatch } from './position';
import { readPages, refusedOr, started, startsLater } from './reading';
import type { Read, ReadPages, WatchOptions, WatchResult } from './reading';
import { MAX_RANGES, MAX_SEEN, MAX_STALLS, MAX_UNTIL, readState } from './state';
import type { Backlog, TimeState } from './state';

/**
 * A time feed is read down to a page holding nothing new, so a tweet that arrived late just below
 * the newest known ones is still found. When the budget runs out first, reading goes on next time
 * from the cursor of the last page read, not the next one: offset cursors shift up when tweets
 * above are deleted; reading that page again catches what moved into it, and ids read already
 * are known by their ranges.
 */
async function readDown<R extends { id: string }>(
  read: ReadPages<R>,
  cursor: string | undefined,
  budget: number,
  isBoundary: (id: string) => boolean,
  timeFloor = 1,
): Promise<Read<R> & { resume: string | undefined }> {
  const walk = await readPages(
    read,
    cursor,
    budget,
    (_, page) =>
      !(page.records.length > 0 && page.records.every((record) => !record || isBoundary(record.id))),
    timeFloor,
  );
  return { ...walk, resume: walk.cursor === undefined ? undefined : walk.pages.at(-1)!.cursor };
}

/** Reads down to the first page with records: an API may answer empty pages that claim more. */
function firstRecords<R extends { id: string }>(read: ReadPages<R>, budget: number) {
  return readDown(read, undefined, budget, () => true);
}

/** First activation: remember the top of the feed, report nothing. */
async function startWatch<R extends { id: string }>(
  read: ReadPages<R>,
  options: WatchOptions<R>,
): Promise<WatchResult<R>> {
  if (options.order === 'position') return startPositionWatch(read, options);
  const first = await firstRecords(read, options.maxPages);
  if (first.records.length === 0 && !first.ended) {
    return startsLater(first.requests);
  }
  const ids = first.records.map((record) => record.id);
  const state: TimeState = {
    v: 1,
    key: options.key,
    seen: newestFirst(ids).slice(0, options.maxIds ?? MAX_SEEN),
    complete: first.ended,
  };
  const oldest = newestFirst(inTimeOrder(ids))
    .slice(0, options.maxIds ?? MAX_SEEN)
    .at(-1);
  if (!first.ended && oldest !== undefined) state.floor = oldest;
  return started(state, first.requests, first.records);
}

/**
 * The ids of a read that sit in time order: one older than an id below it is out of place (a
 * pinned tweet on top, as an X profile shows one), and must not set the floor, or every tweet
 * between it and the rest would later pass for new (issue 37, case 5).
 */
function inTimeOrder(ids: readonly string[]): string[] {
  const kept: string[] = [];
  let newestBelow: string | undefined;
  for (let at = ids.length - 1; at >= 0; at -= 1) {
    const id = ids[at]!;
    if (newestBelow !== undefined && compareIds(id, newestBelow) <= 0) continue;
    kept.push(id);
    newestBelow = id;
  }
  return kept;
}

/**
 * The newest item of the feed (with `keep`, the newest that passes), for a manual test run,
 * within 3 requests; the state is not touched.
 */
export async function newestRecord<R extends { id: string }>(
  read: ReadPages<R>,
  keep: (record: R) => boolean = () => true,
): Promise<R | undefined> {
  const walk = await readPages(read, undefined, 3, ({ records }) => !records.some(keep));
  return walk.records.find(keep);
}

/**
 * One poll: the records that appeared since the last one, each reported once, and the state to
 * store. Without a usable state for this key it starts the watch instead. The given state is
 * never changed, so a poll that throws leaves the stored state as it was.
 */
export async function pollFeed<R extends { id: string }>(
  read: ReadPages<R>,
  stored: unknown,
  options: WatchOptions<R>,
): Promise<WatchResult<R>> {
  const state = readState(stored, options.key, options.order);
  if (!state) return kept(await startWatch(read, options), options.keep);
  const result =
    state.v === 2
      ? await new PositionPoll(read, state, options).run()
      : await new TimePoll(read, state, options).run();
  // Filtered after the diff: the state remembers every record read, kept or not.
  return kept(result, options.keep);
}

/** A poll's records that pass the caller's filter, the first poll's as well. */
function kept<R>(result: WatchResult<R>, keep: WatchOptions<R>['keep']): WatchResult<R> {
  if (!keep) return result;
  const filtered = { ...result, records: result.records.filter((record) => keep(record)) };
  if (result.startedWith) filtered.startedWith = result.startedWith.filter((record) => keep(record));
  return filtered;
}

/** One poll of a feed ordered by tweet id (decisions N10, N12). */
class TimePoll<R extends { id: string }> {
  private readonly seen: Set<string>;
  private readonly taken = new Set<string>();
  private readonly observed: string[] = [];
  private readonly fresh: R[] = [];
  private readonly notes: string[] = [];
  private uncertain = false;
  private requests = 0;

  constructor(
    private readonly read: ReadPages<R>,
    private readonly state: TimeState,
    private readonly options: WatchOptions<R>,
  ) {
    this.seen = new Set(state.seen);
  }

  async run(): Promise<WatchResult<R>> {
    const { state, options } = this;
    const head = await this.segment(
      undefined,
      options.maxPages,
      (id) => this.seen.has(id) || this.belowFloor(id),
    );
    this.collect(head, (id) => !this.seen.has(id) && !this.belowFloor(id));

    let backlog = state.backlog;
    const ranOut = !head.enough && !head.ended;
    const read = backlog || ranOut ? addRange(backlog?.read ?? [], rangeOf(head.ids)) : [];
    if (head.stalled)
      this.notes.push(
        'The API claimed more items but gave no way to read them; reading goes on from the top next time',
      );
    if (ranOut) {
      // The rest of this read and an older backlog are one walk down: the read ranges tell what
      // was read already, so one cursor serves both and the older backlog keeps its end.
      backlog = {
        ...backlog,
        cursor: head.resume ?? '',
        until: backlog?.until ?? state.seen.slice(0, Math.min(MAX_UNTIL, options.maxIds ?? MAX_UNTIL)),
        read,
      };
      if (!state.backlog && !head.stalled)
        this.notes.push(
          `More new items than ${options.maxPages} requests could read; the rest follow in the next poll`,
        );
    }
    if (backlog && (!ranOut || (state.backlog && !head.stalled)))
      backlog = await this.readBacklog({ ...backlog, read });
    if (backlog?.read && backlog.read.length > MAX_RANGES) {
      this.giveUp(backlog, 'the feed grows faster than polls can read it');
      backlog = undefined;
    }
    return {
      records: this.fresh,
      removed: [],
      state: this.nextState(backlog, head.ended && backlog === undefined),
      notes: this.notes,
      uncertain: this.uncertain,
      requests: this.requests,
    };
  }

  /** Drops a backlog with a warning that names the ids it may not have reached. */
  private giveUp(backlog: Backlog, why: string): void {
    const newestBefore = backlog.until[0] ?? this.state.floor ?? '0';
    const lowestRead = backlog.read?.find((range) => compareIds(range[1], newestBefore) > 0)?.[0];
    this.notes.push(
      `Gave up reading a burst (${why}): tweets with ids between ${newestBefore} and ${lowestRead ?? 'the newest'} may be missed`,
    );
    this.uncertain = true;
  }

  /**
   * Goes on from where an earlier poll ran out of requests, down to the ids that were newest then.
   * In a time feed everything above those ids that no poll has read yet is new, whatever `seen`
   * and the floor say: a burst larger than `seen` must not push its own tail out of memory.
   */
  private async readBacklog(backlog: Backlog): Promise<Backlog | undefined> {
    const until = new Set(backlog.until);
    const newestBefore = backlog.until[0];
    const read = backlog.read ?? [];
    const isOld = (id: string) =>
      newestBefore === undefined ? until.has(id) : compareIds(id, newestBefore) <= 0;
    // The usual rule (unknown and above the floor), and more: ids above the old newest that no
    // poll has read are new even when the floor has risen past them.
    const unread = (id: string) =>
      !this.seen.has(id) && (!this.belowFloor(id) || (!isOld(id) && !inRanges(read, id)));
    // A backlog gets the page budget of its own (two requests at least: the page read again, and
    // one further): its offset cursor moves down by every tweet that arrived on top, so one that
    // got only what the head left would never gain on a steady feed (issue 37, case 6: 100 new a
    // poll starved a backlog of 2,000 for good).
    const rest = await refusedOr(
      this.segment(backlog.cursor || undefined, Math.max(2, this.options.maxPages), isOld, 2),
    );
    if (rest instanceof ValidationError) {
      this.notes.push(
        `The API refused the saved cursor (${rest.message}); items that arrived during the backlog may be missed`,
      );
      return undefined;
    }
    this.collect(rest, unread);
    if (rest.enough || rest.ended) return undefined;
    const fresh = rest.ids.filter((id) => !isOld(id));
    const next: Backlog = {
      cursor: rest.resume ?? '',
      until: backlog.until,
      read: addRange(read, rangeOf(fresh)),
    };
    // Offset cursors shift down by every tweet that arrives on top: a backlog that walks only
    // through what was read already makes no headway, and is given up after a few polls.
    const deepest = newestFirst([...rest.ids, ...(backlog.deepest ? [backlog.deepest] : [])]).at(-1);
    if (deepest !== undefined) next.deepest = deepest;
    next.stalls = deepest !== undefined && deepest !== backlog.deepest ? 0 : (backlog.stalls ?? 0) + 1;
    if (next.stalls >= MAX_STALLS) {
      this.giveUp(next, `${MAX_STALLS} polls in a row read nothing older`);
      return undefined;
    }
    return next;
  }

  private async segment(
    cursor: string | undefined,
    budget: number,
    isBoundary: (id: string) => boolean,
    timeFloor = 1,
  ) {
    const walk = await readDown(this.read, cursor, budget, isBoundary, timeFloor);
    this.requests += walk.requests;
    return walk;
  }

  private belowFloor(id: string): boolean {
    return this.state.floor !== undefined && compareIds(id, this.state.floor) <= 0;
  }

  /** Picks the new records of one read: unknown ids the given rule takes, each once. */
  private collect(walk: Read<R>, isNew: (id: string) => boolean): void {
    for (const record of walk.records) {
      const { id } = record;
      if (this.taken.has(id)) continue;
      this.taken.add(id);
      this.observed.push(id);
      if (isNew(id)) this.fresh.push(record);
    }
  }

  private nextState(backlog: Backlog | undefined, complete: boolean): TimeState {
    const { state } = this;
    const next: TimeState = { v: 1, key: state.key, seen: [], complete };
    if (backlog) next.backlog = backlog;
    const all = newestFirst([...this.observed, ...state.seen]);
    const max = this.options.maxIds ?? MAX_SEEN;
    next.seen = all.slice(0, max);
    const evicted = all[max];
    const floor =
      evicted !== undefined && (state.floor === undefined || compareIds(evicted, state.floor) > 0)
        ? evicted
        : state.floor;
    if (floor !== undefined) next.floor = floor;
    return next;
  }
}
