import type { Page } from './page';
import { RecentIds } from './recent-ids';

export interface PaginateOptions {
  /** Stop after this many records in all (the last page is cut to fit). */
  limit?: number | undefined;
  /** Stop after this many requests. */
  maxPages?: number | undefined;
  /** Start from a cursor instead of the first page. */
  startCursor?: string | undefined;
  /**
   * The start cursor is the user's input (a form's Start Cursor), not one a run kept: when the API
   * refuses it, the error names `startCursor` and says how to correct it.
   */
  startCursorGiven?: boolean | undefined;
  /** Records to drop from the first page fetched: with `startCursor`, a `resumePoint()` of an earlier run. */
  skip?: number | undefined;
  /** `count` sent with every page, where the endpoint takes one. */
  pageSize?: number | undefined;
  /**
   * Consecutive pages that bring no record not seen before in this run (empty, or only repeats)
   * while still claiming a next page, before the run stops (default 3).
   */
  maxEmptyPages?: number | undefined;
  /** Cancels the run: a retry wait or a request in flight ends with a CancelledError. */
  signal?: AbortSignal | undefined;
  /** A time no request of the run goes past (the client's `deadline`, for one read). */
  deadline?: number | undefined;
  /**
   * Fetch the next page while the caller is still handling this one, so the wire and the work
   * overlap. Never when the limit or Max Pages is met by this page or the feed ended with it. A
   * function is asked with each arriving page's records (as they will be handed out) and says
   * whether the caller will surely want the next page: a filtered read counts what passes.
   */
  prefetch?: boolean | ((records: readonly unknown[]) => boolean) | undefined;
  /**
   * Whether no page after one of these records can hold a record the caller wants (a filter's
   * Created After reached on a feed newest first by time): the read ends with this page, and
   * its cursor stays where the feed goes on.
   */
  endsRead?: ((records: readonly unknown[]) => boolean) | undefined;
}

/**
 * Why a run stopped. `emptyPages`: pages in a row brought no new record (empty pages, pages of
 * records already handed out, or both in turn; a loop longer than MAX_TRACKED_IDS too, see
 * RecentIds). `stopped`: the caller stopped reading (a `break`).
 * `failed`: a page could not be fetched. `pastCreatedAfter`: `endsRead` said no later page can
 * hold a record the caller wants; the feed goes on, and its cursor is kept.
 */
export type StopReason =
  | 'end'
  | 'limit'
  | 'maxPages'
  | 'repeatedCursor'
  | 'blankCursor'
  | 'emptyPages'
  | 'stopped'
  | 'failed'
  | 'pastCreatedAfter';

/** Where a later run continues so that no record is lost or repeated. */
export interface ResumePoint {
  startCursor: string | undefined;
  skip: number;
}

export const DEFAULT_MAX_EMPTY_PAGES = 3;
/**
 * Record ids one run remembers to tell progress from repeats; beyond it the oldest are forgotten,
 * so memory stays bounded on runs of millions while a server that hands out the same records
 * under fresh cursors is still caught within a few pages.
 */
const MAX_TRACKED_IDS = 100_000;

/**
 * Fetches the page at a cursor. `signal` ends when the run stops (a `break`, `return()`): a read
 * still in flight or waiting to retry then ends without sending more.
 */
export type FetchPage<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;

interface CurrentPage {
  cursor: string | undefined;
  /** Records of the page dropped by `skip`. */
  offset: number;
  /** Where each record handed out sits in the page as the API sent it (repeats are left out). */
  positions: number[];
  /** Where the records the page has to hand out end: past it, only repeats of records given. */
  end: number;
  /** Records of the page handed to the caller so far. */
  delivered: number;
  /** The cursor after this page; undefined when the feed ended with it. */
  next: string | undefined;
}

interface Step<T> {
  page: Page<T>;
  current: CurrentPage;
}

/** Where a run stands between two pages. */
interface RunState<T> {
  cursor: string | undefined;
  /** Records to drop from the next page fetched (the first page of a resumed run). */
  skip: number;
  /** Cursors already followed: the API handing one out again ends the run. */
  seen: Set<string>;
  ids: RecentIds;
  /** Pages in a row with no new record. */
  stalled: number;
  /** The next page, already requested (see `prefetch`). */
  ahead: Promise<Page<T>> | undefined;
  /** Why the run ends after the page last handed out. */
  ending: StopReason | undefined;
  /** Nothing more to hand out: stopped, failed, or ended. */
  stopped: boolean;
  /** Aborted when the caller stops reading, so a fetch left in flight sends nothing more. */
  abort: AbortController;
}

