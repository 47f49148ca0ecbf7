import { feeds, inputParams } from '@social-data/core';
import type { FeedId } from '@social-data/core';

/** The fields an event's feed needs (the account, list or community), as the action node names them. */
export function eventParams(id: FeedId) {
  return inputParams(feeds[id].endpoint).filter(([, spec]) => spec.required);
}
