import {
  feedIds,
  feeds,
  isRemovalFeed,
  isUserFeed,
  newestRecord,
  takesManyAccounts,
  watchKey,
  watchOf,
} from '../../src/feeds';
import { MAX_SEEN } from '../../src/feeds/state';
import { pollFeed } from '../../src/feeds/watch';
import type { TimeState } from '../../src/feeds';
import { FakeFeed, TweetIds, accountIds } from '../support/fake-feed';
import { TWEETS, USERS, Watch } from '../support/watch';

function expectNoDuplicates(ids: string[]): void {
  expect(ids.length).toBe(new Set(ids).size);
}

describe('the feed catalog', () => {
  it('has the eighteen trigger events, each on a paginated endpoint', () => {
    expect(feedIds).toHaveLength(18);
    expect(feedIds.filter(isUserFeed)).toEqual([
      'newFollower',
      'newFollowing',
      'newMutualFollower',
      'newListMember',
      'newListSubscriber',
      'newMutedAccount',
      'unfollowedBy',
      'stoppedFollowing',
      'leftList',
      'unmutedAccount',
    ]);
    const byPosition = feedIds.filter((id) => feeds[id].order === 'position');
    expect(byPosition).toEqual(['newBookmark', 'newForYouTweet', ...feedIds.filter(isUserFeed)]);
  });

  it('has a removal event for every account feed a user asks about, and many accounts for tweets and replies', () => {
    expect(feedIds.filter(isRemovalFeed).map((id) => [id, feeds[id].endpoint])).toEqual([
      ['unfollowedBy', 'getUserFollowers'],
      ['stoppedFollowing', 'getUserFollowing'],
      ['leftList', 'getListMembers'],
      ['unmutedAccount', 'getMutedAccounts'],
    ]);
    expect(feedIds.filter(takesManyAccounts)).toEqual(['newTweet', 'newReply']);
  });

  it('keys a watch by feed and parameters, whatever their order', () => {
    expect(watchKey('newFollower', { a: '1', b: '2' })).toBe(watchKey('newFollower', { b: '2', a: '1' }));
    expect(watchKey('newFollower', { userName: 'a' })).not.toBe(watchKey('newFollower', { userName: 'b' }));
    expect(watchKey('newFollower', { userName: 'a' })).not.toBe(watchKey('newFollowing', { userName: 'a' }));
  });

  it('reads back the feed and inputs of every feed key, and nothing from a key it cannot read', () => {
    for (const feed of feedIds) {
      const params = { list_id: '12', session: 'work', userName: 'Jack' };
      // The key keeps a screen name in lower case: one account, however it was typed.
      expect(watchOf(watchKey(feed, params))).toEqual({ feed, params: { ...params, userName: 'jack' } });
    }
    for (const key of [
      '',
      'newFollower',
      ':[]',
      'newFollower:{}',
      'newFollower:[["a"]]',
      'newFollower:nope',
      'newFollower:[[1,2]]',
    ])
      expect(watchOf(key)).toBeUndefined();
  });
});

