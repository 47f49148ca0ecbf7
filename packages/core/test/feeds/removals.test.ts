import { pollFeed } from '../../src/feeds/watch';
import { FakeFeed, TweetIds, accountIds } from '../support/fake-feed';
import { USERS, Watch } from '../support/watch';

/** Removal events (decision N23): only removals the engine is sure of, each once. */
const REMOVALS = { ...USERS, removals: true };

/**
 * Every single removal, at every place of every list up to four pages, for both ways a list can
 * end: on its last page of records, or (as the API's and the sandbox's account lists do) on an
 * empty page after a `0|…` cursor. Each is reported once, by the next two polls, with no notice.
 */
describe('one removal anywhere in a list read whole', () => {
  const cases = [2, 3].flatMap((pageSize) =>
    Array.from({ length: 4 * pageSize - 1 }, (_, index) => index + 2).flatMap((length) =>
      [false, true].map((emptyEnd) => [pageSize, length, emptyEnd] as const),
    ),
  );
  it.each(cases)(
    'page size %i, %i accounts, ends on an empty page: %s',
    async (pageSize, length, emptyEnd) => {
      for (let place = 0; place < length; place += 1) {
        const feed = new FakeFeed(pageSize, accountIds(length));
        feed.endsOnEmptyPage = emptyEnd;
        const watch = new Watch(feed, { ...REMOVALS, maxPages: 10 });
        await watch.poll();
        await watch.poll();
        const gone = feed.items[place]!;
        feed.remove(gone);
        await watch.poll();
        await watch.poll();
        await watch.poll();
        expect({ place, removed: watch.removed, uncertain: watch.uncertainPolls }).toEqual({
          place,
          removed: [gone],
          uncertain: 0,
        });
      }
    },
  );
});

