import { pollFeedWithin } from '../../src/feeds/budget';
import { timeBudget } from '../../src/feeds';
import type { WatchOptions } from '../../src/feeds/reading';
import { FakeFeed, TweetIds } from '../support/fake-feed';
import { workLeft } from '../support/watch';

/**
 * One feed's poll within a host's output and time (Zapier: 5 MiB, 30 s), as Zapier's triggers
 * run it. Invariant, for every history below: every item added is returned exactly once or
 * counted as possibly missed, nothing old is returned, and no poll returns more records than its
 * budget. Enumerated: a time feed (pages of 20) and a position feed (pages of 5), a burst of 0, 1,
 * one page, just past a poll, and many polls' worth; a budget of one page (for a position feed,
 * one page and the ids it may hold back), two and a half pages more, and far more; time for 1, 2 or every page of a walk; with or without 3 more items between the
 * first polls.
 */
const FEEDS = [
  { pageSize: 20, options: { key: 'newTweet', order: 'time', maxPages: 3 } as WatchOptions, held: 0 },
  // A position feed reports a held-back burst at once when it is proven: up to `maxIds` records
  // beside a page, so the smallest budget that always fits is a page and `maxIds`.
  {
    pageSize: 5,
    options: { key: 'newFollower', order: 'position', maxPages: 3, maxIds: 20 } as WatchOptions,
    held: 20,
  },
];
const TIME = [1, 2, Infinity];

async function history(
  pageSize: number,
  options: WatchOptions,
  burst: number,
  budget: number,
  time: number,
  steady: number,
) {
  const ids = new TweetIds();
  const feed = new FakeFeed(pageSize, ids.take(40));
  let pages = 0;
  const read = Object.assign(feed.read, { more: () => ++pages < time });
  const fits = (records: readonly unknown[]) => records.length <= budget;
  let state = (await pollFeedWithin(read, undefined, options, fits)).state;
  const added = ids.take(burst);
  feed.add(...added);
  const reported: string[] = [];
  let counted = 0;
  let quiet = 0;
  for (let poll = 0; poll < 300 && quiet < 2; poll += 1) {
    if (poll < 3) {
      const more = ids.take(steady);
      added.unshift(...more);
      feed.add(...more);
    }
    pages = 0;
    const result = await pollFeedWithin(read, state, options, fits);
    if (result.records.length > budget)
      throw new Error(`poll ${poll}: ${result.records.length} records, budget ${budget}`);
    reported.push(...result.records.map((record) => record.id));
    counted += result.missed ?? 0;
    state = result.state;
    quiet = result.records.length === 0 && !workLeft(state) ? quiet + 1 : 0;
  }
  return { added, reported, counted };
}

describe('one feed polled within a budget of records and time', () => {
  it.each(FEEDS)(
    '$options.order feed: every item once or counted, nothing old, no poll past its budget, over every history of the bound',
    async ({ pageSize, options, held }) => {
      let histories = 0;
      for (const burst of [0, 1, pageSize, 3 * pageSize + 1, 20 * pageSize])
        for (const budget of [pageSize + held, Math.ceil(2.5 * pageSize) + held, 1000])
          for (const time of TIME)
            for (const steady of [0, 3]) {
              const { added, reported, counted } = await history(
                pageSize,
                options,
                burst,
                budget,
                time,
                steady,
              );
              const where = `burst ${burst}, budget ${budget}, time ${time}, steady ${steady}`;
              const fresh = new Set(added);
              expect({ where, twice: reported.length - new Set(reported).size }).toEqual({ where, twice: 0 });
              expect({ where, old: reported.filter((id) => !fresh.has(id)) }).toEqual({ where, old: [] });
              // Counted is an upper bound: a watch that let ids go may count old items it meets.
              const missing = added.filter((id) => !reported.includes(id)).length;
              expect({ where, uncounted: Math.max(0, missing - counted) }).toEqual({ where, uncounted: 0 });
              histories += 1;
            }
      expect(histories).toBe(90);
    },
  );
});

describe('a host time budget', () => {
  it('allows another step only when one as long as the longest so far ends before the deadline', () => {
    let now = 0;
    const more = timeBudget(30_000, () => now);
    now = 5_000;
    expect(more()).toBe(true); // a 5 s step: another ends by 10 s
    now = 19_000;
    expect(more()).toBe(false); // a 14 s step: another would end at 33 s
    now = 20_000;
    expect(more()).toBe(false); // a 1 s step, but the longest is still 14 s: 34 s
  });
});
