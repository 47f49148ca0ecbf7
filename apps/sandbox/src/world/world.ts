import type { Community, FullAuthor, ShortAuthor, Topic, Tweet, User } from '@social-data/core';
import { accountByName, accountExists, baseCount, OWNER, WELL_KNOWN } from './accounts';
import type { TweetFeed, TweetKey } from './ids';
import { indexOfId, listId } from './ids';
import { group } from './membership';
import type { GroupRole } from './membership';
import {
  community,
  COMMUNITIES,
  fullAuthor,
  shortAuthor,
  topic,
  TOPICS_SEEDED,
  tweet,
  tweetKeyOf,
  user,
} from './records';
import type { AccountCounters } from './records';
import { generated, mapped, newestFirst, prepended, withHidden } from './sequence';
import type { Sequence } from './sequence';

type AnyTweet = Tweet<FullAuthor | ShortAuthor>;

interface GroupEdits {
  /** Accounts added at run time, newest first. */
  added: number[];
  removed: Set<number>;
}

interface AddedTweet {
  key: TweetKey;
  text: string;
  /** Unique across added tweets, so their ids are too. */
  createdSeconds: number;
  community?: number | undefined;
}

interface ListInfo {
  name: string;
  description: string;
  isPrivate: boolean;
  members: number;
  subscribers: number;
}

export const SEEDED_LISTS: readonly ListInfo[] = [
  {
    name: 'Sandbox Builders',
    description: 'Accounts that build with the API.',
    isPrivate: false,
    members: 25,
    subscribers: 199,
  },
  {
    name: 'Big Automation List',
    description: 'A thousand automation people.',
    isPrivate: false,
    members: 1000,
    subscribers: 201,
  },
];
const FIRST_CREATED_LIST = 100;
/** Positions of run-time tweets (they only seed their counters) start here, above any synthetic feed. */
const ADDED_POSITION_BASE = 1 << 23;
const BASE_BOOKMARKS = 75;
const BASE_FOR_YOU = 300;
const BASE_MUTED = 37;
const COMMUNITY_TWEETS = 120;
const COMMUNITY_MEDIA = 60;
const LIST_TWEETS_PER_MEMBER = 10;
const LIST_TWEETS_MAX = 200;

/**
 * The synthetic social network: records are computed from (seed, id, position) on demand; only
 * what the control API and list creation add at run time is kept in memory.
 */
export class World {
  private readonly groupEdits = new Map<string, GroupEdits>();
  private readonly addedTweets: AddedTweet[] = [];
  private readonly addedById = new Map<string, AddedTweet>();
  private readonly addedBookmarks: string[] = [];
  private readonly createdLists = new Map<number, ListInfo>();
  private nextAddedPosition = ADDED_POSITION_BASE;
  private lastAddedSeconds = 0;
  listsCreated = 0;

  constructor(readonly seed: number) {}

  // Accounts -------------------------------------------------------------------------------

  accountByName(name: string): number | undefined {
    return accountByName(this.seed, name);
  }

  accountById(id: string): number | undefined {
    const index = indexOfId('account', id);
    return index !== undefined && accountExists(index) ? index : undefined;
  }

  counters(index: number): AccountCounters {
    return {
      followers: this.userGroup('followers', index).length,
      following: this.userGroup('following', index).length,
    };
  }

  user(index: number): User {
    return user(this.seed, index, this.counters(index));
  }

  // User feeds -----------------------------------------------------------------------------

  followers(account: number): Sequence<User> {
    return this.users(this.userGroup('followers', account));
  }

  following(account: number): Sequence<User> {
    return this.users(this.userGroup('following', account));
  }

  mutuals(account: number): Sequence<User> {
    return this.users(this.userGroup('mutuals', account));
  }

  listMembers(list: number): Sequence<User> {
    return this.users(this.userGroup('listMembers', list));
  }

  listSubscribers(list: number): Sequence<User> {
    return this.users(this.userGroup('listSubscribers', list));
  }

  muted(): Sequence<User> {
    return this.users(this.userGroup('muted', OWNER));
  }

  // Tweet feeds ----------------------------------------------------------------------------

  accountTweets(
    account: number,
    feed: TweetFeed,
    withMedia = true,
    authorForm: 'full' | 'short' = 'full',
  ): Sequence<AnyTweet> {
    const base = baseCount(this.seed, account, feed);
    const author =
      authorForm === 'full'
        ? fullAuthor(this.seed, account, this.counters(account))
        : shortAuthor(this.seed, account);
    const added = this.addedTweets.filter((t) => t.key.author === account && t.key.feed === feed);
    return prepended(
      added.map((t) => this.materialize(t, { author, withMedia })),
      generated(base, (position) =>
        tweet(this.seed, { author: account, feed, position }, { author, withMedia }),
      ),
    );
  }

