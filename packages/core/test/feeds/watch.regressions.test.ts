import { watchKey } from '../../src/feeds';
import { MAX_PENDING, MAX_POSITION_IDS, knownIdCount } from '../../src/feeds/state';
import type { WatchState } from '../../src/feeds';
import { FakeFeed, TweetIds, accountIds } from '../support/fake-feed';
import { TWEETS, USERS, Watch, workLeft } from '../support/watch';

/**
 * The cases issue 23 found, each with its figures: what the trigger did then, and what it must do.
 */

function expectOnce(ids: string[]): void {
  expect(ids.length).toBe(new Set(ids).size);
}

async function settle(watch: Watch, polls = 200): Promise<void> {
  for (let poll = 0; poll < polls; poll += 1) {
    await watch.poll();
    if (!workLeft(watch.state)) return;
  }
  throw new Error('the watch never settled');
}

describe('1. one known item back on top no longer hides the burst below it', () => {
  it.each([
    ['followers', 200, 250],
    ['followers', 200, 199],
    ['mutual followers', 20, 25],
    ['bookmarks', 20, 20],
    ['the smallest case', 20, 19],
  ])('%s, %i a page: all %i new items and the returning one', async (_, page, count) => {
    const feed = new FakeFeed(page, accountIds(1000));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const joined = accountIds(count);
    feed.add(...joined);
    const back = feed.items[count + 7]!;
    feed.add(back);
    await watch.poll();
    await settle(watch);
    // Was 0 of 250 (and 0 of 199, 25, 20, 19): the page holding the returning item ended the read.
    expect(new Set(watch.emitted)).toEqual(new Set([back, ...joined]));
    expectOnce(watch.emitted);
  });
});

describe('2. a backlog of an account feed no longer forgets what it read', () => {
  it('reports a burst of 5,000 followers as 5,000, not 5,199', async () => {
    const feed = new FakeFeed(200, accountIds(199));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const burst = accountIds(5000);
    feed.add(...burst);
    await settle(watch);
    expect(watch.emitted).toHaveLength(5000);
    expect(new Set(watch.emitted)).toEqual(new Set(burst));
  });

  it('reports a 3,000 burst and 1,900 more during its backlog as 4,900, not 5,799', async () => {
    const feed = new FakeFeed(200, accountIds(199));
    // 5 pages for the head and 5 for the gap: the burst outlasts its first poll.
    const watch = new Watch(feed, { ...USERS, maxPages: 5 });
    await watch.poll();
    const first = accountIds(3000);
    feed.add(...first);
    await watch.poll();
    expect(workLeft(watch.state)).toBe(true);
    const more = accountIds(1900);
    feed.add(...more);
    await settle(watch);
    expect(watch.emitted).toHaveLength(4900);
    expect(new Set(watch.emitted)).toEqual(new Set([...first, ...more]));
  });
});

describe('3. a backlog is read even when the top of the feed is busy', () => {
  it.each([
    [201, 181],
    [300, 185],
    [400, 190],
  ])('a burst of %i, then %i new tweets a poll', async (burst, perPoll) => {
    const ids = new TweetIds();
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, TWEETS);
    await watch.poll();
    const posted = ids.take(burst);
    feed.add(...posted);
    for (let poll = 0; poll < 110; poll += 1) {
      await watch.poll();
      const next = ids.take(perPoll);
      posted.push(...next);
      feed.add(...next);
    }
    await settle(watch);
    expectOnce(watch.emitted);
    const missed = posted.filter((id) => !watch.emitted.includes(id));
    // Was 101, 600 and 1,390 lost without a word. Offset cursors shift down by every tweet on
    // top, so the oldest part of the burst can be out of reach of a 10-request poll: it is then
    // named in a warning by its ids, never dropped silently.
    expect(missed.length).toBeLessThan(burst - 180);
    if (missed.length > 0) {
      const warning = watch.notes.find((note) => note.startsWith('Gave up reading a burst'));
      expect(warning).toBeDefined();
      const [low, high] = /between (\d+) and (\d+)/.exec(warning!)!.slice(1).map(BigInt);
      for (const id of missed) {
        expect(BigInt(id)).toBeGreaterThan(low!);
        expect(BigInt(id)).toBeLessThan(high!);
      }
    }
  });
});

describe('4. one bad page is not the end of the feed', () => {
  it.each([
    ['an empty page among 450 new followers (was 0 of 450)', 'followers', 'emptyAt', 450],
    ['a repeated cursor among 100 new tweets (was 60 of 100)', 'tweets', 'repeatAt', 100],
    ['a repeated cursor among 450 new followers', 'followers', 'repeatAt', 450],
  ] as const)('%s: every item once', async (_, kind, fault, count) => {
    const tweetIds = new TweetIds();
    const fresh = (n: number) => (kind === 'tweets' ? tweetIds.take(n) : accountIds(n));
    const feed = new FakeFeed(kind === 'tweets' ? 20 : 200, fresh(1000));
    const watch = new Watch(feed, kind === 'tweets' ? TWEETS : USERS);
    await watch.poll();
    const added = fresh(count);
    feed.add(...added);
    feed[fault].add(feed.requests + 2);
    await watch.poll();
    await settle(watch);
    expect(new Set(watch.emitted)).toEqual(new Set(added));
    expectOnce(watch.emitted);
    expect(watch.notes.join()).not.toContain('None of the remembered');
  });
});

