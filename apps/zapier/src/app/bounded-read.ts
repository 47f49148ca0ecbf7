import { ConnectionError, TimeoutError, ValidationError } from '@social-data/core';
import type { Paginator } from '@social-data/core';

import { OUTPUT_BUDGET_BYTES, RECORDS_LIMIT_BYTES } from './limits';

/** Why a read stopped before the end of the feed. */
export type Cut = 'max_items' | 'size' | 'time' | 'connection' | 'empty_pages' | 'max_pages';

export interface BoundedRead {
  records: object[];
  /** Where a later step goes on; '' once the feed has ended. */
  nextCursor: string;
  /** Undefined when the feed ended. */
  cut: Cut | undefined;
  /** Records read, passed by `keep` or not. */
  read: number;
  pages: number;
}

export interface Bounds {
  shape: (record: unknown) => object;
  /** Whole pages: reading stops after the page that reaches this many records. */
  maxItems?: number | undefined;
  /** When the step must have answered, in `Date.now()` time. */
  deadline: number;
  budgetBytes?: number;
  /** A filter applied before shaping: Max Items counts the records it keeps (decision N24). */
  keep?: ((record: unknown) => boolean) | undefined;
  /** Whether the step has a Page Size field, which a page too large for Zapier can be fixed by. */
  pageSize?: boolean;
}

const bytesOf = (records: object[]) => Buffer.byteLength(JSON.stringify(records));

/** Makes the read's paginator with the prefetch rule `readBounded` hands it. */
export type OpenPaginator = (prefetch: (records: readonly unknown[]) => boolean) => Paginator<unknown>;

/**
 * Reads whole pages while the next one can still be afforded: it would not take the records past
 * Max Items, nor the output past the size budget (estimated from the largest page so far), nor the
 * step past its deadline (estimated from the slowest page so far). A page that times out or is
 * cut off after others were read ends the read with what was collected; only a first page that fails fails the
 * step. Every cut is reported, with the cursor of the first record not returned.
 */
export async function readBounded(open: OpenPaginator, bounds: Bounds): Promise<BoundedRead> {
  const { shape, maxItems = Infinity, deadline, budgetBytes = OUTPUT_BUDGET_BYTES, keep } = bounds;
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
  // bounds with this page counted in, so no page is fetched that the step would not return.
  const paginator = open((raw) => {
    const page = measure(raw);
    const total = bytes + page.bytes;
    const largest = Math.max(largestPage, page.bytes);
    const slowest = Math.max(slowestPage, Date.now() - started);
    return (
      total <= RECORDS_LIMIT_BYTES &&
      records.length + page.shaped.length < maxItems &&
      total + largest <= budgetBytes &&
      Date.now() + slowest <= deadline
    );
  });
  const done = (nextCursor: string, cut: Cut | undefined): BoundedRead => ({
    records,
    nextCursor,
    cut,
    read,
    pages: paginator.pagesFetched,
  });
  let more = false;
  let cut: Cut | undefined;
  const pages = paginator.pages();

  const boundReached = (): Cut | undefined => {
    if (records.length >= maxItems) return 'max_items';
    if (bytes + largestPage > budgetBytes) return 'size';
    if (Date.now() + slowestPage > deadline) return 'time';
    return undefined;
  };

  while (true) {
    if (more && (cut = boundReached())) break;
    started = Date.now();
    let next;
    try {
      next = await pages.next();
    } catch (error) {
      // A page lost after others were read (no answer in time, a connection cut mid-answer)
      // ends the read with what it has and the cursor of that page, rather than losing both.
      const lost = error instanceof TimeoutError || error instanceof ConnectionError;
      if (!lost || paginator.pagesFetched === 0) throw error;
      cut = error instanceof TimeoutError ? 'time' : 'connection';
      break;
    }
    if (next.done) {
      if (paginator.stopReason === 'emptyPages') cut = 'empty_pages';
      if (paginator.stopReason === 'maxPages') cut = 'max_pages';
      return done(paginator.nextCursor ?? '', cut);
    }
    read += next.value.records.length;
    const page = arrived?.raw === next.value.records ? arrived : measure(next.value.records);
    const { shaped, bytes: pageBytes } = page;
    if (bytes + pageBytes > RECORDS_LIMIT_BYTES) {
      if (records.length === 0) throw pageTooLarge(pageBytes, bounds.pageSize === true);
      // Far larger than the pages before it: left for the next step, from its own cursor.
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

/** A first page larger than a step may return, with the fix this step has. */
function pageTooLarge(bytes: number, pageSize: boolean): ValidationError {
  const size = `one page of this feed is ${(bytes / 1024 / 1024).toFixed(1)} MB, more than a Zapier step can return`;
  return pageSize
    ? new ValidationError(`pageSize: ${size}.`, {
        field: 'pageSize',
        hint: 'Set Page Size lower, e.g. 200, or set Simplify to yes for smaller records.',
      })
    : new ValidationError(`simplify: ${size}, and the API sets its page size.`, {
        field: 'simplify',
        hint: 'Set Simplify to yes: each record is then a fraction of its size. If it is already yes, this feed cannot pass through a Zapier step.',
      });
}