  listTweets(list: number): Sequence<AnyTweet> {
    const members = this.baseGroupLength('listMembers', list);
    const base = group(this.seed, 'listMembers', list, members);
    const current = this.userGroup('listMembers', list);
    const added = this.addedTweets.filter(
      (t) => t.key.feed === 'tweets' && this.contains(current, t.key.author),
    );
    const length = Math.min(LIST_TWEETS_MAX, members * LIST_TWEETS_PER_MEMBER);
    return prepended(
      added.map((t) => this.materialize(t, { author: this.fullAuthor(t.key.author), withMedia: true })),
      newestFirst(
        generated(length, (k) =>
          this.tweetOf(
            { author: base.at(k % members), feed: 'tweets', position: Math.floor(k / members) },
            'full',
            true,
          ),
        ),
      ),
    );
  }

  communityTweets(index: number, feed: 'tweets' | 'media'): Sequence<AnyTweet> {
    const members = group(this.seed, 'communityMembers', index, COMMUNITIES[index]!.members);
    const added = this.addedTweets.filter((t) => t.community === index && t.key.feed === feed);
    return prepended(
      added.map((t) => this.materialize(t, { author: this.fullAuthor(t.key.author), withMedia: true })),
      newestFirst(
        generated(feed === 'tweets' ? COMMUNITY_TWEETS : COMMUNITY_MEDIA, (k) =>
          this.tweetOf({ author: members.at(k), feed, position: 0 }, 'full', true),
        ),
      ),
    );
  }

  bookmarks(): Sequence<AnyTweet> {
    const members = group(this.seed, 'bookmarks', OWNER, BASE_BOOKMARKS);
    const added = this.addedBookmarks.flatMap((id) => {
      const found = this.lookupTweet(id);
      return found
        ? [{ ...withoutMedia(found), author: shortAuthor(this.seed, this.accountById(found.author.id)!) }]
        : [];
    });
    return prepended(
      added,
      generated(BASE_BOOKMARKS, (k) =>
        this.tweetOf({ author: members.at(k), feed: 'tweets', position: 1 }, 'short', false),
      ),
    );
  }

  forYou(): Sequence<AnyTweet> {
    const members = group(this.seed, 'forYou', OWNER, BASE_FOR_YOU);
    const added = this.addedTweets.filter((t) => t.key.feed === 'tweets');
    return prepended(
      added.map((t) => this.materialize(t, { author: this.fullAuthor(t.key.author), withMedia: false })),
      generated(BASE_FOR_YOU, (k) =>
        this.tweetOf({ author: members.at(k), feed: 'tweets', position: 2 }, 'full', false),
      ),
    );
  }

  // Lookups ----------------------------------------------------------------------------------

  lookupTweet(id: string): AnyTweet | undefined {
    const added = this.addedById.get(id);
    if (added) return this.materialize(added, { author: this.fullAuthor(added.key.author), withMedia: true });
    const key = tweetKeyOf(this.seed, id);
    if (!key || !accountExists(key.author) || key.position >= baseCount(this.seed, key.author, key.feed))
      return undefined;
    return this.tweetOf(key, 'full', true);
  }

  listExists(index: number): boolean {
    return index < SEEDED_LISTS.length || this.createdLists.has(index);
  }

  /** What a list was seeded or created with, for tests that check what a client sent. */
  listInfo(index: number): ListInfo | undefined {
    return SEEDED_LISTS[index] ?? this.createdLists.get(index);
  }

  listByIdString(id: string): number | undefined {
    const index = indexOfId('list', id);
    return index !== undefined && this.listExists(index) ? index : undefined;
  }

  community(id: string): Community | undefined {
    const index = indexOfId('community', id);
    if (index === undefined || index >= COMMUNITIES.length) return undefined;
    return community(
      this.seed,
      index,
      shortAuthor(this.seed, group(this.seed, 'communityMembers', index, 1).at(0)),
    );
  }

  communityIndex(id: string): number | undefined {
    const index = indexOfId('community', id);
    return index !== undefined && index < COMMUNITIES.length ? index : undefined;
  }

  topic(id: string): Topic | undefined {
    const index = indexOfId('topic', id);
    return index !== undefined && index < TOPICS_SEEDED.length ? topic(index) : undefined;
  }