describe('a tweet feed', () => {
  const ids = new TweetIds();

  it('records the first page on the first poll and reports nothing', async () => {
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, TWEETS);
    expect(await watch.poll()).toEqual([]);
    expect(feed.requests).toBe(1);
    expect(await watch.poll()).toEqual([]);
  });

  it.each([0, 1, 25, 250])(
    'reports exactly the %i tweets posted between polls, newest first',
    async (count) => {
      const feed = new FakeFeed(20, ids.take(300));
      const watch = new Watch(feed, TWEETS);
      await watch.poll();
      const posted = ids.take(count);
      feed.add(...posted);
      expect(await watch.drain()).toEqual(posted);
    },
  );

  it('reads more than one page in one poll, and leaves a backlog past its page budget', async () => {
    const feed = new FakeFeed(20, ids.take(300));
    const watch = new Watch(feed, { ...TWEETS, maxPages: 5 });
    await watch.poll();
    const first = ids.take(70);
    feed.add(...first);
    expect(await watch.poll()).toEqual(first);

    const burst = ids.take(130);
    feed.add(...burst);
    const firstPoll = await watch.poll();
    expect(firstPoll).toEqual(burst.slice(0, 100));
    expect(watch.notes.join()).toContain('the rest follow in the next poll');
    const during = ids.take(7);
    feed.add(...during);
    const secondPoll = await watch.poll();
    expect(secondPoll).toEqual([...during, ...burst.slice(100)]);
    expect(await watch.poll()).toEqual([]);
  });

  it('reports a tweet that arrives late among older ones once', async () => {
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, TWEETS);
    await watch.poll();
    const [newest] = ids.take(1);
    feed.add(newest!);
    const late = String(BigInt(feed.items[5]!) + 1n);
    feed.insertById(late);
    expect(await watch.poll()).toEqual([newest, late]);
    expect(await watch.poll()).toEqual([]);
    feed.add(...ids.take(3));
    expect(await watch.poll()).toHaveLength(3);
  });

  it('never reports a tweet older than the first page it saw', async () => {
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, TWEETS);
    await watch.poll();
    feed.insertById(String(BigInt(feed.items[60]!) + 1n));
    feed.remove(feed.items[0]!);
    expect(await watch.poll()).toEqual([]);
  });

  it('keeps its state when a poll fails, and reports everything on the next one', async () => {
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, TWEETS);
    await watch.poll();
    const before = ids.take(30);
    feed.add(...before);
    const stored = JSON.stringify(watch.state);
    feed.failures = 1;
    await expect(watch.poll()).rejects.toThrow('socket hang up');
    expect(JSON.stringify(watch.state)).toBe(stored);
    const after = ids.take(2);
    feed.add(...after);
    expect(await watch.poll()).toEqual([...after, ...before]);
  });

  it('starts over when the feed or its parameters change, and when the state is not its own', async () => {
    const feed = new FakeFeed(20, ids.take(50));
    const watch = new Watch(feed, TWEETS);
    await watch.poll();
    feed.add(...ids.take(4));
    const other = await pollFeed(feed.read, watch.state, { ...TWEETS, key: 'newTweet:b' });
    expect(other.records).toEqual([]);
    for (const junk of [null, 'x', { v: 2 }, { v: 1, key: TWEETS.key, seen: 'no', complete: true }]) {
      expect((await pollFeed(feed.read, junk, TWEETS)).records).toEqual([]);
    }
  });

  it('drops a backlog whose cursor the API refuses, with a note, instead of failing every poll', async () => {
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, { ...TWEETS, maxPages: 2 });
    await watch.poll();
    feed.add(...ids.take(60));
    expect(await watch.poll()).toHaveLength(40);
    feed.refuseCursors = true;
    expect(await watch.poll()).toEqual([]);
    expect(watch.notes.join()).toContain('refused the saved cursor');
    feed.refuseCursors = false;
    const next = ids.take(1);
    feed.add(...next);
    expect(await watch.poll()).toEqual(next);
  });

  it.each([3500, 5000])(
    'works off a burst of %i tweets, more than it remembers, exactly once',
    async (count) => {
      const feed = new FakeFeed(20, ids.take(100));
      const watch = new Watch(feed, TWEETS);
      await watch.poll();
      const burst = ids.take(count);
      feed.add(...burst);
      const reported = await watch.drain();
      expectNoDuplicates(reported);
      expect(reported.length).toBe(count);
      expect(new Set(reported)).toEqual(new Set(burst));
    },
  );

  it('looks past empty pages that claim more, on activation and in a manual run', async () => {
    const feed = new FakeFeed(20, ids.take(50));
    feed.emptyPagesFirst = 2;
    expect(await newestRecord(feed.read)).toEqual({ id: feed.items[0] });
    const watch = new Watch(feed, TWEETS);
    expect(await watch.poll()).toEqual([]);
    expect((watch.state as TimeState).seen).toHaveLength(20);
    expect(await watch.poll()).toEqual([]);
    const posted = ids.take(2);
    feed.add(...posted);
    expect(await watch.poll()).toEqual(posted);
  });

  it('starts the watch at the next poll when the feed answers only empty pages', async () => {
    const feed = new FakeFeed(20, ids.take(50));
    feed.emptyPagesFirst = 50;
    const first = await pollFeed(feed.read, undefined, TWEETS);
    expect(first.state).toBeUndefined();
    expect(first.notes.join()).toContain('only empty pages');
    expect(feed.requests).toBe(TWEETS.maxPages);
  });

  it('stays within a few thousand ids however long it runs', async () => {
    const feed = new FakeFeed(100, ids.take(100));
    const watch = new Watch(feed, TWEETS);
    await watch.poll();
    for (let poll = 0; poll < 60; poll += 1) {
      feed.add(...ids.take(100));
      feed.items.length = 1000;
      expect(await watch.poll()).toHaveLength(100);
    }
    const state = watch.state as { seen: string[] };
    expect(state.seen.length).toBe(MAX_SEEN);
    expect(JSON.stringify(state).length).toBeLessThan(80_000);
    expectNoDuplicates(watch.emitted);
  });
});

