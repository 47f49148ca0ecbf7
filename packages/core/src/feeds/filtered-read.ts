import { counted } from '../output/counted';
import type { Paginator } from '../pagination/paginator';

/**
 * Pages a filtered read of an action may take when the caller sets no Max Pages: a filter that
 * matches nothing must not read a feed to its end.
 */
export const FILTER_PAGE_CAP = 50;

export interface FilteredRead {
  /** Records read, passed or not. */
  read: number;
  /** Records that passed, and were handed on. */
  kept: number;
  pages: number;
  /** Reading stopped at the page cap before the limit was reached: there may be more. */
  capped: boolean;
}

/**
 * A paginator's `prefetch` rule for a read that stops after `limit` records, counting only those
 * that pass `keep` when there is one: the next page is fetched early only while the pages so far
 * cannot fill the limit, so an early page is never one the caller would not have asked for.
 */
export function prefetchUntil<R>(
  limit: number | undefined,
  keep?: (record: R) => boolean,
): (records: readonly unknown[]) => boolean {
  let counted = 0;
  return (records) => {
    if (limit === undefined) return true;
    if (!keep) counted += records.length;
    else for (const record of records as readonly R[]) if (keep(record)) counted += 1;
    return counted < limit;
  };
}

/**
 * Reads a feed action's records through a filter: `limit` counts records that passed, and the
 * paginator's `maxPages` (FILTER_PAGE_CAP unless the caller set one) stops a filter that
 * matches little or nothing. The paginator must carry no `limit` of its own.
 */
export async function readFiltered<R>(
  paginator: Paginator<R>,
  keep: (record: R) => boolean,
  limit: number | undefined,
  emit: (record: R) => Promise<void> | void,
): Promise<FilteredRead> {
  let read = 0;
  let kept = 0;
  for await (const record of paginator) {
    read += 1;
    if (!keep(record)) continue;
    await emit(record);
    kept += 1;
    if (limit !== undefined && kept >= limit) break;
  }
  return filteredRead(read, kept, paginator.pagesFetched, paginator.stopReason === 'maxPages', limit);
}

/** A filtered read's account, wherever it was read: capped when Max Pages ended it short of the limit. */
export function filteredRead(
  read: number,
  kept: number,
  pages: number,
  atMaxPages: boolean,
  limit: number | undefined,
): FilteredRead {
  return { read, kept, pages, capped: atMaxPages && (limit === undefined || kept < limit) };
}

/**
 * What a user should be told about a filtered read that may have stopped short, if anything;
 * `further` says how to read on where the caller's form has no Max Pages.
 */
export function filteredReadNotice(
  { read, kept, pages, capped }: FilteredRead,
  further = 'Raise Max Pages to read further',
): string | undefined {
  const tweets = counted(read, 'tweet');
  const onPages = counted(pages, 'page');
  if (capped)
    return `Read ${tweets} on ${onPages} and ${kept} passed the filters; reading stopped at the page cap (Max Pages ${pages}). ${further}, or loosen the filters.`;
  // Nothing at all looks like a step that did nothing: say what was read (its end, if it stopped
  // early, is said on its own: a page cap above, a time limit or an odd page by the caller).
  if (kept === 0 && read > 0)
    return `Read ${tweets} on ${onPages} and none passed the filters. Loosen the filters to keep some.`;
  return undefined;
}