  // Changes ----------------------------------------------------------------------------------

  createList(name: string, description: string, isPrivate: boolean): string {
    const index = FIRST_CREATED_LIST + this.createdLists.size;
    this.createdLists.set(index, { name, description, isPrivate, members: 0, subscribers: 0 });
    this.listsCreated += 1;
    return listId(index);
  }

  addTweet(author: number, feed: TweetFeed, text: string | undefined, communityIndex?: number): AnyTweet {
    const key = { author, feed, position: this.nextAddedPosition++ };
    this.lastAddedSeconds = Math.max(Math.floor(Date.now() / 1000), this.lastAddedSeconds + 1);
    const added: AddedTweet = {
      key,
      text:
        text ?? `New ${feed === 'replies' ? 'reply' : 'tweet'} #${key.position - ADDED_POSITION_BASE + 1} ✨`,
      createdSeconds: this.lastAddedSeconds,
      community: communityIndex,
    };
    const record = this.materialize(added, { author: this.fullAuthor(author), withMedia: true });
    this.addedTweets.unshift(added);
    this.addedById.set(record.id, added);
    return record;
  }

  addBookmark(id: string): void {
    this.addedBookmarks.unshift(id);
  }

  /** Adds an account to a group (a new follower, list member, mutual, muted account); a re-add moves it to the top. */
  join(role: GroupRole, owner: number, account: number): void {
    const edits = this.edits(role, owner);
    edits.removed.delete(account);
    edits.added = [account, ...edits.added.filter((a) => a !== account)];
  }

  leave(role: GroupRole, owner: number, account: number): void {
    const edits = this.edits(role, owner);
    edits.added = edits.added.filter((a) => a !== account);
    edits.removed.add(account);
  }

  // Internals --------------------------------------------------------------------------------

  private edits(role: GroupRole, owner: number): GroupEdits {
    const key = `${role}:${owner}`;
    let edits = this.groupEdits.get(key);
    if (!edits) {
      edits = { added: [], removed: new Set() };
      this.groupEdits.set(key, edits);
    }
    return edits;
  }

  private baseGroupLength(role: GroupRole, owner: number): number {
    switch (role) {
      case 'followers':
      case 'following':
        return baseCount(this.seed, owner, role);
      case 'mutuals':
        return Math.min(baseCount(this.seed, owner, 'mutuals'), baseCount(this.seed, owner, 'followers'));
      case 'listMembers':
        return SEEDED_LISTS[owner]?.members ?? this.createdLists.get(owner)?.members ?? 0;
      case 'listSubscribers':
        return SEEDED_LISTS[owner]?.subscribers ?? this.createdLists.get(owner)?.subscribers ?? 0;
      case 'muted':
        return BASE_MUTED;
      default:
        return 0;
    }
  }

  /** Account indexes of a group, base order with run-time changes applied. */
  private userGroup(role: GroupRole, owner: number): Sequence<number> {
    const base = group(this.seed, role, owner, this.baseGroupLength(role, owner));
    const edits = this.groupEdits.get(`${role}:${owner}`);
    const source = Object.assign(generated(base.length, base.at), { at: base.at });
    if (!edits) return source;
    const hidden = [...edits.removed, ...edits.added]
      .map((account) => base.positionOf(account))
      .filter((p): p is number => p !== undefined)
      .sort((a, b) => a - b);
    const added = edits.added.filter((a) => !edits.removed.has(a));
    return prepended(added, withHidden(source, [...new Set(hidden)]));
  }

  private contains(members: Sequence<number>, account: number): boolean {
    return members.slice(0, members.length).includes(account);
  }

  private users(accounts: Sequence<number>): Sequence<User> {
    return mapped(accounts, (index) => this.user(index));
  }

  private fullAuthor(index: number): FullAuthor {
    return fullAuthor(this.seed, index, this.counters(index));
  }

  private tweetOf(key: TweetKey, form: 'full' | 'short', withMedia: boolean): AnyTweet {
    const author = form === 'full' ? this.fullAuthor(key.author) : shortAuthor(this.seed, key.author);
    return tweet(this.seed, key, { author, withMedia });
  }

  private materialize(
    added: AddedTweet,
    options: { author: FullAuthor | ShortAuthor; withMedia: boolean },
  ): AnyTweet {
    return { ...tweet(this.seed, added.key, options, added.createdSeconds), text: added.text };
  }
}

function withoutMedia(record: AnyTweet): AnyTweet {
  const { media: _media, ...rest } = record;
  return rest;
}

export { OWNER, WELL_KNOWN };
