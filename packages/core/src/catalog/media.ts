import type { EndpointId } from './endpoints';

/**
 * Endpoints whose tweets come without `media`: the API document shows it absent in the For You
 * and bookmark examples, and present (an empty array when a tweet has none) wherever else tweets
 * come from, the media feeds above all.
 */
const WITHOUT_MEDIA: ReadonlySet<EndpointId> = new Set<EndpointId>(['getForYouTimeline', 'getBookmarks']);

export function tweetsCarryMedia(id: EndpointId): boolean {
  return !WITHOUT_MEDIA.has(id);
}
