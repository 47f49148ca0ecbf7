import { mediaPath, videoDurationMs } from '../media/paths';
import type { Community, FullAuthor, Media, ShortAuthor, Topic, Tweet, User } from '@social-data/core';
import { accountId, baseCount, userName, WELL_KNOWN } from './accounts';
import type { TweetKey } from './ids';
import { communityId, packTweetId, topicId, unpackTweetId } from './ids';
import { between, pick, TAG, unit } from './random';
import { ANCHOR_MS, formatTimestamp } from './timestamps';
import { BIOS, CITIES, EMOJI, OPENERS, TOPICS } from './words';

/** Live feed sizes of an account (base plus run-time changes), for its counters. */
export interface AccountCounters {
  followers: number;
  following: number;
}

const DAY_MS = 86_400_000;

function displayName(seed: number, index: number): string {
  const known = WELL_KNOWN[index];
  if (known) return known.name;
  const handle = userName(seed, index);
  const [first = '', last = ''] = handle.replace(/\d+$/, '').split('_');
  return `${first.charAt(0).toUpperCase()}${first.slice(1)} ${last.charAt(0).toUpperCase()}${last.slice(1)}`;
}

function accountCreated(seed: number, index: number): string {
  return formatTimestamp(ANCHOR_MS - between(seed, TAG.created, 30, 5000, index) * DAY_MS);
}

function profileImage(seed: number, index: number): string {
  return unit(seed, TAG.url, index) < 0.15
    ? ''
    : `https://pbs.sandbox.test/profile_images/${accountId(index)}/photo.jpg`;
}

export function user(seed: number, index: number, counters: AccountCounters): User {
  const name = userName(seed, index);
  return {
    id: accountId(index),
    userName: name,
    name: displayName(seed, index),
    screen_name: name,
    description: pick(BIOS, seed, TAG.bio, index),
    location: pick(CITIES, seed, TAG.location, index),
    url: unit(seed, TAG.url, index, 1) < 0.5 ? '' : `https://${name.replace(/_/g, '')}.example`,
    created_at: accountCreated(seed, index),
    followers: counters.followers,
    following: counters.following,
    favourites_count: between(seed, TAG.counts, 0, 9000, index, 7),
    statuses_count:
      baseCount(seed, index, 'tweets') + baseCount(seed, index, 'replies') + baseCount(seed, index, 'media'),
    listed_count: between(seed, TAG.counts, 0, 40, index, 8),
    media_count: baseCount(seed, index, 'media'),
    verified: index === 1,
    is_blue_verified: unit(seed, TAG.flags, index) < 0.3,
    profile_image_url: profileImage(seed, index),
    profile_banner_url:
      unit(seed, TAG.flags, index, 1) < 0.5 ? '' : `https://pbs.sandbox.test/banners/${accountId(index)}`,
    protected: false,
    can_dm: unit(seed, TAG.flags, index, 2) < 0.6,
  };
}

export function shortAuthor(seed: number, index: number): ShortAuthor {
  const name = userName(seed, index);
  return { id: accountId(index), userName: name, name: displayName(seed, index), screen_name: name };
}

export function fullAuthor(seed: number, index: number, counters: AccountCounters): FullAuthor {
  const profile = user(seed, index, counters);
  return {
    ...shortAuthor(seed, index),
    followers_count: profile.followers,
    friends_count: profile.following,
    statuses_count: profile.statuses_count,
    favourites_count: profile.favourites_count,
    listed_count: profile.listed_count,
    description: profile.description,
    location: profile.location,
    profile_image_url_https: profile.profile_image_url,
    profile_image_url: profile.profile_image_url.replace(/^https:/, 'http:'),
    profile_banner_url: profile.profile_banner_url,
    verified: profile.verified,
    is_blue_verified: profile.is_blue_verified,
    created_at: unit(seed, TAG.created, index, 1) < 0.1 ? '' : profile.created_at,
    can_dm: profile.can_dm,
  };
}

const MEDIA_TYPES = ['photo', 'photo', 'video', 'animated_gif'] as const;
const SIZES = [
  [1200, 800],
  [1080, 1080],
  [1920, 1080],
  [640, 360],
] as const;

function mediaItems(seed: number, key: TweetKey, id: string, mediaOrigin: string): Media[] {
  const wanted =
    key.feed === 'media'
      ? between(seed, TAG.media, 1, 4, key.author, key.position)
      : unit(seed, TAG.media, key.author, key.position) < 0.2
        ? 1
        : 0;
  return Array.from({ length: wanted }, (_, index) => {
    const kind =
      key.feed === 'media' ? pick(MEDIA_TYPES, seed, TAG.media, key.author, key.position, index) : 'photo';
    const [width, height] = pick(SIZES, seed, TAG.media, key.author, key.position, index, 1);
    const address = { tweetId: id, index, width, height };
    const item: Media = {
      type: kind,
      url: `${mediaOrigin}${mediaPath({ kind, ...address })}`,
      width,
      height,
    };
    // Videos and GIFs carry a still to show in their place (docs/decisions.md, S11); videos their length.
    if (kind !== 'photo')
      item.preview_image_url = `${mediaOrigin}${mediaPath({ kind: 'photo', ...address })}`;
    if (kind === 'video') item.duration_ms = videoDurationMs(id, index);
    return item;
  });
}

