import type { WatchResult } from './reading';

/**
 * What a poll that could not be sure tells the user beside its items, the same on every surface
 * (decision N29): an item a workflow can route on (n8n, Zapier) or a line on stderr (the CLI).
 * `may_be_missed` counts the items the poll could not report and could not rule out as new; 0
 * when it could not count them (a stall, a cursor the API refused), which the message says.
 * `partial`: a removal event on a list longer than a poll reads, told once (decision N23).
 */
export interface PollNotice {
  notice: 'uncertain' | 'partial';
  may_be_missed: number;
  message: string;
}

export function noticeOf(
  result: Pick<WatchResult<unknown>, 'uncertain' | 'missed' | 'notes'>,
): PollNotice | undefined {
  if (!result.uncertain) return undefined;
  // Notes are sentences a log shows one a line; in one message each ends with its full stop.
  const message = result.notes.map((note) => (/[.!?]$/.test(note) ? note : `${note}.`)).join(' ');
  return { notice: 'uncertain', may_be_missed: result.missed ?? 0, message };
}
