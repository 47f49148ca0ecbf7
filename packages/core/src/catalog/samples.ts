import type { Community, Topic, Tweet, User } from '../records/types';
import type { RecordKind } from './types';
import type { EndpointId } from './endpoints';
import { endpointSpec, recordKindOf } from './queries';
import { tweetsCarryMedia } from './media';

/**
 * One record of each kind, shaped exactly as the API document describes them: what a host shows
 * before a step has run (Zapier's samples) and derives its output fields from.
 */
const user: User = {
  id: '1400000000000000001',
  userName: 'social_data',
  name: 'Social Data Demo',
  screen_name: 'social_data',
  description: 'Public data for your workflows.',
  location: 'Internet',
  url: 'https://example.com',
  created_at: 'Tue Oct 15 12:34:56 +0000 2024',
  followers: 1234,
  following: 321,
  favourites_count: 50,
  statuses_count: 900,
  listed_count: 12,
  media_count: 40,
  verified: false,
  is_blue_verified: true,
  profile_image_url: 'https://pbs.example/profile/1.jpg',
  profile_banner_url: 'https://pbs.example/banner/1.jpg',
  protected: false,
  can_dm: true,
};

const tweet: Tweet = {
  id: '1800000000000000001',
  text: 'Shipping the new release today 🚀',
  created_at: 'Wed Oct 16 08:00:00 +0000 2024',
  author: {
    id: user.id,
    userName: user.userName,
    name: user.name,
    screen_name: user.screen_name,
    followers_count: user.followers,
    friends_count: user.following,
    statuses_count: user.statuses_count,
    favourites_count: user.favourites_count,
    listed_count: user.listed_count,
    description: user.description,
    location: user.location,
    profile_image_url_https: user.profile_image_url,
    profile_image_url: user.profile_image_url,
    profile_banner_url: user.profile_banner_url,
    verified: false,
    is_blue_verified: true,
    created_at: user.created_at,
    can_dm: true,
  },
  likeCount: 42,
  retweetCount: 7,
  replyCount: 3,
  viewCount: 1500,
  isRetweet: false,
  isReply: false,
  media: [
    // Output fields come from the first item: a video, since videos and GIFs carry a still and videos
    // a length beyond a photo's fields (docs/decisions.md, B16).
    {
      type: 'video',
      url: 'https://video.example/ext_tw_video/1.mp4',
      width: 1280,
      height: 720,
      preview_image_url: 'https://pbs.example/media/1_preview.jpg',
      duration_ms: 12500,
    },
    { type: 'photo', url: 'https://pbs.example/media/1.jpg', width: 1200, height: 800 },
  ],
};

const community: Community = {
  id: '1600000000000000000',
  name: 'Builders',
  description: 'People who ship.',
  member_count: 5400,
  created_at: 'Mon Jan 08 10:00:00 +0000 2024',
  is_member: true,
  admin: { id: user.id, userName: user.userName, name: user.name, screen_name: user.screen_name },
  banner_url: 'https://pbs.example/banner/community.jpg',
};

const topic: Topic = {
  id: '1700000000000000000',
  name: 'Open source',
  description: 'Software anyone can use and improve.',
  following: true,
  not_interested: false,
};

export const recordSamples: Readonly<Record<RecordKind, object>> = { user, tweet, community, topic };

/**
 * The sample record of an endpoint, as that endpoint sends it: tweets with the short author
 * where the catalog says so, and without `media` where the endpoint sends none.
 */
export function sampleRecord(id: EndpointId): Record<string, unknown> {
  const kind = recordKindOf(id) ?? 'user';
  if (kind !== 'tweet') return { ...recordSamples[kind] };
  const { author, media, ...rest } = tweet;
  const result = endpointSpec(id).result;
  const short = result.kind === 'tweetPage' && result.author === 'short';
  return {
    ...rest,
    author: short
      ? { id: author.id, userName: author.userName, name: author.name, screen_name: author.screen_name }
      : author,
    ...(tweetsCarryMedia(id) ? { media } : {}),
  };
}
