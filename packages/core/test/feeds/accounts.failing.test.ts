import { NotFoundError } from '../../src';
import { pollAccountsOnce } from '../../src/feeds';
import type { StateStore } from '../../src/feeds';
import { FakeFeed, TweetIds } from '../support/fake-feed';

/**
 * A many-accounts trigger tells the user once when an account starts failing (every surface
 * turns `started` into an item; the log says it at every poll). The invariant, over every history
 * below: a failure is `started` exactly when the account fails at a poll that reaches it and the
 * last saved poll that reached it read it fine, or none reached it yet. A poll in which every
 * account failed saves nothing (its error names them), so it changes no account's standing. A poll
 * whose items the host will not show (`shown: false`, Zapier's first poll of a Zap) tells nobody:
 * a failure that starts there is still to be told.
 *
 * Every history of up to four polls of two or three accounts, each account reading fine or
 * failing at each poll, each poll with time for every account or for only one (the others are
 * left for the next poll, which starts with them); up to three polls of two accounts also with
 * polls whose items are not shown.
 */

type Outcome = 'ok' | 'fail';
interface Poll {
  outcomes: Outcome[];
  /** Accounts this poll has time for. */
  reach: number;
  shown: boolean;
}

const failingRead = () => () => ({
  [Symbol.asyncIterator]: () => ({
    next: () => Promise.reject(new NotFoundError('User not found', { status: 404 })),
  }),
});

function* histories(accounts: number, polls: number, shown: boolean[] = [true]): Generator<Poll[]> {
  if (polls === 0) return yield [];
  const outcomes = Array.from({ length: 2 ** accounts }, (_, bits) =>
    Array.from({ length: accounts }, (__, at): Outcome => ((bits >> at) & 1 ? 'fail' : 'ok')),
  );
  for (const rest of histories(accounts, polls - 1, shown))
    for (const each of outcomes)
      for (const reach of [accounts, 1])
        for (const seen of shown) yield [{ outcomes: each, reach, shown: seen }, ...rest];
}

async function check(names: string[], history: Poll[]): Promise<void> {
  const tweets = new TweetIds();
  const feeds = new Map(names.map((name) => [name, new FakeFeed(20, tweets.take(5))]));
  let value: unknown;
  const store: StateStore = { get: () => value, set: (state) => void (value = state) };
  /** What the user was last told of each account by a saved poll that reached it. */
  const standing = new Map<string, Outcome>();
  for (const [at, poll] of history.entries()) {
    const reached: string[] = [];
    let room = poll.reach;
    const result = await pollAccountsOnce({
      feed: 'newTweet',
      names,
      readFor: (name) => {
        reached.push(name);
        return poll.outcomes[names.indexOf(name)] === 'fail' ? failingRead() : feeds.get(name)!.read;
      },
      store,
      maxPages: 2,
      budget: { fits: () => true, more: () => room-- > 0 },
      shown: poll.shown,
    }).catch(() => undefined);
    const failed = reached.filter((name) => poll.outcomes[names.indexOf(name)] === 'fail');
    if (!result) {
      // Only a poll in which every account failed throws; it saves nothing.
      expect({ at, failed: [...failed].sort() }).toEqual({ at, failed: names });
      continue;
    }
    const expected = failed.map((account) => ({ account, started: standing.get(account) !== 'fail' }));
    expect({ at, failures: result.failures.map(({ account, started }) => ({ account, started })) }).toEqual({
      at,
      failures: expected,
    });
    for (const name of reached) {
      const outcome = poll.outcomes[names.indexOf(name)]!;
      // A failure nobody was shown is still to be told; one already told stays told.
      if (poll.shown || outcome === 'ok') standing.set(name, outcome);
    }
  }
}

describe('a failing account is reported once, when it starts failing', () => {
  it('over every history of up to four polls of two accounts (4,680 histories)', async () => {
    let count = 0;
    for (let polls = 1; polls <= 4; polls += 1)
      for (const history of histories(2, polls)) {
        await check(['a', 'b'], history);
        count += 1;
      }
    expect(count).toBe(8 + 64 + 512 + 4096);
  });

  it('over every history of up to three polls of three accounts (4,368 histories)', async () => {
    let count = 0;
    for (let polls = 1; polls <= 3; polls += 1)
      for (const history of histories(3, polls)) {
        await check(['a', 'b', 'c'], history);
        count += 1;
      }
    expect(count).toBe(16 + 256 + 4096);
  });

  it('over every history of up to three polls of two accounts, some not shown (4,368 histories)', async () => {
    let count = 0;
    for (let polls = 1; polls <= 3; polls += 1)
      for (const history of histories(2, polls, [true, false])) {
        await check(['a', 'b'], history);
        count += 1;
      }
    expect(count).toBe(16 + 256 + 4096);
  });
});
