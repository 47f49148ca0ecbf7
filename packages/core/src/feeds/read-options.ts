import { endpointSpec } from '../catalog/queries';
import { normalizeCount, pageSizeForLimit } from '../input/values';
import type { PaginatedId } from '../catalog/infer';
import type { PaginateOptions } from '../pagination/paginator';
import { toIsoTimestamp } from '../output/timestamp';
import { feedIds, feeds } from './catalog';
import type { RecordFilter } from './filter';
import { FILTER_PAGE_CAP, prefetchUntil } from './filtered-read';

/** What a host's form asks of one paged read (an n8n operation, a Zapier step, a CLI export). */
export interface ReadRequest {
  /** Records wanted, counting only those `keep` passes; undefined for all of them. */
  limit?: number | undefined;
  /**
   * The read hands out whole pages (a page item, a file, a step's next_cursor): a cut page's
   * cursor would skip the records left out, so the read stops after the page that reaches the
   * limit instead of cutting it.
   */
  wholePages?: boolean | undefined;
  /** A filter applied after reading (decision N24); its Created After may end the read early. */
  keep?: RecordFilter | undefined;
  maxPages?: number | undefined;
  /**
   * The form's Start Cursor, the user's own: an API refusal of it names it. Blank means the first
   * page, as an empty form field does. A cursor a run kept itself (a checkpoint) is no form's.
   */
  startCursor?: string | undefined;
  /** A form's page size; left out where the endpoint has none (a value the form kept from another). */
  pageSize?: number | undefined;
}

/** Endpoints whose pages come newest first by time (the feeds a trigger trusts by id). */
const TIME_ORDERED: ReadonlySet<PaginatedId> = new Set(
  feedIds.filter((feed) => feeds[feed].order === 'time').map((feed) => feeds[feed].endpoint),
);

/**
 * A page whose last tweet is at or before `after` ends a read newest first by time: each later
 * page is older still, so none of its tweets can pass. Two records do not tell where the feed
 * stands, and are passed over: the read's first one (a pinned tweet, older than all under it),
 * and a retweet (it may carry the time of the tweet it repeats, not of the retweet).
 */
function reachedTime(after: number): (records: readonly unknown[]) => boolean {
  let first = true;
  return (records) => {
    const placed = (first ? records.slice(1) : records) as ReadonlyArray<Timed>;
    if (records.length > 0) first = false;
    const last = placed.filter((record) => record?.isRetweet !== true).at(-1);
    if (typeof last?.created_at !== 'string') return false;
    const created = Date.parse(toIsoTimestamp(last.created_at) || last.created_at);
    return !Number.isNaN(created) && created <= after;
  };
}

type Timed = { created_at?: unknown; isRetweet?: unknown } | null | undefined;

/**
 * The paginator options of a read, decided once for every surface: a filtered read has no
 * paginator limit (Limit counts what passes, `readFiltered`) and stops at FILTER_PAGE_CAP pages
 * unless the form sets Max Pages, so a filter matching nothing never reads a feed to its end, and
 * on a feed newest first by time it ends at the first page past its Created After; a
 * read of whole pages is not cut; and the next page is asked for while this one is handled only
 * while the pages so far cannot meet the limit, so an early page costs no credit the read would
 * not have spent.
 */
export function readOptions(id: PaginatedId, request: ReadRequest): PaginateOptions {
  const { limit, keep } = request;
  const uncut = request.wholePages === true || keep !== undefined;
  const range = endpointSpec(id).count;
  // Whole pages are never cut, so they are asked for no larger than the limit: Max Items 1 brings
  // one record, not a default page of 200, and a Page Size of 200 beside Max Items 10 brings 10
  // (decision Z4). A filter's limit counts what passes, which a page of that size would not hold.
  // A chosen size out of the API's range is refused as typed, before the limit could hide it.
  const chosen =
    range && request.pageSize !== undefined ? normalizeCount(request.pageSize, range, 'pageSize') : undefined;
  const fitted =
    request.wholePages === true && !keep && range
      ? pageSizeForLimit(chosen === undefined ? range : { ...range, default: chosen }, limit)
      : undefined;
  const after = keep?.createdAfter;
  return {
    ...(after !== undefined && TIME_ORDERED.has(id) ? { endsRead: reachedTime(after) } : {}),
    limit: uncut ? undefined : limit,
    maxPages: request.maxPages ?? (keep ? FILTER_PAGE_CAP : undefined),
    startCursor: request.startCursor || undefined,
    startCursorGiven: !!request.startCursor,
    pageSize: range ? (fitted ?? chosen) : undefined,
    prefetch: uncut ? prefetchUntil(limit, keep) : true,
  };
}