function text(seed: number, key: TweetKey): string {
  const { author, position } = key;
  const opener = pick(OPENERS, seed, TAG.text, author, position);
  const subject = pick(TOPICS, seed, TAG.text, author, position, 1);
  const emoji = pick(EMOJI, seed, TAG.text, author, position, 2);
  const mention = `@${userName(seed, (author + position + 1) % WELL_KNOWN.length)}`;
  const shapes = [
    `${opener} ${subject} ${emoji}`,
    `${opener} ${subject}.\n\nMore here: https://example.com/posts/${position}`,
    `${mention} ${opener.toLowerCase()} ${subject}? ${emoji}${emoji}`,
    `${opener} ${subject}\n- one\n- two\n- three ✅`,
  ];
  return key.feed === 'replies'
    ? `${mention} ${pick(shapes, seed, TAG.text, author, position, 3)}`
    : pick(shapes, seed, TAG.text, author, position, 3);
}

export interface TweetOptions {
  author: FullAuthor | ShortAuthor;
  /** Whether the endpoint shows `media` (absent in the For You and bookmarks examples). */
  withMedia: boolean;
  /** The media host's origin, where every media item's `url` points. */
  mediaOrigin: string;
}

/** Each author posts at a steady pace of their own, the newest tweet a little before the anchor. */
function pace(seed: number, author: number) {
  return {
    gapSeconds: between(seed, TAG.gap, 20, 600, author) * 60,
    leadSeconds: between(seed, TAG.gap, 0, 3 * 86_400, author, 1),
  };
}

/** Feeds of one author are offset by a few seconds so their tweets never share a second (and an id). */
const FEED_LAG_SECONDS = { tweets: 0, replies: 7, media: 13 } as const;

function tweetCreatedSeconds(seed: number, key: TweetKey): number {
  const { gapSeconds, leadSeconds } = pace(seed, key.author);
  return ANCHOR_MS / 1000 - leadSeconds - key.position * gapSeconds - FEED_LAG_SECONDS[key.feed];
}

/** The synthetic tweet an id names, if its time falls on its author's pace. */
export function tweetKeyOf(seed: number, id: string): TweetKey | undefined {
  const parts = unpackTweetId(id);
  if (!parts) return undefined;
  const { gapSeconds, leadSeconds } = pace(seed, parts.author);
  const position =
    (ANCHOR_MS / 1000 - leadSeconds - FEED_LAG_SECONDS[parts.feed] - parts.createdSeconds) / gapSeconds;
  return Number.isInteger(position) && position >= 0
    ? { author: parts.author, feed: parts.feed, position }
    : undefined;
}

export function tweet(
  seed: number,
  key: TweetKey,
  options: TweetOptions,
  createdSeconds = tweetCreatedSeconds(seed, key),
): Tweet<FullAuthor | ShortAuthor> {
  const id = packTweetId(createdSeconds, key.author, key.feed);
  const views = unit(seed, TAG.views, key.author, key.position);
  const record: Tweet<FullAuthor | ShortAuthor> = {
    id,
    text: text(seed, key),
    created_at: formatTimestamp(createdSeconds * 1000),
    author: options.author,
    likeCount: between(seed, TAG.likes, 0, 5000, key.author, key.position),
    retweetCount: between(seed, TAG.likes, 0, 800, key.author, key.position, 1),
    replyCount: between(seed, TAG.likes, 0, 300, key.author, key.position, 2),
    viewCount: views < 0.1 ? null : Math.floor(views * 250_000),
    isRetweet: key.feed === 'tweets' && unit(seed, TAG.flags, key.author, key.position) < 0.05,
    isReply: key.feed === 'replies',
  };
  if (options.withMedia) record.media = mediaItems(seed, key, id, options.mediaOrigin);
  return record;
}

export const COMMUNITIES = [
  {
    name: 'Automation Builders',
    description: 'People who automate everything with no-code tools.',
    members: 1234,
  },
  { name: 'Space Nerds', description: 'Rockets, telescopes and the night sky.', members: 56 },
] as const;

export function community(seed: number, index: number, admin: ShortAuthor): Community {
  const spec = COMMUNITIES[index]!;
  return {
    id: communityId(index),
    name: spec.name,
    description: spec.description,
    member_count: spec.members,
    created_at: formatTimestamp(ANCHOR_MS - between(seed, TAG.created, 100, 900, index, 9) * DAY_MS),
    is_member: index === 0,
    admin,
    banner_url: `https://pbs.sandbox.test/community_banner_img/${communityId(index)}.jpg`,
  };
}

export const TOPICS_SEEDED = [
  { name: 'Automation', description: 'Workflows, bots and everything that runs by itself.', following: true },
  { name: 'Space', description: 'Rockets and stars.', following: false },
  { name: 'Coffee', description: 'The fuel of automation.', following: false },
] as const;

export function topic(index: number): Topic {
  const spec = TOPICS_SEEDED[index]!;
  return {
    id: topicId(index),
    name: spec.name,
    description: spec.description,
    following: spec.following,
    not_interested: index === 2,
  };
}
