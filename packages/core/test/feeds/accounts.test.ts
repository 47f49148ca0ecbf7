import { NotFoundError } from '../../src';
import { MAX_ACCOUNTS, pollAccounts } from '../../src/feeds/accounts';
import { ACCOUNT_IDS } from '../../src/feeds/accounts';
import { knownIdCount } from '../../src/feeds/state';
import type { AccountsState } from '../../src/feeds';
import { FakeFeed, TweetIds } from '../support/fake-feed';

const OPTIONS = { key: 'newTweet', order: 'time' as const, maxPages: 10 };

function accounts(names: string[], ids: TweetIds) {
  return new Map(names.map((name) => [name, new FakeFeed(20, ids.take(50))]));
}

describe('a watch of many accounts', () => {
  it('reports each account’s new tweets with the account, once', async () => {
    const ids = new TweetIds();
    const feeds = accounts(['ann', 'bob', 'cy'], ids);
    const readFor = (name: string) => feeds.get(name)!.read;
    const names = [...feeds.keys()];
    let state: unknown = (await pollAccounts(readFor, names, undefined, OPTIONS)).state;
    const posted = { ann: ids.take(3), bob: [] as string[], cy: ids.take(25) };
    for (const [name, tweets] of Object.entries(posted)) feeds.get(name)!.add(...tweets);
    const result = await pollAccounts(readFor, names, state, OPTIONS);
    expect(result.records.map(({ account, record }) => [account, record.id])).toEqual([
      ...posted.ann.map((id) => ['ann', id]),
      ...posted.cy.map((id) => ['cy', id]),
    ]);
    state = result.state;
    expect((await pollAccounts(readFor, names, state, OPTIONS)).records).toEqual([]);
  });

  it('one account that fails is reported, the others go on, and it catches up later', async () => {
    const ids = new TweetIds();
    const feeds = accounts(['ann', 'gone'], ids);
    let failing = true;
    const readFor = (name: string) =>
      name === 'gone' && failing
        ? () => {
            throw new NotFoundError('User not found', { status: 404 });
          }
        : feeds.get(name)!.read;
    const names = ['ann', 'gone'];
    failing = false;
    let state: unknown = (await pollAccounts(readFor, names, undefined, OPTIONS)).state;
    failing = true;
    const annTweets = ids.take(2);
    const goneTweets = ids.take(2);
    feeds.get('ann')!.add(...annTweets);
    feeds.get('gone')!.add(...goneTweets);
    const result = await pollAccounts(readFor, names, state, OPTIONS);
    expect(result.records.map(({ record }) => record.id)).toEqual(annTweets);
    expect(result.failures.map(({ account, error }) => [account, (error as Error).name])).toEqual([
      ['gone', 'NotFoundError'],
    ]);
    state = result.state;
    failing = false;
    const later = await pollAccounts(readFor, names, state, OPTIONS);
    expect(later.records.map(({ account, record }) => [account, record.id])).toEqual(
      goneTweets.map((id) => ['gone', id]),
    );
  });

  it('an account added to the list starts quiet; one removed takes its state with it', async () => {
    const ids = new TweetIds();
    const feeds = accounts(['ann', 'bob'], ids);
    const readFor = (name: string) => feeds.get(name)!.read;
    let state: unknown = (await pollAccounts(readFor, ['ann'], undefined, OPTIONS)).state;
    feeds.get('bob')!.add(...ids.take(30));
    const added = await pollAccounts(readFor, ['ann', 'bob'], state, OPTIONS);
    expect(added.records).toEqual([]);
    expect(Object.keys((added.state as AccountsState).accounts)).toEqual(['ann', 'bob']);
    state = added.state;
    const dropped = await pollAccounts(readFor, ['bob'], state, OPTIONS);
    expect(Object.keys(dropped.state.accounts)).toEqual(['bob']);
    feeds.get('ann')!.add(...ids.take(5));
    const back = await pollAccounts(readFor, ['ann', 'bob'], dropped.state, OPTIONS);
    expect(back.records).toEqual([]);
  });

  it(`keeps at most ${ACCOUNT_IDS} ids an account, ${MAX_ACCOUNTS * ACCOUNT_IDS} for ${MAX_ACCOUNTS} quiet accounts`, async () => {
    const ids = new TweetIds();
    const names = Array.from({ length: MAX_ACCOUNTS }, (_, at) => `a${at}`);
    const feeds = new Map(names.map((name) => [name, new FakeFeed(200, ids.take(400))]));
    const readFor = (name: string) => feeds.get(name)!.read;
    let state: unknown = (await pollAccounts(readFor, names, undefined, OPTIONS)).state;
    for (const feed of feeds.values()) feed.add(...ids.take(300));
    const result = await pollAccounts(readFor, names, state, OPTIONS);
    expect(result.records).toHaveLength(MAX_ACCOUNTS * 300);
    state = result.state;
    const sizes = Object.values((state as AccountsState).accounts).map(knownIdCount);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(ACCOUNT_IDS);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(MAX_ACCOUNTS * ACCOUNT_IDS);
  });
});
