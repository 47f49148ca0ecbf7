import { catalog, feedIds, feeds, inputParams } from '@social-data/core';
import type { FeedId } from '@social-data/core';

/** Events that read your own session (bookmarks, For You, list and community feeds...). */
export function sessionEvents(): FeedId[] {
  return feedIds.filter((id) => catalog[feeds[id].endpoint].mode === 'session');
}

/** The fields an event's feed needs (the account, list or community), as the action node names them. */
export function eventParams(id: FeedId) {
  return inputParams(feeds[id].endpoint).filter(([, spec]) => spec.required);
}
