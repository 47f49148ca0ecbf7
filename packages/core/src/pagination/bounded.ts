import { ConnectionError, TimeoutError } from '../errors/classes';
import type { Paginator } from './paginator';

/** Why a bounded read stopped before the end of the feed. */
export type ReadCut =
  | 'max_items'
  | 'size'
  | 'time'
  | 'connection'
  | 'empty_pages'
  | 'repeated_cursor'
  | 'blank_cursor'
  | 'max_pages'
  | 'created_after';

export interface BoundedRead {
  records: object[];
  /** Where a later read goes on: an API cursor at a page boundary; '' once the feed has ended. */
  nextCursor: string;
  /** Undefined when the feed ended. */
  cut: ReadCut | undefined;
  /** Records read, kept by the filter or not. */
  read: number;
  pages: number;
}

export interface ReadBounds {
  shape: (record: unknown) => object;
  /** Whole pages: reading stops after the page that reaches this many records. */
  maxItems?: number | undefined;
  /** When the read must have ended, in `Date.now()` time. */
  deadline: number;
  /** Bytes (as JSON) the records should stay under: no page is asked for that may pass it. */
  budgetBytes: number;
  /**
   * Bytes the records may never pass: a page read already that would take them past it is left
   * for the next read (from its own cursor), or, the first page, refused with `tooLarge`.
   */
  limitBytes: number;
  /** The error for a first page larger than `limitBytes` alone, in the host's words. */
  tooLarge: (bytes: number) => Error;
  /** A filter applied before shaping: Max Items counts the records it keeps (decision N24). */
  keep?: ((record: unknown) => boolean) | undefined;
}

/**
 * Makes the read's paginator with the prefetch rule `readBounded` hands it, so the next page is on
 * the wire only when the read will take it.
 */
export type OpenPaginator = (prefetch: (records: readonly unknown[]) => boolean) => Paginator<unknown>;

const bytesOf = (records: object[]) => new TextEncoder().encode(JSON.stringify(records)).byteLength;

/**
 * A read of whole pages within a host's limits (Zapier's 30 s and 6 MB; any step with a deadline
 * and an output size): a next page is read only while it can still be afforded, as estimated from
 * the largest and the slowest page so far, so it passes neither Max Items, nor the byte budget,
 * nor the deadline. A page that times out or is cut off after others were read ends the read with
 * what it has and that page's cursor; only a first page that fails fails the read. Every cut is
 * reported, with the API cursor of the first record not returned.
 */
export async function readBounded(open: OpenPaginator, bounds: ReadBounds): Promise<BoundedRead> {
  const { shape, maxItems = Infinity, deadline, budgetBytes, limitBytes, keep } = bounds;
  const records: object[] = [];
  let read = 0;
  let bytes = 0;
  let largestPage = 0;
  let slowestPage = 0;
  let started = Date.now();
  /** A page filtered, shaped and measured as it arrived, so the next one could be asked for early. */
  let arrived: { raw: readonly unknown[]; shaped: object[]; bytes: number } | undefined;
  const measure = (raw: readonly unknown[]) => {
    const shaped = (keep ? raw.filter(keep) : raw).map(shape);
    arrived = { raw, shaped, bytes: bytesOf(shaped) };
    return arrived;
  };
  // Asked as a page arrives: whether the loop below will read the page after it, by the same
  // bounds with this page counted in, so no page is fetched that the read would not return.
  const paginator = open((raw) => {
    const page = measure(raw);
    const total = bytes + page.bytes;
    const largest = Math.max(largestPage, page.bytes);
    const slowest = Math.max(slowestPage, Date.now() - started);
    return (
      total <= limitBytes &&
      records.length + page.shaped.length < maxItems &&
      total + largest <= budgetBytes &&
      Date.now() + slowest <= deadline
    );
  });
  const done = (nextCursor: string, cut: ReadCut | undefined): BoundedRead => ({
    records,
    nextCursor,
    cut,
    read,
    pages: paginator.pagesFetched,
  });
  let more = false;
  let cut: ReadCut | undefined;
  const pages = paginator.pages();

  const boundReached = (): ReadCut | undefined => {
    if (records.length >= maxItems) return 'max_items';
    if (bytes + largestPage > budgetBytes) return 'size';
    if (Date.now() + slowestPage > deadline) return 'time';
    return undefined;
  };

  while (true) {
    if (more && (cut = boundReached())) break;
    started = Date.now();
    const next = await pages.next().catch((error: unknown) => {
      // A page lost after others were read (no answer in time, a connection cut mid-answer)
      // ends the read with what it has and the cursor of that page, rather than losing both.
      const lost = error instanceof TimeoutError || error instanceof ConnectionError;
      if (!lost || paginator.pagesFetched === 0) return Promise.reject(error);
      return error instanceof TimeoutError ? ('time' as const) : ('connection' as const);
    });
    if (typeof next === 'string') {
      cut = next;
      break;
    }
    if (next.done) {
      if (paginator.stopReason === 'emptyPages') cut = 'empty_pages';
      // The feed looks ended, but the API ended it: said, so nobody takes it for the whole feed.
      if (paginator.stopReason === 'repeatedCursor') cut = 'repeated_cursor';
      if (paginator.stopReason === 'blankCursor') cut = 'blank_cursor';
      if (paginator.stopReason === 'maxPages') cut = 'max_pages';
      // The rest of the feed is older than Created After: more exists, none of it is wanted.
      if (paginator.stopReason === 'pastCreatedAfter') cut = 'created_after';
      return done(paginator.nextCursor ?? '', cut);
    }
    read += next.value.records.length;
    const page = arrived?.raw === next.value.records ? arrived : measure(next.value.records);
    const { shaped, bytes: pageBytes } = page;
    if (bytes + pageBytes > limitBytes) {
      if (records.length === 0) throw bounds.tooLarge(pageBytes);
      // Far larger than the pages before it: left for the next read, from its own cursor.
      await pages.return();
      read -= next.value.records.length;
      return done(paginator.lastCursor ?? '', 'size');
    }
    for (const record of shaped) records.push(record);
    bytes += pageBytes;
    largestPage = Math.max(largestPage, pageBytes);
    slowestPage = Math.max(slowestPage, Date.now() - started);
    more = next.value.has_next_page;
  }
  await pages.return();
  return done(paginator.nextCursor ?? '', cut);
}
