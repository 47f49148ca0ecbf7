import { endpointSpec } from '@social-data/core';
import { feedIds, feeds, isRemovalFeed } from '@social-data/core/feeds';
import type { FeedId } from '@social-data/core/feeds';
import { communityId, listId, TWEETS_PER_PAGE } from '@social-data/sandbox';
import type { Sandbox } from '@social-data/sandbox';

import { MAX_ITEMS_CEILING, ZAPIER_RESPONSE_LIMIT_BYTES } from '../../src/app/limits';
import { newZap, run } from '../support/app';
import { connectedSandbox, withStepClockStopped } from '../support/sandbox';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { RESPONSE_SIZE_LIMIT } = require('zapier-platform-core/src/constants') as {
  RESPONSE_SIZE_LIMIT: number;
};

let sandbox: Sandbox;
let authData: Record<string, string>;

beforeAll(async () => {
  ({ sandbox, authData } = await connectedSandbox('Limits'));
});
afterAll(() => sandbox.close());

interface ActionOutput {
  records: Array<{ id: string }>;
  count: number;
  next_cursor: string;
  has_next_page: boolean;
  truncated_by: string;
}

describe("Zapier's size limit", () => {
  it('is the one zapier-platform-core enforces', () => {
    expect(ZAPIER_RESPONSE_LIMIT_BYTES).toBe(RESPONSE_SIZE_LIMIT);
  });

  it.each([false, true])(
    'Max Items 50,000 of a 100,000-follower account stays under it, simplify %s, reading no page it drops',
    (simplify) =>
      withStepClockStopped(async () => {
        sandbox.stats.reset();
        const input = { userName: 'followers_100k', maxItems: 50_000, simplify };
        const output = (await run('creates', 'getUserFollowers', authData, input)) as ActionOutput;
        const bytes = Buffer.byteLength(JSON.stringify(output));
        expect(bytes).toBeLessThan(RESPONSE_SIZE_LIMIT);
        expect(bytes).toBeGreaterThan(RESPONSE_SIZE_LIMIT * 0.6);
        expect(output).toMatchObject({ truncated_by: 'size', has_next_page: true });
        expect(output.count).toBe(output.records.length);
        expect(output.count).toBe(sandbox.stats.byEndpoint.getUserFollowers! * 200);

        const rest = (await run('creates', 'getUserFollowers', authData, {
          ...input,
          cursor: output.next_cursor,
          maxItems: 200,
        })) as ActionOutput;
        const ids = new Set(output.records.map((user) => user.id));
        expect(rest.records.filter((user) => ids.has(user.id))).toEqual([]);
      }),
  );

  it('refuses a Max Items above the ceiling, naming it and the way on, before any request', async () => {
    sandbox.stats.reset();
    const error = await run('creates', 'getUserFollowers', authData, {
      userName: 'followers_100k',
      maxItems: MAX_ITEMS_CEILING + 1,
    }).catch((failure: Error) => failure);
    expect(JSON.parse((error as Error).message).message).toMatch(
      /^Max Items: .*Max Items to at most 50000.*Next Cursor/,
    );
    expect(sandbox.stats.requests).toBe(0);
  });
});

const OWNER = 'social_data';
const LIST = listId(0);
const COMMUNITY = communityId(0);
let stranger = 1_700_000;

/**
 * New accounts or tweets in a feed, oldest first; they return the ids in that order. Accounts
 * come from far down the sandbox's generated ones, skipping any the feed already holds.
 */
