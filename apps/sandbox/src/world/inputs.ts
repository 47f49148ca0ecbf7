import { accountId, communityId, listId, topicId } from './ids';

/**
 * A value for every parameter that names a record of this world, written as users write them
 * (a handle with its @, a list's URL, ids split by commas and lines), so a step or node given
 * them reaches records that exist and goes through its input normalization on the way.
 */
export const RECORD_INPUTS = {
  userName: '@social_data',
  list_id: `https://x.com/i/lists/${listId(0)}`,
  community_id: communityId(0),
  topic_id: topicId(0),
  userIds: `${accountId(1)}, ${accountId(2)}\n${accountId(3)}`,
};