/** Pages one by one, as `for await` or `next()` reads them; `return()` stops the run. */
export interface PageIterator<T> extends AsyncIterator<Page<T>, undefined> {
  return(): Promise<IteratorResult<Page<T>, undefined>>;
  [Symbol.asyncIterator](): PageIterator<T>;
}

/**
 * Follows cursors lazily: iterate records with `for await`, or whole pages with `pages()`. One
 * paginator is one run, and hands out each record id once (within the last MAX_TRACKED_IDS). `stopReason` says why it stopped; `resumePoint()` says where a later run
 * continues, counting only records actually handed out (a `break` mid-page loses nothing).
 */
export class Paginator<T> implements AsyncIterable<T> {
  pagesFetched = 0;
  recordsYielded = 0;
  /** The cursor the last request was sent with (undefined for the first page). */
  lastCursor: string | undefined;
  stopReason: StopReason | undefined;
  private current: CurrentPage | undefined;
  private started = false;

  constructor(
    private readonly fetchPage: FetchPage<T>,
    private readonly options: PaginateOptions = {},
  ) {}

  /** The API's cursor after the last page fetched; undefined before the first page and once the feed ended. */
  get nextCursor(): string | undefined {
    return this.current ? this.current.next : this.options.startCursor;
  }

  resumePoint(): ResumePoint | undefined {
    const page = this.current;
    if (!page) return { startCursor: this.options.startCursor, skip: this.options.skip ?? 0 };
    const consumed = page.delivered === 0 ? page.offset : page.positions[page.delivered - 1]! + 1;
    // Repeats at a page's end are no reason to read the page again: a feed that ended with
    // them has ended, and otherwise the next page is where reading goes on (decision B36).
    if (consumed < page.end) return { startCursor: page.cursor, skip: consumed };
    return page.next === undefined ? undefined : { startCursor: page.next, skip: 0 };
  }

