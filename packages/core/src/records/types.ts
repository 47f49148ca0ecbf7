/**
 * Records exactly as the API document names their fields. Identifiers are strings (snowflake
 * ids exceed 2^53); timestamps are strings like `Tue Oct 15 12:34:56 +0000 2024`.
 */

export interface User {
  id: string;
  userName: string;
  name: string;
  screen_name: string;
  description: string;
  location: string;
  url: string;
  created_at: string;
  followers: number;
  following: number;
  favourites_count: number;
  statuses_count: number;
  listed_count: number;
  media_count: number;
  verified: boolean;
  is_blue_verified: boolean;
  profile_image_url: string;
  profile_banner_url: string;
  protected: boolean;
  can_dm: boolean;
}

/** Used in bookmarks, user-media tweets and as a community's admin. */
export interface ShortAuthor {
  id: string;
  userName: string;
  name: string;
  screen_name: string;
}

export interface FullAuthor extends ShortAuthor {
  followers_count: number;
  friends_count: number;
  statuses_count: number;
  favourites_count: number;
  listed_count: number;
  description: string;
  location: string;
  profile_image_url_https: string;
  profile_image_url: string;
  profile_banner_url: string;
  verified: boolean;
  is_blue_verified: boolean;
  created_at: string;
  can_dm: boolean;
}

export type Author = ShortAuthor | FullAuthor;

/**
 * `type` is open: the document shows `photo` and says videos and GIFs occur too. For a video or
 * GIF, `url` is the file itself (MP4, or GIF/MP4 for `animated_gif`); the still and the length
 * are fields the document does not show, so they are optional (docs/decisions.md, B16).
 */
export interface Media {
  type: 'photo' | 'video' | 'animated_gif' | (string & {});
  url: string;
  width: number;
  height: number;
  /** Videos and GIFs: a picture to show in their place. */
  preview_image_url?: string;
  /** Videos: the length in milliseconds. */
  duration_ms?: number;
}

export interface Tweet<A extends Author = FullAuthor> {
  id: string;
  text: string;
  created_at: string;
  author: A;
  likeCount: number;
  retweetCount: number;
  replyCount: number;
  viewCount: number | null;
  isRetweet: boolean;
  isReply: boolean;
  /** Present on some endpoints only; an empty array when a tweet has none. */
  media?: Media[];
}

export interface Community {
  id: string;
  name: string;
  description: string;
  member_count: number;
  created_at: string;
  is_member: boolean;
  admin: ShortAuthor;
  banner_url: string;
}

export interface Topic {
  id: string;
  name: string;
  description: string;
  following: boolean;
  not_interested: boolean;
}

export interface TweetPage<A extends Author = FullAuthor> {
  tweets: Tweet<A>[];
  has_next_page: boolean;
  next_cursor: string;
}

export type UserPageKey = 'following' | 'followers' | 'users' | 'subscribers';

export type UserPage<K extends UserPageKey> = { [P in K]: User[] } & { next_cursor: string };

export interface CreatedList {
  list_id: string;
}