function burst(
  known: Set<string>,
): Partial<Record<FeedId, { input: object; add: (count: number) => string[] }>> {
  const world = sandbox.world;
  const owner = world.accountByName(OWNER)!;
  const list = world.listByIdString(LIST)!;
  const community = world.communityIndex(COMMUNITY)!;
  const join = (role: Parameters<typeof world.join>[0], group: number) => (count: number) =>
    Array.from({ length: count }, () => {
      do stranger += 1;
      while (known.has(world.user(stranger).id));
      world.join(role, group, stranger);
      return world.user(stranger).id;
    });
  const tweets =
    (author: number, feed: 'tweets' | 'replies' | 'media', inCommunity?: number) => (count: number) =>
      Array.from({ length: count }, () => world.addTweet(author, feed, undefined, inCommunity).id);
  const byName = { userName: OWNER };
  return {
    newTweet: { input: byName, add: tweets(owner, 'tweets') },
    newReply: { input: byName, add: tweets(owner, 'replies') },
    newMediaTweet: { input: byName, add: tweets(owner, 'media') },
    newListTweet: {
      input: { list_id: LIST },
      add: (count) => {
        const [member] = join('listMembers', list)(1);
        return tweets(world.accountById(member!)!, 'tweets')(count);
      },
    },
    newCommunityTweet: { input: { community_id: COMMUNITY }, add: tweets(owner, 'tweets', community) },
    newCommunityMedia: { input: { community_id: COMMUNITY }, add: tweets(owner, 'media', community) },
    newBookmark: {
      input: {},
      add: (count) =>
        tweets(
          owner,
          'replies',
        )(count).map((id) => {
          world.addBookmark(id);
          return id;
        }),
    },
    newForYouTweet: { input: {}, add: tweets(world.accountByName('followers_200')!, 'tweets') },
    newFollower: { input: byName, add: join('followers', owner) },
    newFollowing: { input: byName, add: join('following', owner) },
    newMutualFollower: { input: byName, add: join('mutuals', owner) },
    newListMember: { input: { list_id: LIST }, add: join('listMembers', list) },
    newListSubscriber: { input: { list_id: LIST }, add: join('listSubscribers', list) },
    newMutedAccount: { input: {}, add: join('muted', 0) },
  };
}

describe('a trigger between two polls', () => {
  // Removal triggers have their own test (triggers.lists.sandbox.test.ts).
  it.each(feedIds.filter((id) => !isRemovalFeed(id)))(
    '%s: a burst of three pages is delivered whole, each item once',
    async (key) => {
      // Zapier's dedupe: the ids a Zap has seen, from the first poll on.
      const seen = new Set<string>();
      const { input, add } = burst(seen)[key]!;
      const poll = async () =>
        ((await run('triggers', key, authData, input)) as Array<{ id: string }>).map((record) => record.id);
      for (const id of await poll()) seen.add(id);
      const page = endpointSpec(feeds[key].endpoint).count?.default ?? TWEETS_PER_PAGE;
      const added = add(3 * page);
      const ids = await poll();
      expect(new Set(ids).size).toBe(ids.length);
      const fresh = ids.filter((id) => !seen.has(id));
      expect(fresh.sort()).toEqual([...added].sort());
    },
  );

  it('New Tweet by a User: 30 tweets posted between two polls all reach the Zap (one page lost 10)', async () => {
    const seen = new Set<string>();
    const poll = async () =>
      ((await run('triggers', 'newTweet', authData, { userName: OWNER })) as Array<{ id: string }>).map(
        (tweet) => tweet.id,
      );
    for (const id of await poll()) seen.add(id);
    const added = burst(seen).newTweet!.add(30);
    const fresh = (await poll()).filter((id) => !seen.has(id));
    expect(fresh).toEqual([...added].reverse());
  });
});

describe('a burst larger than one poll reads (issue 37, on Zapier)', () => {
  type Item = { id: string; notice?: string; may_be_missed?: number };
  const figures = new Map<string, object>();
  afterAll(() => {
    for (const [name, figure] of figures) process.stdout.write(`${name}: ${JSON.stringify(figure)}\n`);
  });
  it.each([
    [1_500, 2],
    [5_000, 2],
  ])(
    'New Follower: %i new followers with Max Pages %i reach the Zap over the next polls, each once and none old, or are counted in a notice',
    async (size, maxPages) => {
      const zap = newZap();
      const input = { userName: OWNER, max_pages: String(maxPages) };
      const poll = async () => (await run('triggers', 'newFollower', authData, input, zap)) as Item[];
      // What the Zap's first poll returned is what Zapier's dedupe takes as seen.
      const seen = new Set((await poll()).map((item) => item.id));
      const added = new Set(burst(seen).newFollower!.add(size));
      const returned: string[] = [];
      let counted = 0;
      let polls = 0;
      // A burst is held back until a read proves where it ends, so polls may return nothing
      // before it comes: poll until all of it is accounted for (60 at most), then once more.
      while (returned.length + counted < size && polls < 60) {
        polls += 1;
        for (const item of await poll())
          if (item.notice) counted += item.may_be_missed ?? 0;
          else returned.push(item.id);
      }
      const after = await poll();
      figures.set(`Zapier New Follower, burst of ${size} at Max Pages ${maxPages}`, {
        polls,
        returned: returned.length,
        counted,
      });
      // Exactly once without Zapier's dedupe behind it, nothing old, and nothing silently lost.
      expect(new Set(returned).size).toBe(returned.length);
      expect(returned.filter((id) => !added.has(id))).toEqual([]);
      expect(returned.length + counted).toBe(size);
      expect(after).toEqual([]);
    },
  );
});