  /**
   * Whole pages. Hand-written, like the record iterator: a suspended generator keeps what its
   * locals last held, so the page just handed out stayed reachable while the next one was fetched
   * and parsed, and a long export carried every page into V8's old generation (its peak RSS
   * varied by 30 MB from run to run). Here nothing of a page outlives the call that hands it out.
   */
  pages(): PageIterator<T> {
    const steps = this.steps();
    const iterator: PageIterator<T> = {
      next: async () => {
        const step = await steps.next();
        if (!step) return { done: true, value: undefined };
        step.current.delivered = step.page.records.length;
        this.recordsYielded += step.page.records.length;
        return { done: false, value: step.page };
      },
      return: async () => {
        steps.stop();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }

  /**
   * Hands each page to `handle` in turn, and the next page is fetched only once `handle` is done
   * with it. Unlike a `for await` over pages(), whose loop keeps the page it last handed out until
   * the next one arrives, nothing here holds a page past its `handle`. A `handle` that throws
   * stops the run, as a `break` would.
   */
  async eachPage(handle: (page: Page<T>) => void | Promise<void>): Promise<void> {
    const pages = this.pages();
    let finished = false;
    try {
      while (await handOnePage(pages, handle));
      finished = true;
    } finally {
      if (!finished) await pages.return();
    }
  }

  /**
   * Records one by one. Hand-written rather than an async generator: a generator's resume costs
   * about as much per record as the rest of the client does per page, and Return All of 100,000
   * records should cost no more than a bare fetch loop.
   */
  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    const steps = this.steps();
    let records: readonly T[] = [];
    let index = 0;
    let current: CurrentPage | undefined;
    const deliver = (): IteratorResult<T, undefined> => {
      current!.delivered += 1;
      this.recordsYielded += 1;
      return { done: false, value: records[index++]! };
    };
    const nextPage = async (): Promise<IteratorResult<T, undefined>> => {
      // The page handed out is let go before the next one is fetched (see pages()).
      records = [];
      index = 0;
      while (true) {
        const step = await steps.next();
        if (!step) return { done: true, value: undefined };
        ({ current } = step);
        records = step.page.records;
        if (records.length > 0) return deliver();
      }
    };
    return {
      next: () => (index < records.length ? Promise.resolve(deliver()) : nextPage()),
      return: async () => {
        steps.stop();
        return { done: true, value: undefined };
      },
    };
  }

  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.pages()) for (const record of page.records) all.push(record);
    return all;
  }

  /** The run, a page per `next()`: undefined once it stopped. `stop()`: the caller stopped reading. */
  private steps(): { next(): Promise<Step<T> | undefined>; stop(): void } {
    let state: RunState<T> | undefined;
    return {
      next: async () => {
        if (!state) {
          if (this.started) throw new Error('A paginator runs once; call paginate() again for a new run.');
          this.started = true;
          state = this.startState();
        }
        return this.step(state);
      },
      stop: () => {
        if (!state) return;
        state.stopped = true;
        this.stopReason ??= 'stopped';
        state.abort.abort();
      },
    };
  }

  private startState(): RunState<T> {
    const cursor = this.options.startCursor;
    return {
      cursor,
      skip: this.options.skip ?? 0,
      seen: new Set<string>(cursor === undefined ? [] : [cursor]),
      ids: new RecentIds(MAX_TRACKED_IDS),
      stalled: 0,
      ahead: undefined,
      ending: undefined,
      stopped: false,
      abort: new AbortController(),
    };
  }

  private async step(state: RunState<T>): Promise<Step<T> | undefined> {
    if (state.stopped) return undefined;
    const { limit, maxPages, maxEmptyPages = DEFAULT_MAX_EMPTY_PAGES } = this.options;
    const limitMet = limit !== undefined && this.recordsYielded >= limit;
    // A run that ended with the last page says so once the caller asks past it; one whose
    // Limit was met on a page the API then ended gave all it was asked for: it stopped at Limit.
    if (state.ending)
      return this.stopWith(state, limitMet && state.ending !== 'end' ? 'limit' : state.ending);
    if (limitMet) return this.stopWith(state, 'limit');
    if (maxPages !== undefined && this.pagesFetched >= maxPages) return this.stopWith(state, 'maxPages');

    const cursor = state.cursor;
    this.lastCursor = cursor;
    const ahead = state.ahead;
    state.ahead = undefined;
    const page = await (ahead ?? this.fetchPage(cursor, state.abort.signal)).catch((error: unknown) => {
      state.stopped = true;
      this.stopReason ??= 'failed';
      throw error;
    });
    this.pagesFetched += 1;
    const offset = Math.min(state.skip, page.records.length);
    state.skip = 0;
    const room = limit === undefined ? Infinity : limit - this.recordsYielded;
    const { records, positions, fresh, end } = state.ids.take(page.records, offset, room);
    state.stalled = fresh ? 0 : state.stalled + 1;

    let reason: StopReason | undefined;
    // A page that claims more with a blank cursor ends the read like the feed's end, but the
    // rest of the feed is out of reach, which the user is told (decision B12).
    if (!page.has_next_page) reason = page.blankCursor ? 'blankCursor' : 'end';
    else if (state.seen.has(page.next_cursor)) reason = 'repeatedCursor';
    else if (state.stalled >= maxEmptyPages) reason = 'emptyPages';
    else if (this.options.endsRead?.(page.records)) reason = 'pastCreatedAfter';
    const ended = reason === 'end' || reason === 'repeatedCursor' || reason === 'blankCursor';

    const current: CurrentPage = {
      cursor,
      offset,
      positions,
      end,
      delivered: 0,
      next: ended ? undefined : page.next_cursor,
    };
    this.current = current;
    if (reason) state.ending = reason;
    else {
      state.seen.add(page.next_cursor);
      state.cursor = page.next_cursor;
      if (this.wantsNext(records)) {
        state.ahead = this.fetchPage(page.next_cursor, state.abort.signal);
        // A caller that stops reading never awaits it; its failure is reported only when read.
        state.ahead.catch(() => undefined);
      }
    }
    // A read that wants nothing further still tells of the pages the feed holds.
    const more = reason === undefined || reason === 'pastCreatedAfter';
    return { page: { ...page, records, has_next_page: more }, current };
  }

  /** Whether the page after one whose records are `records` is sure to be read (see `prefetch`). */
  private wantsNext(records: readonly T[]): boolean {
    const { prefetch, limit, maxPages } = this.options;
    if (!prefetch) return false;
    if (limit !== undefined && this.recordsYielded + records.length >= limit) return false;
    if (maxPages !== undefined && this.pagesFetched >= maxPages) return false;
    return prefetch === true || prefetch(records);
  }

  private stopWith(state: RunState<T>, reason: StopReason): undefined {
    state.stopped = true;
    this.stopReason = reason;
    return undefined;
  }
}

/** One page to `handle`; false once there are none. A function of its own so the page dies with it. */
async function handOnePage<T>(
  pages: PageIterator<T>,
  handle: (page: Page<T>) => void | Promise<void>,
): Promise<boolean> {
  const next = await pages.next();
  if (next.done) return false;
  await handle(next.value);
  return true;
}
