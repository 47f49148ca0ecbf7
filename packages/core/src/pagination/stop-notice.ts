import { counted } from '../output/counted';

/**
 * What the user is told when the API, not the read's own bounds, ended a read early: the read
 * looks complete (no next page is offered) but the feed may hold more. Every surface says it
 * where its user looks (an execution hint, stderr, a tool's summary); one text for each, under
 * the names a paginator, a bounded read and a file give it.
 */
const REPEATED_CURSOR =
  'The API handed out a cursor it had given before, so the read stopped there: the records before it are complete, the rest of the feed could not be reached.';
const BLANK_CURSOR =
  'The API claimed more pages but sent no cursor to reach them, so the read stopped there: the records before it are complete, the rest of the feed could not be reached.';
const EMPTY_PAGES =
  'The API sent pages with no new records while it claimed more, so the read stopped there; more may come later.';

const NOTICES: Partial<Record<string, string>> = {
  repeatedCursor: REPEATED_CURSOR,
  repeated_cursor: REPEATED_CURSOR,
  blankCursor: BLANK_CURSOR,
  blank_cursor: BLANK_CURSOR,
  emptyPages: EMPTY_PAGES,
  empty_pages: EMPTY_PAGES,
};

/**
 * The notice for a read the API ended early (a paginator's `stopReason`, a bounded read's `cut`,
 * a file's `ended`), or undefined when it ended as asked.
 */
export function stopNotice(reason: string | undefined): string | undefined {
  return reason === undefined ? undefined : NOTICES[reason];
}

/**
 * A read that stopped at its own Max Pages with more to read, where the output carries no cursor
 * (one item per record): how many it read, and the Start Cursor that goes on from the next record.
 * Undefined when the feed ended anyway, or the cap left nothing unread.
 */
export function pageCapNotice(
  pages: number,
  records: number,
  next: { startCursor: string | undefined; skip: number } | undefined,
): string | undefined {
  // A place inside a page cannot be given as a Start Cursor alone: only a whole page's end is.
  if (!next?.startCursor || next.skip !== 0) return undefined;
  return `Stopped at Max Pages (${counted(pages, 'page')}, ${counted(records, 'record')}); the feed holds more. To read on, set Start Cursor to ${next.startCursor}, or raise Max Pages.`;
}
