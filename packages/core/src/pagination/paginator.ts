import type { Page } from './page';
import { RecentIds } from './recent-ids';

export interface PaginateOptions {
  /** Stop after this many records in all (the last page is cut to fit). */
  limit?: number | undefined;
  /** Stop after this many requests. */
  maxPages?: number | undefined;
  /** Start from a cursor instead of the first page. */
  startCursor?: string | undefined;
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
  /**
   * Fetch the next page while the caller is still handling this one, so the wire and the work
   * overlap. Never when the limit or Max Pages is met by this page or the feed ended with it. A
   * function is asked with each arriving page's records (as they will be handed out) and says
   * whether the caller will surely want the next page: a filtered read counts what passes.
   */
  prefetch?: boolean | ((records: readonly unknown[]) => boolean) | undefined;
}

/**
 * Why a run stopped. `emptyPages`: pages in a row brought no new record (empty pages, pages of
 * records already handed out, or both in turn). `stopped`: the caller stopped reading (a `break`).
 * `failed`: a page could not be fetched.
 */
export type StopReason =
  'end' | 'limit' | 'maxPages' | 'repeatedCursor' | 'emptyPages' | 'stopped' | 'failed';

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
export const MAX_TRACKED_IDS = 100_000;

export type FetchPage<T> = (cursor: string | undefined) => Promise<Page<T>>;

interface CurrentPage {
  cursor: string | undefined;
  size: number;
  /** Records of the page dropped by `skip`. */
  offset: number;
  /** Where each record handed out sits in the page as the API sent it (repeats are left out). */
  positions: number[];
  /** Records of the page handed to the caller so far. */
  delivered: number;
  /** The cursor after this page; undefined when the feed ended with it. */
  next: string | undefined;
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
    if (consumed < page.size) return { startCursor: page.cursor, skip: consumed };
    return page.next === undefined ? undefined : { startCursor: page.next, skip: 0 };
  }

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    for await (const { page, current } of this.run()) {
      current.delivered = page.records.length;
      this.recordsYielded += page.records.length;
      yield page;
    }
  }

  /**
   * Records one by one. Hand-written rather than an async generator: a generator's resume costs
   * about as much per record as the rest of the client does per page, and Return All of 100,000
   * records should cost no more than a bare fetch loop.
   */
  [Symbol.asyncIterator](): AsyncIterator<T, undefined> {
    const pages = this.run();
    let records: T[] = [];
    let index = 0;
    let current: CurrentPage | undefined;
    const deliver = (): IteratorResult<T, undefined> => {
      current!.delivered += 1;
      this.recordsYielded += 1;
      return { done: false, value: records[index++]! };
    };
    const nextPage = async (): Promise<IteratorResult<T, undefined>> => {
      while (true) {
        const next = await pages.next();
        if (next.done) return { done: true, value: undefined };
        ({ current } = next.value);
        records = next.value.page.records;
        index = 0;
        if (records.length > 0) return deliver();
      }
    };
    return {
      next: () => (index < records.length ? Promise.resolve(deliver()) : nextPage()),
      return: async () => {
        await pages.return(undefined);
        return { done: true, value: undefined };
      },
    };
  }

  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.pages()) for (const record of page.records) all.push(record);
    return all;
  }

  private async *run(): AsyncGenerator<{ page: Page<T>; current: CurrentPage }, void, undefined> {
    if (this.started) throw new Error('A paginator runs once; call paginate() again for a new run.');
    this.started = true;
    try {
      yield* this.follow();
    } finally {
      this.stopReason ??= 'stopped';
    }
  }

  private async *follow(): AsyncGenerator<{ page: Page<T>; current: CurrentPage }, void, undefined> {
    const { limit, maxPages, maxEmptyPages = DEFAULT_MAX_EMPTY_PAGES } = this.options;
    let skip = this.options.skip ?? 0;
    let cursor = this.options.startCursor;
    const seen = new Set<string>(cursor === undefined ? [] : [cursor]);
    const ids = new RecentIds(MAX_TRACKED_IDS);
    let stalled = 0;
    let ahead: Promise<Page<T>> | undefined;

    while (true) {
      if (limit !== undefined && this.recordsYielded >= limit) return this.stop('limit');
      if (maxPages !== undefined && this.pagesFetched >= maxPages) return this.stop('maxPages');

      this.lastCursor = cursor;
      const page = await (ahead ?? this.fetchPage(cursor)).catch((error: unknown) => {
        this.stopReason ??= 'failed';
        throw error;
      });
      ahead = undefined;
      this.pagesFetched += 1;
      const offset = Math.min(skip, page.records.length);
      skip = 0;
      const room = limit === undefined ? Infinity : limit - this.recordsYielded;
      const { records, positions, fresh } = ids.take(page.records, offset, room);
      stalled = fresh ? 0 : stalled + 1;

      let reason: StopReason | undefined;
      if (!page.has_next_page) reason = 'end';
      else if (seen.has(page.next_cursor)) reason = 'repeatedCursor';
      else if (stalled >= maxEmptyPages) reason = 'emptyPages';
      const ended = reason === 'end' || reason === 'repeatedCursor';

      const current: CurrentPage = {
        cursor,
        size: page.records.length,
        offset,
        positions,
        delivered: 0,
        next: ended ? undefined : page.next_cursor,
      };
      this.current = current;
      if (reason === undefined && this.wantsNext(records)) {
        ahead = this.fetchPage(page.next_cursor);
        // A caller that stops reading never awaits it; its failure is reported only when read.
        ahead.catch(() => undefined);
      }
      yield { page: { ...page, records, has_next_page: reason === undefined }, current };
      if (reason) return this.stop(reason);
      seen.add(page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  /** Whether the page after one whose records are `records` is sure to be read (see `prefetch`). */
  private wantsNext(records: readonly T[]): boolean {
    const { prefetch, limit, maxPages } = this.options;
    if (!prefetch) return false;
    if (limit !== undefined && this.recordsYielded + records.length >= limit) return false;
    if (maxPages !== undefined && this.pagesFetched >= maxPages) return false;
    return prefetch === true || prefetch(records);
  }

  private stop(reason: StopReason): void {
    this.stopReason = reason;
  }
}