describe('a follower feed', () => {
  it.each([0, 1, 25, 250])('reports exactly the %i accounts that followed between polls', async (count) => {
    const feed = new FakeFeed(200, accountIds(3000));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    // The first poll remembers the top 1,000 accounts, so removals of the newest cannot hide it.
    expect(feed.requests).toBe(5);
    const joined = accountIds(count);
    feed.add(...joined);
    expect(await watch.poll()).toEqual(joined);
    expect(await watch.poll()).toEqual([]);
    expect(feed.requests - 5).toBeLessThanOrEqual(Math.ceil((count + 5) / 200) + 1);
  });

  it('reports a re-follow again once a poll has seen the unfollow', async () => {
    const feed = new FakeFeed(200, accountIds(500));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const [leaver] = feed.items.slice(3, 4);
    feed.remove(leaver!);
    expect(await watch.poll()).toEqual([]);
    feed.add(leaver!);
    expect(await watch.poll()).toEqual([leaver]);
    expect(await watch.poll()).toEqual([]);
  });

  it('reports a re-follow of an account from deep in the feed, which no poll remembered', async () => {
    const feed = new FakeFeed(200, accountIds(1000));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const deep = feed.items[700]!;
    feed.remove(deep);
    feed.add(deep);
    expect(await watch.poll()).toEqual([deep]);
  });

  it('does not take accounts that moved up after unfollows for new followers', async () => {
    const feed = new FakeFeed(200, accountIds(1000));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    for (const id of feed.items.slice(0, 30)) feed.remove(id);
    expect(await watch.poll()).toEqual([]);
    const joined = accountIds(2);
    feed.add(...joined);
    expect(await watch.poll()).toEqual(joined);
  });

  it('takes a feed that answers empty for an emptied one only after three polls, then reports who joins', async () => {
    const feed = new FakeFeed(200, accountIds(3));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    for (const id of [...feed.items]) feed.remove(id);
    // An empty answer may be a suspended account or a glitch: nothing is decided, and it says so.
    expect(await watch.poll()).toEqual([]);
    expect(watch.removed).toEqual([]);
    expect(watch.notes.at(-1)).toContain(
      'answered an empty list and none of the 3 items the trigger remembers',
    );
    expect(await watch.poll()).toEqual([]);
    expect(await watch.poll()).toEqual([]);
    expect(watch.notes.at(-1)).toContain(
      'starts over from the empty list it answers now and reports none of them: up to 0 new items may be missed',
    );
    const joined = accountIds(2);
    feed.add(...joined);
    expect(await watch.poll()).toEqual(joined);
  });

  it('watching removals, counts the accounts of a list that stays empty as removals that may be missed', async () => {
    const feed = new FakeFeed(200, accountIds(3));
    feed.endsOnEmptyPage = true;
    const watch = new Watch(feed, { ...USERS, removals: true });
    await watch.poll();
    for (const id of [...feed.items]) feed.remove(id);
    for (let poll = 0; poll < 3; poll += 1) expect(await watch.poll()).toEqual([]);
    expect(watch.removed).toEqual([]);
    expect(watch.notes.at(-1)).toContain('reports no removal: up to 3 removals may be missed');
    expect(watch.missed).toBe(3);
  });

  it('reports everything when the feed was empty at the start', async () => {
    const feed = new FakeFeed(200, []);
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const joined = accountIds(250);
    feed.add(...joined);
    expect(await watch.poll()).toEqual(joined);
  });

  it('works a burst larger than its page budget off over several polls, holding it back until proven', async () => {
    const feed = new FakeFeed(200, accountIds(3000));
    const watch = new Watch(feed, { ...USERS, maxPages: 3 });
    await watch.poll();
    const burst = accountIds(1500);
    feed.add(...burst);
    // Nothing proves yet that these 1,000 (3 pages, then the gap's own 3: its last page again and
    // two more) came on top of what it knew (had every remembered account left, they would be old
    // ones): they wait, and it says how many.
    expect(await watch.poll()).toEqual([]);
    expect(watch.notes.join()).toContain('1,000 items of it so far, held back');
    const more = accountIds(10);
    feed.add(...more);
    // Above the burst already read, arrivals are new for certain: they come out at once.
    expect((await watch.poll()).slice(0, 10)).toEqual(more);
    await watch.drain();
    expect(new Set(watch.emitted)).toEqual(new Set([...more, ...burst]));
    expectNoDuplicates(watch.emitted);
    expect(feed.lookups).toBeGreaterThan(0);
  });

  it('reports nothing when the newest accounts it remembers unfollow, however many of a page leave', async () => {
    const feed = new FakeFeed(20, accountIds(300));
    const watch = new Watch(feed, { ...USERS, maxPages: 2 });
    await watch.poll();
    for (const id of feed.items.slice(0, 20)) feed.remove(id);
    expect(await watch.poll()).toEqual([]);
    expect(watch.notes).toEqual([]);
  });

  it('reports none of the old accounts as new when every account it remembers is gone, and counts them', async () => {
    const feed = new FakeFeed(20, accountIds(300));
    const watch = new Watch(feed, { ...USERS, maxPages: 2 });
    await watch.poll();
    for (const id of feed.items.slice(0, 100)) feed.remove(id);
    // The 200 left look like a burst on top: they are held back, read on to the end of the feed,
    // and never reported, since nothing proves them new; the note counts them.
    await watch.drain();
    expect(watch.emitted).toEqual([]);
    expect(watch.notes.join()).toContain('could be new or old, and are not reported');
    expect(watch.missed).toBeGreaterThanOrEqual(200);
  });

  it('keeps its state when a poll fails', async () => {
    const feed = new FakeFeed(200, accountIds(500));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const joined = accountIds(5);
    feed.add(...joined);
    feed.failures = 1;
    await expect(watch.poll()).rejects.toThrow();
    expect(await watch.poll()).toEqual(joined);
  });
});

describe('a manual test run', () => {
  it('gives the newest item and changes nothing', async () => {
    const feed = new FakeFeed(20, new TweetIds().take(30));
    expect(await newestRecord(feed.read)).toEqual({ id: feed.items[0] });
    expect(await newestRecord(new FakeFeed(20, []).read)).toBeUndefined();
  });
});
