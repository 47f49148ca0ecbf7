import { inputParams } from '@social-data/core';
import { feeds } from '@social-data/core/feeds';
import type { FeedId } from '@social-data/core/feeds';

/** The fields an event's feed needs (the account, list or community), as the action node names them. */
export function eventParams(id: FeedId) {
  return inputParams(feeds[id].endpoint).filter(([, spec]) => spec.required);
}
