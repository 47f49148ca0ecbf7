import type { Paginator, StopReason } from '../pagination/paginator';
import { filteredRead } from '../feeds/filtered-read';
import { createFormatter } from './formats';
import type { Format } from './formats';

/**
 * Why a file ended: the feed's end, Limit, Max Pages, a feed that stopped moving, a failed page,
 * or a feed whose rest is older than Created After.
 */
export type FileEnd =
  | 'end'
  | 'limit'
  | 'max_pages'
  | 'empty_pages'
  | 'repeated_cursor'
  | 'blank_cursor'
  | 'failed'
  | 'created_after';

export interface PageFileSummary {
  /** Records written (those the filter kept). */
  records: number;
  pages: number;
  /**
   * Where a later file goes on (its Start Cursor): the API cursor after the last page written,
   * which after a failure is the failed page's own; '' once the feed has ended.
   */
  nextCursor: string;
  ended: FileEnd;
  /** The failure that ended the file; what was read before it is in the file. */
  error?: unknown;
  /**
   * With a filter: records read (kept or not), and whether Max Pages stopped the read before
   * Limit was reached, so there may be more that pass (a feeds `FilteredRead`, for its notice).
   */
  filtered?: { read: number; kept: number; pages: number; capped: boolean };
}

export interface PageFileOptions {
  format: Format;
  shape: (record: unknown) => unknown;
  /** A filter applied before shaping; Limit counts the records it keeps (decision N24). */
  keep?: ((record: unknown) => boolean) | undefined;
  /** Whole pages: the file ends after the page that reaches this many records. */
  limit?: number | undefined;
  /** Hears of the first CSV record with a field the header lacks, for the host to say so. */
  onExtraField: (field: string) => void;
  /**
   * Only these fields of each shaped record, in this order (one a record lacks is written as
   * null): a CSV's columns. Unset, every field, the CSV's columns being the first record's.
   */
  fields?: readonly string[] | undefined;
  /** Hears of each chosen field the first record lacks (its column stays empty), for the host to say so. */
  onMissingField?: ((field: string) => void) | undefined;
}

export interface PageFile {
  /**
   * The file's text, a page at a time. A page is asked for only when the reader wants more text,
   * so the store the host streams it into sets the pace, and no record outlives its page.
   */
  chunks: AsyncIterable<string>;
  /** How the file ended; complete once `chunks` is. */
  summary(): PageFileSummary;
}

const ENDS: Record<StopReason, FileEnd> = {
  end: 'end',
  limit: 'limit',
  stopped: 'limit',
  maxPages: 'max_pages',
  emptyPages: 'empty_pages',
  repeatedCursor: 'repeated_cursor',
  blankCursor: 'blank_cursor',
  failed: 'failed',
  pastCreatedAfter: 'created_after',
};

/**
 * A paged read written as one file (CSV or JSON Lines), for hosts that keep a file rather than
 * records: pages are never cut, so the summary's cursor continues exactly where the file ends,
 * and a page that cannot be read ends the file with what was read (the summary says why), for the
 * host to keep or to fail.
 */
export function pageFile(paginator: Paginator<unknown>, options: PageFileOptions): PageFile {
  const { keep, limit } = options;
  const shape = chosenFields(options);
  const formatter = createFormatter(options.format, undefined, options.onExtraField);
  const summary: PageFileSummary = { records: 0, pages: 0, nextCursor: '', ended: 'end' };
  let read = 0;
  const pages = paginator.pages();

  /** The next page's text, or undefined at the end; a function, so no page stays in the generator's frame. */
  async function nextText(): Promise<string | undefined> {
    if (limit !== undefined && summary.records >= limit) return undefined;
    const step = await pages.next();
    if (step.done) return undefined;
    read += step.value.records.length;
    const records = keep ? step.value.records.filter(keep) : step.value.records;
    summary.pages += 1;
    summary.records += records.length;
    return formatter.write(records.map(shape));
  }

  async function* chunks(): AsyncGenerator<string> {
    try {
      for (;;) {
        let text: string | undefined;
        try {
          text = await nextText();
        } catch (error) {
          summary.error = error;
          break;
        }
        if (text === undefined) break;
        if (text) yield text;
      }
      const end = formatter.end();
      if (end) yield end;
    } finally {
      // A limit met with the next page on the wire, or a reader that stopped: end the read.
      await pages.return();
      const point = paginator.resumePoint();
      const reason = paginator.stopReason;
      summary.nextCursor = point?.startCursor ?? '';
      // The paginator says "end" only when asked past the last page; a Limit met on it is the end too.
      summary.ended = reason && reason !== 'stopped' ? ENDS[reason] : point === undefined ? 'end' : 'limit';
      if (keep)
        summary.filtered = filteredRead(
          read,
          summary.records,
          summary.pages,
          summary.ended === 'max_pages',
          limit,
        );
    }
  }

  return { chunks: chunks(), summary: () => ({ ...summary }) };
}

/** The shaping, then the chosen fields when there are any, the first record checked for them. */
function chosenFields({ shape, fields, onMissingField }: PageFileOptions): (record: unknown) => unknown {
  if (!fields) return shape;
  let checked = false;
  return (record) => {
    const shaped = shape(record) as Record<string, unknown>;
    if (!checked) {
      checked = true;
      for (const field of fields) if (!(field in shaped)) onMissingField?.(field);
    }
    return Object.fromEntries(fields.map((field) => [field, shaped[field] ?? null]));
  };
}
