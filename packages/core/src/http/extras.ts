import type { ResultSpec } from '../catalog/types';
import { BLANK_CURSOR, pageCursor } from '../pagination/page';
import type { Envelope } from './envelope';

/** Records that are objects: a `null` in a list is no record, and would break whatever reads it. */
function records(list: unknown[]): unknown[] {
  return list.every(isRecord) ? list : list.filter(isRecord);
}

function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/**
 * The result as its type promises: page cursors are always strings ('' when the API sent none
 * or only white space), a tweet page's `has_next_page` is always a boolean (a cursor means more
 * when the flag is missing), lists hold records only (a `null` entry is dropped), and the
 * envelope's `source` joins the For You page.
 */
export function shapeResult(result: ResultSpec, data: unknown, envelope: Envelope): unknown {
  if (result.kind === 'records') return records(data as unknown[]);
  if (result.kind !== 'tweetPage' && result.kind !== 'userPage') return data;
  const page: Record<string | symbol, unknown> = { ...(data as Record<string, unknown>) };
  const raw = page.next_cursor;
  page.next_cursor = pageCursor(raw);
  if (typeof raw === 'string' && raw !== '' && page.next_cursor === '') page[BLANK_CURSOR] = true;
  const key = result.kind === 'tweetPage' ? 'tweets' : result.key;
  page[key] = records(page[key] as unknown[]);
  if (result.kind === 'tweetPage') {
    if (typeof page.has_next_page !== 'boolean') page.has_next_page = page.next_cursor !== '';
    if (result.source && typeof envelope.source === 'string') page.source = envelope.source;
  }
  return page;
}
