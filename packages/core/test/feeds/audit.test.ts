import { noticeOf } from '../../src/feeds/notice';
import { AUDIT_EVERY, audited } from '../../src/feeds/audit';
import { readState } from '../../src/feeds/state';
import { FakeFeed, accountIds } from '../support/fake-feed';
import { USERS, Watch } from '../support/watch';

/**
 * The counter audit (decision N29): where the API counts a feed on its owner, a rise the trigger
 * cannot account for is said, with its size, and nothing that is accounted for is ever said.
 */

/**
 * A watch on `feed` meets a burst of 1,500 at 2 pages a poll, then cursors refused for 4 polls,
 * which give the burst's gap up after one read of it.
 */
async function burstGivenUp(feed: FakeFeed): Promise<{ watch: Watch; burst: string[] }> {
  const watch = new Watch(feed, { ...USERS, maxPages: 2 });
  await watch.poll();
  const burst = accountIds(1500);
  feed.add(...burst);
  await watch.poll();
  feed.refuseCursors = true;
  for (let poll = 0; poll < 4; poll += 1) await watch.poll();
  feed.refuseCursors = false;
  return { watch, burst };
}

describe('the audit of one poll', () => {
  const base = { count: 100, owed: 0, since: 0 };

  it('a shortfall is said only when a second count shows it still', () => {
    const first = audited(base, { count: 103, found: 1, removed: 0, settled: true });
    expect(first).toEqual({ audit: { count: 103, owed: 2, since: 0, short: 2 }, missed: 0 });
    const second = audited(first.audit, { count: 103, found: 0, removed: 0, settled: true });
    expect(second).toEqual({ audit: { count: 103, owed: 0, since: 0 }, missed: 2 });
  });

  it('a count that lagged a removal the read saw is made good by the next count: nothing said', () => {
    const lagging = audited(base, { count: 100, found: 0, removed: 1, settled: true });
    expect(lagging.audit?.short).toBe(1);
    expect(audited(lagging.audit, { count: 99, found: 0, removed: 0, settled: true }).missed).toBe(0);
  });

  it('an item found before it was counted is owed back by the next count, not said missed', () => {
    // It arrived between this poll's count and its read.
    const early = audited(base, { count: 100, found: 1, removed: 0, settled: true });
    expect(early.audit?.owed).toBe(-1);
    const next = audited(early.audit, { count: 101, found: 0, removed: 0, settled: true });
    expect(next.audit?.owed).toBe(0);
    expect(next.missed).toBe(0);
  });

  it('while a burst is open its unread part is owed, and nothing is concluded', () => {
    const open = audited(base, { count: 5100, found: 2000, removed: 0, settled: false });
    expect(open).toEqual({ audit: { count: 5100, owed: 3000, since: 0 }, missed: 0 });
  });

  it('between counts, what polls find and see leave is carried to the next count', () => {
    let audit = audited(base, { count: undefined, found: 3, removed: 1, settled: true }).audit;
    expect(audit).toEqual({ count: 100, owed: -2, since: 1 });
    audit = audited(audit, { count: 102, found: 0, removed: 0, settled: true }).audit;
    expect(audit?.owed).toBe(0);
  });
});

describe('a follower feed counted on its account', () => {
  function counted(items: string[]): FakeFeed {
    const feed = new FakeFeed(20, items);
    feed.counts = true;
    return feed;
  }

  it('an account that answers an empty list for two polls, then comes back, with its count gone to 0 meanwhile: nothing said', async () => {
    const old = accountIds(300);
    const feed = counted(old);
    const watch = new Watch(feed, USERS);
    await watch.poll();
    feed.items = [];
    for (let poll = 0; poll < 2; poll += 1) await watch.poll();
    feed.items = [...old];
    for (let poll = 0; poll < 3; poll += 1) await watch.poll();
    expect(watch.emitted).toEqual([]);
    expect(watch.missed).toBe(0);
  });

  it(`a busy feed over 200 polls (follows and unfollows every poll): every new follower once, nothing counted, a count every ${AUDIT_EVERY} polls`, async () => {
    const feed = counted(accountIds(500));
    const watch = new Watch(feed, USERS);
    await watch.poll();
    const joined: string[] = [];
    for (let poll = 1; poll <= 200; poll += 1) {
      const now = accountIds(poll % 7);
      joined.push(...now);
      for (const id of feed.items.slice(40 + poll, 40 + poll + (poll % 3))) feed.remove(id);
      feed.add(...now);
      await watch.poll();
      expect(noticeOf({ uncertain: watch.uncertainPolls > 0, notes: watch.notes })).toBeUndefined();
    }
    expect(watch.emitted.sort()).toEqual(joined.sort());
    expect(feed.countRequests).toBeLessThanOrEqual(1 + Math.ceil(200 / AUDIT_EVERY));
  });

  it('a burst whose gap is given up: what it could not read is counted, where it said "an unknown number" before', async () => {
    const feed = counted(accountIds(3000));
    const { watch, burst } = await burstGivenUp(feed);
    for (let poll = 0; poll < 4; poll += 1) await watch.poll();
    const reported = new Set(watch.emitted);
    expect(reported.size).toBe(watch.emitted.length);
    expect(reported.size + watch.missed).toBe(burst.length);
    expect(watch.notes.join(' ')).toMatch(/an unknown number of unread ones may be missed/);
    expect(watch.notes.join(' ')).toMatch(
      /count of this feed grew by [\d,]+ items more than the trigger found/,
    );
  });
});

describe('a burst given up on a feed nobody counts (bookmarks, list members)', () => {
  it('counts every item it read of the burst and does not report: the note and the count agree', async () => {
    const { watch, burst } = await burstGivenUp(new FakeFeed(20, accountIds(3000)));
    const held = /Gave up reading a burst .*: ([\d,]+) items? read of it are not reported/.exec(
      watch.notes.join(' '),
    );
    expect(held).not.toBeNull();
    const read = Number(held![1]!.replace(/,/g, ''));
    expect(read).toBeGreaterThan(0);
    // With no count on the owner, the items held back are all the poll can say: no audit makes up for them.
    expect(watch.missed).toBe(read);
    expect(new Set(watch.emitted).size + watch.missed).toBeLessThanOrEqual(burst.length);
  });
});

describe('a stored audit', () => {
  it('a damaged audit is dropped, not the watch: the next count starts a new one', () => {
    const stored = { v: 2, key: 'k', segments: [{ ids: ['a'] }], audit: { count: 'many' } };
    expect(readState(stored, 'k', 'position')).toEqual({ v: 2, key: 'k', segments: [{ ids: ['a'] }] });
  });
});
