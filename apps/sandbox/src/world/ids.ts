/**
 * Snowflake-like ids above 2^53 that encode what they name, so a lookup by id needs no index:
 * accounts are BASE + index; tweets pack (author, feed, position) into the bits under TWEET_BASE.
 */
const ACCOUNT_BASE = 1_400_000_000_000_000_000n;
const TWEET_BASE = 1_800_000_000_000_000_000n;
const LIST_BASE = 1_500_000_000_000_000_000n;
const COMMUNITY_BASE = 1_600_000_000_000_000_000n;
const TOPIC_BASE = 1_700_000_000_000_000_000n;

export type TweetFeed = 'tweets' | 'replies' | 'media';
const FEEDS: TweetFeed[] = ['tweets', 'replies', 'media'];

/** A synthetic tweet: the position-th newest of one author's feed. */
export interface TweetKey {
  author: number;
  feed: TweetFeed;
  position: number;
}

/** Seconds since 2006 sit in the high bits, so, like real snowflakes, a newer tweet has a larger id. */
const EPOCH_SECONDS = 1_136_073_600;
const LOW_BITS = 24n;

export function packTweetId(createdSeconds: number, author: number, feed: TweetFeed): string {
  const time = BigInt(createdSeconds - EPOCH_SECONDS);
  return (TWEET_BASE + (time << LOW_BITS) + BigInt(author * 4 + FEEDS.indexOf(feed))).toString();
}

export function unpackTweetId(
  id: string,
): { createdSeconds: number; author: number; feed: TweetFeed } | undefined {
  const value = offset(id, TWEET_BASE, 1n << 62n);
  if (value === undefined) return undefined;
  const low = Number(value & ((1n << LOW_BITS) - 1n));
  const feed = FEEDS[low % 4];
  return feed
    ? { createdSeconds: Number(value >> LOW_BITS) + EPOCH_SECONDS, author: Math.floor(low / 4), feed }
    : undefined;
}

export const accountId = (index: number): string => (ACCOUNT_BASE + BigInt(index)).toString();
export const listId = (index: number): string => (LIST_BASE + BigInt(index)).toString();
export const communityId = (index: number): string => (COMMUNITY_BASE + BigInt(index)).toString();
export const topicId = (index: number): string => (TOPIC_BASE + BigInt(index)).toString();

function offset(id: string, base: bigint, limit: bigint): bigint | undefined {
  if (!/^\d{1,20}$/.test(id)) return undefined;
  const value = BigInt(id) - base;
  return value >= 0n && value < limit ? value : undefined;
}

export function indexOfId(kind: 'account' | 'list' | 'community' | 'topic', id: string): number | undefined {
  const base = { account: ACCOUNT_BASE, list: LIST_BASE, community: COMMUNITY_BASE, topic: TOPIC_BASE }[kind];
  const value = offset(id, base, 1n << 40n);
  return value === undefined ? undefined : Number(value);
}