describe('5. the smaller cases', () => {
  it('tweets deleted above a backlog cursor no longer take as many unread tweets with them', async () => {
    const ids = new TweetIds();
    const feed = new FakeFeed(20, ids.take(100));
    const watch = new Watch(feed, { ...TWEETS, maxPages: 5 });
    await watch.poll();
    const posted = ids.take(300);
    feed.add(...posted);
    await watch.poll();
    expect(workLeft(watch.state)).toBe(true);
    const deleted = feed.items.slice(20, 35);
    for (const id of deleted) feed.remove(id);
    await settle(watch);
    const kept = posted.filter((id) => !deleted.includes(id));
    expect(kept.filter((id) => !watch.emitted.includes(id))).toEqual([]);
    expectOnce(watch.emitted);
  });

  it('keys a watch by the account whatever the case of its name', () => {
    expect(watchKey('newFollower', { userName: 'followers_1k' })).toBe(
      watchKey('newFollower', { userName: 'Followers_1K' }),
    );
  });

  it('reports nothing when the 200 newest of 100,000 followers leave (was 99,200 over 56 polls)', async () => {
    const feed = new FakeFeed(200, accountIds(100_000));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    for (const id of feed.items.slice(0, 200)) feed.remove(id);
    for (let poll = 0; poll < 5; poll += 1) await watch.poll();
    expect(watch.emitted).toEqual([]);
    expect(watch.uncertainPolls).toBe(0);
  });

  it(`remembers at most ${MAX_POSITION_IDS} ids of a position feed and holds back ${MAX_PENDING}, however big the bursts`, async () => {
    const feed = new FakeFeed(200, accountIds(1000));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    let largest = 0;
    for (let round = 0; round < 6; round += 1) {
      feed.add(...accountIds(3000));
      for (let poll = 0; poll < 3; poll += 1) {
        await watch.poll();
        largest = Math.max(largest, knownIdCount(watch.state as WatchState));
      }
    }
    await settle(watch);
    expect(largest).toBeLessThanOrEqual(MAX_POSITION_IDS + MAX_PENDING);
    expect(watch.emitted).toHaveLength(18_000);
    expectOnce(watch.emitted);
  });
});

describe('found by the extended model (issue 24)', () => {
  it('an item a gap read reports without finding its place is remembered, and nothing above it is reported again', async () => {
    // 5 a page, 1 request a poll: 7 followers, 7 more, one of the first back on top, one gone, 8 more.
    const feed = new FakeFeed(5, accountIds(25));
    const watch = new Watch(feed, { ...USERS, maxPages: 1 });
    await watch.poll();
    const first = accountIds(7);
    feed.add(...first);
    await watch.poll();
    const second = accountIds(7);
    feed.add(...second);
    const back = feed.items[8]!;
    feed.add(back);
    feed.remove(feed.items[10]!);
    const third = accountIds(8);
    feed.add(...third);
    for (let poll = 0; poll < 15; poll += 1) await watch.poll();
    // Was 5 reported twice: the first burst's reported items came out again after a warning.
    // The one back on top is a follow of its own, reported again.
    expectOnce(watch.emitted.filter((id) => id !== back));
    expect(new Set(watch.emitted)).toEqual(new Set([...first, ...second, ...third]));
  });
});

describe('found by the model in a CI run under load (seed -1062434481)', () => {
  it('a gap that cannot confirm its place is not read again forever: the burst below a re-follow comes out', async () => {
    // 5 a page, 3 requests a poll, removals watched: 6 followers during a bad page, two of them
    // gone, 8 more, one of the two back, 6 more, the other back.
    const feed = new FakeFeed(5, accountIds(25));
    const watch = new Watch(feed, { ...USERS, maxPages: 3, removals: true });
    await watch.poll();
    const first = accountIds(6);
    feed.add(...first);
    feed.emptyPages = 1;
    await watch.poll();
    feed.emptyPages = 0;
    const [left, other] = [feed.items[1]!, feed.items[2]!];
    feed.remove(left);
    feed.remove(other);
    const second = accountIds(8);
    feed.add(...second);
    feed.add(other);
    const third = accountIds(6);
    feed.add(...third);
    feed.add(left);
    // Was never settled: each poll read both gaps again, placed nothing and began its count of
    // tries over, and the 8 of the second burst were never reported.
    await settle(watch);
    expect(watch.emitted).toEqual(expect.arrayContaining([...first, ...second, ...third]));
    expectOnce(watch.emitted.filter((id) => id !== left && id !== other));
  });
});
