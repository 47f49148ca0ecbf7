import type { EndpointId } from './endpoints';
import { recordKindOf } from './queries';

/**
 * Endpoints whose tweets come without `media`: the API document shows it absent in the For You
 * and bookmark examples, and present (an empty array when a tweet has none) wherever else tweets
 * come from, the media feeds above all.
 */
const WITHOUT_MEDIA: ReadonlySet<EndpointId> = new Set<EndpointId>(['getForYouTimeline', 'getBookmarks']);

/** Whether an endpoint's records are tweets that carry `media`: those get files on every surface. */
export function tweetsCarryMedia(id: EndpointId): boolean {
  return recordKindOf(id) === 'tweet' && !WITHOUT_MEDIA.has(id);
}
