import { endpointIds } from '@social-data/core';
import type { EndpointId } from '@social-data/core';
import { communityId, listId, topicId } from '../../src';
import { useSandbox } from '../support';

/**
 * Every catalog endpoint, called through the core client over loopback, checked field by field
 * against the API document. The shapes below are written from the document, not from the code.
 */
const TIMESTAMP =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2} \d{2}:\d{2}:\d{2} \+0000 \d{4}$/;

type Kind = 'string' | 'integer' | 'boolean' | 'timestamp' | 'id' | 'integer|null' | 'timestamp|empty';
const USER: Record<string, Kind> = {
  id: 'id',
  userName: 'string',
  name: 'string',
  screen_name: 'string',
  description: 'string',
  location: 'string',
  url: 'string',
  created_at: 'timestamp',
  followers: 'integer',
  following: 'integer',
  favourites_count: 'integer',
  statuses_count: 'integer',
  listed_count: 'integer',
  media_count: 'integer',
  verified: 'boolean',
  is_blue_verified: 'boolean',
  profile_image_url: 'string',
  profile_banner_url: 'string',
  protected: 'boolean',
  can_dm: 'boolean',
};
const SHORT_AUTHOR: Record<string, Kind> = {
  id: 'id',
  userName: 'string',
  name: 'string',
  screen_name: 'string',
};
const FULL_AUTHOR: Record<string, Kind> = {
  ...SHORT_AUTHOR,
  followers_count: 'integer',
  friends_count: 'integer',
  statuses_count: 'integer',
  favourites_count: 'integer',
  listed_count: 'integer',
  description: 'string',
  location: 'string',
  profile_image_url_https: 'string',
  profile_image_url: 'string',
  profile_banner_url: 'string',
  verified: 'boolean',
  is_blue_verified: 'boolean',
  created_at: 'timestamp|empty',
  can_dm: 'boolean',
};
const TWEET: Record<string, Kind> = {
  id: 'id',
  text: 'string',
  created_at: 'timestamp',
  likeCount: 'integer',
  retweetCount: 'integer',
  replyCount: 'integer',
  viewCount: 'integer|null',
  isRetweet: 'boolean',
  isReply: 'boolean',
};
const MEDIA: Record<string, Kind> = { type: 'string', url: 'string', width: 'integer', height: 'integer' };
/** Beyond the document's four fields (docs/decisions.md, S11): a still for videos and GIFs, a length for videos. */
const MEDIA_EXTRA: Record<string, Record<string, Kind>> = {
  photo: {},
  animated_gif: { preview_image_url: 'string' },
  video: { preview_image_url: 'string', duration_ms: 'integer' },
};
const COMMUNITY: Record<string, Kind> = {
  id: 'id',
  name: 'string',
  description: 'string',
  member_count: 'integer',
  created_at: 'timestamp',
  is_member: 'boolean',
  banner_url: 'string',
};
const TOPIC: Record<string, Kind> = {
  id: 'id',
  name: 'string',
  description: 'string',
  following: 'boolean',
  not_interested: 'boolean',
};

function matches(value: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value);
    case 'timestamp|empty':
      return value === '' || (typeof value === 'string' && TIMESTAMP.test(value));
    case 'id':
      return typeof value === 'string' && /^\d+$/.test(value) && BigInt(value) > 2n ** 53n;
    case 'integer|null':
      return value === null || Number.isInteger(value);
  }
}

function expectShape(record: unknown, shape: Record<string, Kind>, extra: string[] = []): void {
  const object = record as Record<string, unknown>;
  expect(Object.keys(object).sort()).toEqual([...Object.keys(shape), ...extra].sort());
  for (const [field, kind] of Object.entries(shape))
    expect([field, matches(object[field], kind)]).toEqual([field, true]);
}

type Form = { author: 'full' | 'short'; media: boolean };
function expectTweet(record: unknown, form: Form): void {
  const tweet = record as Record<string, unknown>;
  expectShape(tweet, TWEET, form.media ? ['author', 'media'] : ['author']);
  expectShape(tweet.author, form.author === 'full' ? FULL_AUTHOR : SHORT_AUTHOR);
  if (!form.media) return;
  for (const item of tweet.media as Record<string, unknown>[]) {
    expect(Object.keys(MEDIA_EXTRA)).toContain(item.type);
    expectShape(item, { ...MEDIA, ...MEDIA_EXTRA[String(item.type)] });
  }
}

