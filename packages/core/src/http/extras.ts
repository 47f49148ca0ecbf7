import type { ResultSpec } from '../catalog/types';
import type { Envelope } from '../records/types';

/**
 * The result as its type promises: page cursors are always strings ('' when the API sent none),
 * a tweet page's `has_next_page` is always a boolean (a cursor means more when the flag is
 * missing), and the envelope's `source` joins the For You page.
 */
export function shapeResult(result: ResultSpec, data: unknown, envelope: Envelope): unknown {
  if (result.kind !== 'tweetPage' && result.kind !== 'userPage') return data;
  const page = { ...(data as Record<string, unknown>) };
  if (typeof page.next_cursor !== 'string') page.next_cursor = '';
  if (result.kind === 'tweetPage') {
    if (typeof page.has_next_page !== 'boolean') page.has_next_page = page.next_cursor !== '';
    if (result.source && typeof envelope.source === 'string') page.source = envelope.source;
  }
  return page;
}
