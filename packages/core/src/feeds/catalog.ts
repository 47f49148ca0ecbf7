import { catalog } from '../catalog/endpoints';
import type { PaginatedId } from '../catalog/infer';

/**
 * How a feed's order can be trusted. `time`: newest first by tweet id, which grows with time, so
 * ids at or below the oldest one still remembered are old. `position`: newest first by when the
 * item joined the feed (a bookmark, a follow), which no id or timestamp in the record shows.
 */
export type FeedOrder = 'time' | 'position';

export interface FeedSpec {
  readonly endpoint: PaginatedId;
  /** The event as a trigger's picker shows it. */
  readonly displayName: string;
  readonly description: string;
  readonly order: FeedOrder;
  /** `removed`: the event is an item leaving the feed (an unfollow), reported when certain (N23). */
  readonly change?: 'removed';
  /** The event can watch up to `MAX_ACCOUNTS` accounts in one trigger (API key feeds only). */
  readonly manyAccounts?: true;
}

/**
 * The feeds a polling trigger can watch, each one a paginated catalog endpoint. The n8n trigger
 * and the Zapier app's triggers are generated from this list.
 */
export const feeds = {
  newTweet: {
    endpoint: 'getUserTweets',
    displayName: 'New Tweet by a User',
    description: 'A tweet the account posted',
    order: 'time',
    manyAccounts: true,
  },
  newReply: {
    endpoint: 'getUserReplies',
    displayName: 'New Reply by a User',
    description: 'A reply the account posted',
    order: 'time',
    manyAccounts: true,
  },
  newMediaTweet: {
    endpoint: 'getUserMedia',
    displayName: 'New Media Tweet by a User',
    description: 'A tweet with photos, videos or GIFs the account posted',
    order: 'time',
  },
  newListTweet: {
    endpoint: 'getListTweets',
    displayName: 'New List Tweet',
    description: 'A tweet in the timeline of a list',
    order: 'time',
  },
  newCommunityTweet: {
    endpoint: 'getCommunityTweets',
    displayName: 'New Community Tweet',
    description: 'A tweet posted in a community',
    order: 'time',
  },
  newCommunityMedia: {
    endpoint: 'getCommunityMedia',
    displayName: 'New Community Media',
    description: 'A media post in a community',
    order: 'time',
  },
  newBookmark: {
    endpoint: 'getBookmarks',
    displayName: 'New Bookmark',
    description: 'A tweet you bookmarked',
    order: 'position',
  },
  newForYouTweet: {
    endpoint: 'getForYouTimeline',
    displayName: 'New For You Tweet',
    description: 'A tweet that appeared in your For You timeline',
    order: 'position',
  },
  newFollower: {
    endpoint: 'getUserFollowers',
    displayName: 'New Follower',
    description: 'An account that started following the account',
    order: 'position',
  },
  newFollowing: {
    endpoint: 'getUserFollowing',
    displayName: 'New Following',
    description: 'An account the account started following',
    order: 'position',
  },
  newMutualFollower: {
    endpoint: 'getUserFollowersYouKnow',
    // Not "mutual": that reads as "follows you and you follow back", which this feed is not.
    displayName: 'New Follower You Know',
    description: 'A follower of the account whom you follow too',
    order: 'position',
  },
  newListMember: {
    endpoint: 'getListMembers',
    displayName: 'New List Member',
    description: 'An account added to a list',
    order: 'position',
  },
  newListSubscriber: {
    endpoint: 'getListSubscribers',
    displayName: 'New List Subscriber',
    description: 'An account that subscribed to a list',
    order: 'position',
  },
  newMutedAccount: {
    endpoint: 'getMutedAccounts',
    displayName: 'New Muted Account',
    description: 'An account you muted',
    order: 'position',
  },
  unfollowedBy: {
    endpoint: 'getUserFollowers',
    displayName: 'Lost Follower',
    description: 'An account that stopped following the account',
    order: 'position',
    change: 'removed',
  },
  stoppedFollowing: {
    endpoint: 'getUserFollowing',
    displayName: 'Unfollowed Account',
    description: 'An account the account stopped following',
    order: 'position',
    change: 'removed',
  },
  leftList: {
    endpoint: 'getListMembers',
    displayName: 'Removed List Member',
    description: 'An account removed from a list',
    order: 'position',
    change: 'removed',
  },
  unmutedAccount: {
    endpoint: 'getMutedAccounts',
    displayName: 'Unmuted Account',
    description: 'An account you unmuted',
    order: 'position',
    change: 'removed',
  },
} as const satisfies Record<string, FeedSpec>;

export type FeedId = keyof typeof feeds;

export const feedIds = Object.keys(feeds) as FeedId[];

function feedSpec(id: FeedId): FeedSpec {
  return feeds[id];
}

/** Whether the event is an item leaving its feed rather than one joining it. */
export function isRemovalFeed(id: FeedId): boolean {
  return feedSpec(id).change === 'removed';
}

/** Whether the event can watch many accounts in one trigger. */
export function takesManyAccounts(id: FeedId): boolean {
  return feedSpec(id).manyAccounts === true;
}

/** Whether a feed lists accounts (diffed as a snapshot) rather than tweets (remembered by id). */
export function isUserFeed(id: FeedId): boolean {
  return catalog[feeds[id].endpoint].result.kind === 'userPage';
}