function expectTweetPage(page: unknown, form: Form, extra: string[] = []): void {
  const data = page as Record<string, unknown>;
  expect(Object.keys(data).sort()).toEqual(['has_next_page', 'next_cursor', 'tweets', ...extra].sort());
  expect(typeof data.has_next_page).toBe('boolean');
  expect(typeof data.next_cursor).toBe('string');
  expect((data.tweets as unknown[]).length).toBeGreaterThan(0);
  for (const tweet of data.tweets as unknown[]) expectTweet(tweet, form);
}

function expectUserPage(page: unknown, key: string): void {
  const data = page as Record<string, unknown>;
  expect(Object.keys(data).sort()).toEqual([key, 'next_cursor'].sort());
  expect(data.next_cursor).toMatch(/^\d+\|\d+$/);
  expect((data[key] as unknown[]).length).toBeGreaterThan(0);
  for (const user of data[key] as unknown[]) expectShape(user, USER);
}

const env = useSandbox();

describe('every catalog endpoint answers with the documented shape', () => {
  const full = { author: 'full', media: true } as const;
  const checks: Record<EndpointId, () => Promise<void>> = {
    getUser: async () => expectShape(await env.client().call('getUser', { userName: 'social_data' }), USER),
    getUserWithSession: async () =>
      expectShape(
        await env.client().call('getUserWithSession', { userName: 'https://x.com/social_data' }),
        USER,
      ),
    getUserTweets: async () =>
      expectTweetPage(await env.client().call('getUserTweets', { userName: 'social_data' }), full),
    getUserReplies: async () => {
      const page = await env.client().call('getUserReplies', { userName: 'social_data', count: 5 });
      expectTweetPage(page, full);
      expect(page.tweets.every((t) => t.isReply)).toBe(true);
    },
    getUserFollowing: async () =>
      expectUserPage(await env.client().call('getUserFollowing', { userName: 'social_data' }), 'following'),
    getUserFollowers: async () =>
      expectUserPage(
        await env.client().call('getUserFollowers', { userName: 'social_data', count: 7 }),
        'followers',
      ),
    getUserFollowersYouKnow: async () =>
      expectUserPage(
        await env.client().call('getUserFollowersYouKnow', { userName: 'social_data' }),
        'users',
      ),
    lookupTweets: async () => {
      const page = await env.client().call('getUserTweets', { userName: 'social_data' });
      const ids = page.tweets.slice(0, 3).map((t) => t.id);
      const found = await env.client().call('lookupTweets', { tweet_ids: [...ids].reverse() });
      expect(found.map((t) => t.id)).toEqual([...ids].reverse());
      for (const tweet of found) expectTweet(tweet, full);
    },
    getUsersByIds: async () => {
      const page = await env.client().call('getUserFollowers', { userName: 'social_data', count: 3 });
      const ids = page.followers.map((u) => u.id);
      const found = await env.client().call('getUsersByIds', { userIds: ids.join('\n') });
      expect(found.map((u) => u.id)).toEqual(ids);
      for (const user of found) expectShape(user, USER);
    },
    getListSubscribers: async () =>
      expectUserPage(await env.client().call('getListSubscribers', { list_id: listId(0) }), 'subscribers'),
    getListMembers: async () =>
      expectUserPage(
        await env.client().call('getListMembers', { list_id: `https://x.com/i/lists/${listId(0)}` }),
        'users',
      ),
    getListTweets: async () =>
      expectTweetPage(await env.client().call('getListTweets', { list_id: listId(0) }), full),
    getUserMedia: async () => {
      const page = await env.client().call('getUserMedia', { userName: 'social_data', count: 100 });
      expectTweetPage(page, { author: 'short', media: true });
      expect(page.tweets.every((t) => (t.media ?? []).length > 0)).toBe(true);
      expect(new Set(page.tweets.flatMap((t) => t.media ?? []).map((m) => m.type))).toEqual(
        new Set(['photo', 'video', 'animated_gif']),
      );
    },
    getCommunityTweets: async () =>
      expectTweetPage(await env.client().call('getCommunityTweets', { community_id: communityId(0) }), full),
    getCommunityMedia: async () => {
      const page = await env.client().call('getCommunityMedia', { community_id: communityId(0) });
      expectTweetPage(page, full);
      expect(page.tweets.every((t) => (t.media ?? []).length > 0)).toBe(true);
    },
    getCommunity: async () => {
      const community = await env.client().call('getCommunity', { community_id: communityId(0) });
      expectShape(community, COMMUNITY, ['admin']);
      expectShape(community.admin, SHORT_AUTHOR);
    },
    getTopic: async () => expectShape(await env.client().call('getTopic', { topic_id: topicId(1) }), TOPIC),
    getForYouTimeline: async () => {
      const page = await env.client().call('getForYouTimeline', {});
      expectTweetPage(page, { author: 'full', media: false }, ['source']);
      expect(page.source).toBe('for_you');
    },
    getBookmarks: async () =>
      expectTweetPage(await env.client().call('getBookmarks', { count: 10 }), {
        author: 'short',
        media: false,
      }),
    getMutedAccounts: async () => expectUserPage(await env.client().call('getMutedAccounts', {}), 'users'),
    createList: async () => {
      const created = await env.client().call('createList', { name: 'Contract list', is_private: true });
      expect(Object.keys(created)).toEqual(['list_id']);
      expect(created.list_id).toMatch(/^\d+$/);
      const members = await env.client().call('getListMembers', { list_id: created.list_id });
      expect(members).toEqual({ users: [], next_cursor: expect.stringMatching(/^0\|\d+$/) });
    },
  };

  it('has a check for each of the 21 endpoints', () => {
    expect(Object.keys(checks).sort()).toEqual([...endpointIds].sort());
  });

  it.each(Object.entries(checks))('%s', async (_id, check) => {
    await check();
  });
});

