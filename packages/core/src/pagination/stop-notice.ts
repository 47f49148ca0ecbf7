/**
 * What the user is told when the API, not the read's own bounds, ended a read early: the read
 * looks complete (no next page is offered) but the feed may hold more. Every surface says it
 * where its user looks (an execution hint, stderr, a tool's summary); one text for each, under
 * the names a paginator, a bounded read and a file give it.
 */
const REPEATED_CURSOR =
  'The API handed out a cursor it had given before, so the read stopped there: the records before it are complete, the rest of the feed could not be reached.';
const EMPTY_PAGES =
  'The API sent pages with no new records while it claimed more, so the read stopped there; more may come later.';

const NOTICES: Partial<Record<string, string>> = {
  repeatedCursor: REPEATED_CURSOR,
  repeated_cursor: REPEATED_CURSOR,
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
