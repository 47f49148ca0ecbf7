import type { Page } from './page';

export interface PaginateOptions {
  /** Stop after this many records in all (the last page is cut to fit). */
  limit?: number | undefined;
  /** Stop after this many requests. */
  maxPages?: number | undefined;
  /** Resume from a cursor a previous run exposed as `nextCursor`. */
  startCursor?: string | undefined;
  /** `count` sent with every page, where the endpoint takes one. */
  pageSize?: number | undefined;
  /** Consecutive empty tweet pages that still claim a next page before the run gives up. */
  maxEmptyPages?: number | undefined;
}

export type StopReason = 'end' | 'limit' | 'maxPages' | 'repeatedCursor' | 'emptyPages';

export const DEFAULT_MAX_EMPTY_PAGES = 3;

export type FetchPage<T> = (cursor: string | undefined) => Promise<Page<T>>;

/**
 * Follows cursors lazily: iterate records with `for await`, or whole pages with `pages()`. One
 * paginator is one run; after it, `nextCursor` resumes where it stopped (undefined when the feed
 * ended) and `stopReason` says why it stopped.
 */
export class Paginator<T> implements AsyncIterable<T> {
  pagesFetched = 0;
  recordsYielded = 0;
  /** The cursor the last request was sent with (undefined for the first page). */
  lastCursor: string | undefined;
  /** Where a later run should start to continue; undefined once the feed has ended. */
  nextCursor: string | undefined;
  stopReason: StopReason | undefined;
  private started = false;

  constructor(
    private readonly fetchPage: FetchPage<T>,
    private readonly options: PaginateOptions = {},
  ) {
    this.nextCursor = options.startCursor;
  }

  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    if (this.started) throw new Error('A paginator runs once; call paginate() again for a new run.');
    this.started = true;
    const { limit, maxPages, maxEmptyPages = DEFAULT_MAX_EMPTY_PAGES } = this.options;
    const seen = new Set<string>();
    let cursor = this.options.startCursor;
    let emptyRun = 0;
    if (cursor !== undefined) seen.add(cursor);

    while (true) {
      if (limit !== undefined && this.recordsYielded >= limit) return this.stop('limit', cursor);
      if (maxPages !== undefined && this.pagesFetched >= maxPages) return this.stop('maxPages', cursor);

      this.lastCursor = cursor;
      const page = await this.fetchPage(cursor);
      this.pagesFetched += 1;
      const room = limit === undefined ? page.records.length : limit - this.recordsYielded;
      const records = page.records.length > room ? page.records.slice(0, room) : page.records;
      this.recordsYielded += records.length;
      emptyRun = page.records.length === 0 ? emptyRun + 1 : 0;

      let reason: StopReason | undefined;
      if (!page.has_next_page) reason = 'end';
      else if (seen.has(page.next_cursor)) reason = 'repeatedCursor';
      else if (emptyRun >= maxEmptyPages) reason = 'emptyPages';
      if (reason) this.stop(reason, undefined);
      else this.nextCursor = page.next_cursor;

      yield { ...page, records, has_next_page: reason === undefined };
      if (reason) return;
      seen.add(page.next_cursor);
      cursor = page.next_cursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.records;
  }

  async toArray(): Promise<T[]> {
    const all: T[] = [];
    for await (const page of this.pages()) all.push(...page.records);
    return all;
  }

  private stop(reason: StopReason, resumeAt: string | undefined): void {
    this.stopReason = reason;
    this.nextCursor = resumeAt;
  }
}
