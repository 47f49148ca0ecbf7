import type { Community, FullAuthor, ShortAuthor, Topic, Tweet, User } from '../../src';

/** Records shaped exactly as the API document names their fields. */

export function user(n: number): User {
  return {
    id: `1${String(n).padStart(18, '0')}`,
    userName: `user_${n}`,
    name: `User ${n}`,
    screen_name: `user_${n}`,
    description: n % 2 ? `Bio of ${n}` : '',
    location: '',
    url: '',
    created_at: 'Tue Oct 15 12:34:56 +0000 2024',
    followers: n * 10,
    following: n,
    favourites_count: 3,
    statuses_count: 4,
    listed_count: 0,
    media_count: 1,
    verified: false,
    is_blue_verified: n % 3 === 0,
    profile_image_url: '',
    profile_banner_url: '',
    protected: false,
    can_dm: true,
  };
}

export function shortAuthor(n: number): ShortAuthor {
  return { id: user(n).id, userName: `user_${n}`, name: `User ${n}`, screen_name: `user_${n}` };
}

export function fullAuthor(n: number): FullAuthor {
  return {
    ...shortAuthor(n),
    followers_count: 10,
    friends_count: 2,
    statuses_count: 5,
    favourites_count: 1,
    listed_count: 0,
    description: '',
    location: 'Earth',
    profile_image_url_https: 'https://pbs.example/a.jpg',
    profile_image_url: 'http://pbs.example/a.jpg',
    profile_banner_url: '',
    verified: false,
    is_blue_verified: true,
    created_at: 'Mon Jan 01 00:00:00 +0000 2018',
    can_dm: false,
  };
}

export function tweet(
  n: number,
  author: FullAuthor | ShortAuthor = fullAuthor(1),
): Tweet<FullAuthor | ShortAuthor> {
  return {
    id: `18${String(n).padStart(17, '0')}`,
    text: `Tweet ${n}\nwith a line break 🎉 https://example.com @user_2`,
    created_at: 'Wed Oct 16 08:00:00 +0000 2024',
    author,
    likeCount: n,
    retweetCount: 0,
    replyCount: 1,
    viewCount: n % 2 ? null : 100,
    isRetweet: false,
    isReply: false,
    media: [{ type: 'photo', url: `https://pbs.example/media/${n}.jpg`, width: 1200, height: 800 }],
  };
}

export function community(): Community {
  return {
    id: '1500000000000000001',
    name: 'Builders',
    description: 'People who build',
    member_count: 1234,
    created_at: 'Thu Mar 02 10:00:00 +0000 2023',
    is_member: true,
    admin: shortAuthor(7),
    banner_url: 'https://pbs.example/banner.jpg',
  };
}

export function topic(): Topic {
  return {
    id: '1600000000000000001',
    name: 'Space',
    description: 'Rockets and stars',
    following: false,
    not_interested: false,
  };
}

export function ok<D>(data: D, extra: Record<string, unknown> = {}) {
  return { status: 'success', msg: 'success', data, ...extra };
}

export function users(from: number, count: number): User[] {
  return Array.from({ length: count }, (_, i) => user(from + i));
}

export function tweets(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => tweet(from + i));
}