describe('page wrappers and cursors', () => {
  it('tweet pages carry has_next_page and an opaque next_cursor, and the last page says false', async () => {
    const pages = [];
    for await (const page of env.client().paginate('getUserTweets', { userName: 'social_data' }).pages())
      pages.push(page);
    expect(pages.map((p) => [p.records.length, p.has_next_page])).toEqual([
      [20, true],
      [20, true],
      [5, false],
    ]);
  });

  it.each([
    ['followers_199', 199, 2],
    ['followers_200', 200, 2],
    ['followers_201', 201, 3],
    ['no_followers', 0, 1],
    ['one_follower', 1, 2],
  ])('%s pages into exactly %i unique followers in %i requests', async (userName, count, requests) => {
    const run = env.client().paginate('getUserFollowers', { userName });
    const ids = (await run.toArray()).map((u) => u.id);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(run.pagesFetched).toBe(requests);
  });

  it('ends user pages with a "0|…" cursor that answers an empty page', async () => {
    const last = await env.client().call('getUserFollowers', { userName: 'followers_199' });
    expect(last.next_cursor).toMatch(/^0\|\d+$/);
    const after = await env
      .client()
      .call('getUserFollowers', { userName: 'followers_199', cursor: last.next_cursor });
    expect(after.followers).toEqual([]);
  });

  it('pages through the 100,000-follower account into exactly 100,000 unique users', async () => {
    const seen = new Set<string>();
    const run = env.client().paginate('getUserFollowers', { userName: 'followers_100k' });
    for await (const user of run) seen.add(user.id);
    expect(seen.size).toBe(100_000);
    expect(run.pagesFetched).toBe(501);
    expect(run.stopReason).toBe('end');
    // 100,000 generated users take about 10 s of CPU on a quiet machine and several times that on
    // a busy one; this limit only catches a hang (bench/ measures speed).
  }, 900_000);

  it('is deterministic: the same seed gives the same records', async () => {
    const a = await env.client().call('getUserFollowers', { userName: 'followers_1k', count: 50 });
    const b = await env.client().call('getUserFollowers', { userName: 'followers_1k', count: 50 });
    expect(a).toEqual(b);
  });

  it('rejects a cursor it did not issue', async () => {
    await expect(
      env.client().call('getUserFollowers', { userName: 'followers_1k', cursor: '5|5' }),
    ).rejects.toMatchObject({ name: 'ValidationError', status: 400 });
  });
});
