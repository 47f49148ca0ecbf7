import { pollAccounts } from '../../src/feeds/accounts';
import type { AccountsBudget, AccountsState } from '../../src/feeds';
import { FakeFeed, TweetIds } from '../support/fake-feed';

/**
 * Issue 38 case 2: a host with a limit on one poll's output (Zapier's 6 MB) must never be handed
 * more, and what a poll leaves out must come in a later poll: the state saved is the state of what
 * was returned. Invariant, for every history below: every tweet posted is reported exactly once,
 * and no poll returns more records than its budget.
 *
 * Enumerated: 3 accounts, each with a burst from {0, 1, 21, 61, 150} tweets (pages of 20, 3 pages
 * a poll, so bursts below, at and far past one poll), a budget of 20, 35, 60, 100 or 1,000 records
 * a poll (one page is 20: the smallest that can ever fit), time for 1, 2 or every account a poll,
 * and with or without 3 more tweets an account between the first polls.
 */
const BURSTS = [0, 1, 21, 61, 150];
const BUDGETS = [20, 35, 60, 100, 1000];
const TIME = [1, 2, Infinity];
const OPTIONS = { key: 'newTweet', order: 'time' as const, maxPages: 3 };

function history(bursts: number[], budget: number, time: number, steady: number) {
  const ids = new TweetIds();
  const names = ['ann', 'bob', 'cy'];
  const feeds = new Map(names.map((name) => [name, new FakeFeed(20, ids.take(30))]));
  const readFor = (name: string) => feeds.get(name)!.read;
  return { ids, names, feeds, readFor, bursts, budget, time, steady };
}

async function run({ ids, names, feeds, readFor, bursts, budget, time, steady }: ReturnType<typeof history>) {
  let polled = 0;
  const limit: AccountsBudget<{ id: string }> = {
    fits: (records) => records.length <= budget,
    more: () => polled++ < time,
  };
  let state: unknown = (await pollAccounts(readFor, names, undefined, OPTIONS)).state;
  const posted: string[] = [];
  names.forEach((name, at) => {
    const burst = ids.take(bursts[at]!);
    posted.push(...burst);
    feeds.get(name)!.add(...burst);
  });
  const reported: string[] = [];
  let quiet = 0;
  for (let poll = 0; poll < 200 && quiet < 2; poll += 1) {
    if (poll < 3)
      for (const name of names) {
        const more = ids.take(steady);
        posted.push(...more);
        feeds.get(name)!.add(...more);
      }
    polled = 0;
    const result = await pollAccounts(readFor, names, state, OPTIONS, limit);
    expect(result.failures).toEqual([]);
    if (result.records.length > budget)
      throw new Error(`poll ${poll}: ${result.records.length} records, budget ${budget}`);
    for (const { record } of result.records) reported.push(record.id);
    state = result.state;
    const open = Object.values((state as AccountsState).accounts).some(
      (watch) => watch.v === 1 && watch.backlog,
    );
    quiet = result.records.length === 0 && !open && result.deferred === 0 ? quiet + 1 : 0;
  }
  return { posted, reported };
}

describe('a watch of many accounts within a budget', () => {
  it('reports every tweet of every account once, and no poll past its budget, over every history of the bound', async () => {
    let histories = 0;
    for (const a of BURSTS)
      for (const b of BURSTS)
        for (const c of BURSTS)
          for (const budget of BUDGETS)
            for (const time of TIME)
              for (const steady of [0, 3]) {
                const { posted, reported } = await run(history([a, b, c], budget, time, steady));
                const where = `bursts ${[a, b, c]}, budget ${budget}, time ${time}, steady ${steady}`;
                if (new Set(reported).size !== reported.length) throw new Error(`${where}: a tweet twice`);
                const got = new Set(reported);
                if (reported.length !== posted.length || !posted.every((id) => got.has(id)))
                  throw new Error(
                    `${where}: ${posted.length - new Set(reported).size} tweets never reported`,
                  );
                histories += 1;
              }
    expect(histories).toBe(BURSTS.length ** 3 * BUDGETS.length * TIME.length * 2);
  }, 240_000);

  it('starts the next poll with the account the budget left out', async () => {
    const h = history([40, 40, 40], 45, Infinity, 0);
    let state: unknown = (await pollAccounts(h.readFor, h.names, undefined, OPTIONS)).state;
    h.names.forEach((name) => h.feeds.get(name)!.add(...h.ids.take(40)));
    const budget = { fits: (records: readonly unknown[]) => records.length <= 45, more: () => true };
    const first = await pollAccounts(h.readFor, h.names, state, OPTIONS, budget);
    expect([...new Set(first.records.map((entry) => entry.account))]).toEqual(['ann']);
    expect(first.deferred).toBe(2);
    expect(first.state.next).toBe('bob');
    state = first.state;
    const second = await pollAccounts(h.readFor, h.names, state, OPTIONS, budget);
    expect([...new Set(second.records.map((entry) => entry.account))]).toEqual(['bob']);
    expect(second.state.next).toBe('cy');
  });
});