describe('removals from an account feed', () => {
  it('reports the 3 accounts that unfollowed (top, middle, last) of 60 once, and the 2 new ones', async () => {
    const feed = new FakeFeed(20, accountIds(60));
    const watch = new Watch(feed, REMOVALS);
    await watch.poll();
    const [top, middle, last] = [feed.items[0]!, feed.items[30]!, feed.items[59]!];
    for (const id of [top, middle, last]) feed.remove(id);
    const joined = accountIds(2);
    feed.add(...joined);
    expect(await watch.poll()).toEqual(joined);
    expect(watch.removed.sort()).toEqual([top, middle, last].sort());
    await watch.poll();
    expect(watch.removed).toHaveLength(3);
    expect(feed.requests).toBe(3 + 3 + 3);
  });

  it('reports nothing removed when an account unfollows and follows again between polls', async () => {
    const feed = new FakeFeed(20, accountIds(60));
    const watch = new Watch(feed, REMOVALS);
    await watch.poll();
    const back = feed.items[42]!;
    feed.remove(back);
    feed.add(back);
    await watch.poll();
    expect(watch.removed).toEqual([]);
  });

  it('reports an account that unfollows, follows again and unfollows again both times', async () => {
    const feed = new FakeFeed(20, accountIds(60));
    const watch = new Watch(feed, REMOVALS);
    await watch.poll();
    const fickle = feed.items[10]!;
    feed.remove(fickle);
    await watch.poll();
    feed.add(fickle);
    expect(await watch.poll()).toEqual([fickle]);
    feed.remove(fickle);
    await watch.poll();
    expect(watch.removed).toEqual([fickle, fickle]);
  });

  it('in a feed larger than the page budget: reports removals near the top, never deep ones it cannot see', async () => {
    // 2,000 followers, 200 a page, 5 requests a poll: 1,000 can be read, so an unfollow at
    // position 1,500 cannot be told from a follower that is still there.
    const feed = new FakeFeed(200, accountIds(2000));
    const watch = new Watch(feed, { ...REMOVALS, maxPages: 5 });
    await watch.poll();
    const near = feed.items[5]!;
    const deep = feed.items[1500]!;
    feed.remove(near);
    feed.remove(deep);
    await watch.poll();
    await watch.poll();
    expect(watch.removed).toEqual([near]);
    expect(watch.emitted).toEqual([]);
  });

  it('without the removals option, still reports only removals the head read passed over', async () => {
    const feed = new FakeFeed(20, accountIds(100));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const top = feed.items[0]!;
    const deep = feed.items[80]!;
    feed.remove(top);
    feed.remove(deep);
    await watch.poll();
    expect(watch.removed).toEqual([top]);
    expect(feed.requests).toBe(5 + 1);
  });

  it('reports no removal while a burst is still being read, and the removal once it is', async () => {
    const feed = new FakeFeed(20, accountIds(40));
    const watch = new Watch(feed, { ...REMOVALS, maxPages: 2 });
    await watch.poll();
    const gone = feed.items[39]!;
    feed.remove(gone);
    const burst = accountIds(100);
    feed.add(...burst);
    for (let poll = 0; poll < 10; poll += 1) await watch.poll();
    expect(new Set(watch.emitted)).toEqual(new Set(burst));
    expect(watch.emitted).toHaveLength(100);
    // 139 followers do not fit in 2 pages: the removal stays unreported rather than guessed.
    expect(watch.removed).toEqual([]);
    feed.items = feed.items.slice(0, 30);
    await watch.poll();
    expect(watch.removed).toContain(gone);
    // The 109 cut now, and the one that left during the burst.
    expect(watch.removed).toHaveLength(110);
  });

  it('a page that fails or stalls reports no removal', async () => {
    const feed = new FakeFeed(20, accountIds(60));
    const watch = new Watch(feed, REMOVALS);
    await watch.poll();
    feed.remove(feed.items[50]!);
    feed.repeatedCursors = 1;
    await watch.poll();
    expect(watch.removed).toEqual([]);
    feed.repeatedCursors = 0;
    await watch.poll();
    expect(watch.removed).toHaveLength(1);
  });

  it('an account removed above a page boundary during a read does not make the one it shifted out of sight a removal', async () => {
    // 60 followers, 20 a page: the first follower leaves between the requests for pages 1 and 2,
    // so the follower that was first on page 2 moves up to page 1, which was already read.
    const feed = new FakeFeed(20, accountIds(60));
    const watch = new Watch(feed, REMOVALS);
    await watch.poll();
    const [early, crossing] = [feed.items[0]!, feed.items[20]!];
    feed.changeAt.set(feed.requests + 2, () => feed.remove(early));
    await watch.poll();
    expect(watch.removed).toEqual([]);
    // The page above the boundary was read once more, and found it.
    expect(feed.requests).toBe(3 + 3 + 1);
    await watch.poll();
    expect(watch.removed).toEqual([early]);
    expect(feed.items).toContain(crossing);
    feed.remove(crossing);
    await watch.poll();
    expect(watch.removed).toEqual([early, crossing]);
    expect(watch.emitted).toEqual([]);
  });

  // Model counterexample {"page":5,"maxPages":5,"removals":true,"filtered":true}: arrive 4,
  // return at 5, leaveMidRead at 0. The account back on top holds the top of page 1 and says
  // nothing of where the one that crossed the boundary was.
  it('leaveMidRead after a re-follow on top: the follower that crossed the page boundary is no removal', async () => {
    const feed = new FakeFeed(5, accountIds(25));
    const watch = new Watch(feed, { ...REMOVALS, maxPages: 5 });
    await watch.poll();
    const [newest, second] = [feed.items[0]!, feed.items[1]!];
    const joined = accountIds(4);
    feed.add(...joined);
    feed.add(second);
    // `second` is on top, `newest` the first of page 2; `second` leaves after page 1 is read.
    feed.changeAt.set(feed.requests + 2, () => feed.remove(second));
    expect(new Set(await watch.poll())).toEqual(new Set([second, ...joined]));
    expect(watch.removed).toEqual([]);
    await watch.poll();
    expect(watch.removed).toEqual([second]);
    expect(feed.items).toContain(newest);
  });

  // Model counterexample {"page":10,"maxPages":5,"removals":false,"filtered":true}: poll,
  // leave at 9, arrive 9, rejoin at 12, leaveMidRead at 5.
  it('leaveMidRead below an account that came back: the newest known follower, shifted out of both pages, is no removal', async () => {
    const feed = new FakeFeed(10, accountIds(50));
    const watch = new Watch(feed, { ...USERS, maxPages: 5 });
    await watch.poll();
    const newest = feed.items[0]!;
    const fickle = feed.items[9]!;
    feed.remove(fickle);
    const joined = accountIds(9);
    feed.add(...joined);
    feed.add(fickle);
    const leaving = feed.items[5]!;
    feed.changeAt.set(feed.requests + 2, () => feed.remove(leaving));
    await watch.poll();
    expect(watch.removed).toEqual([]);
    await watch.poll();
    expect(watch.removed).toEqual([leaving]);
    expect(feed.items).toContain(newest);
  });

  it('leaveMidRead: a known follower back on top, pushed to the first of page 2 by 5 new ones, is no removal', async () => {
    const feed = new FakeFeed(5, accountIds(25));
    const watch = new Watch(feed, { ...REMOVALS, maxPages: 5 });
    await watch.poll();
    const back = feed.items[19]!;
    feed.add(back);
    const joined = accountIds(5);
    feed.add(...joined);
    // `back` is first on page 2; the newest follower leaves after page 1 is read.
    feed.changeAt.set(feed.requests + 2, () => feed.remove(joined[0]!));
    await watch.poll();
    expect(watch.removed).toEqual([]);
    await watch.poll();
    expect(watch.removed).toEqual([joined[0]]);
    expect(feed.items).toContain(back);
  });

  it('tweet feeds report no removals (a deleted tweet is not an event)', async () => {
    const ids = new TweetIds();
    const feed = new FakeFeed(20, ids.take(50));
    const options = { key: 'k', order: 'time' as const, maxPages: 10, removals: true };
    const first = await pollFeed(feed.read, undefined, options);
    feed.remove(feed.items[3]!);
    const second = await pollFeed(feed.read, first.state, options);
    expect(second.removed).toEqual([]);
  });
});
