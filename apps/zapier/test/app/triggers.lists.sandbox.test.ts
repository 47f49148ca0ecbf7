import { MAX_ACCOUNTS, watchKey } from '@social-data/core/feeds';
import type { ZObject } from 'zapier-platform-core';
import type { Sandbox } from '@social-data/sandbox';

import { triggers } from '../../src/app/triggers';
import { appTester, newZap, run, withZapierCache } from '../support/app';
import { connectedSandbox } from '../support/sandbox';

/**
 * Issue 24 in Zapier's own tester: removal triggers, filters and many accounts. The tester keeps
 * `z.cache` between runs of one app, as Zapier does between polls of one Zap.
 */
let sandbox: Sandbox;
let authData: Record<string, string>;

beforeAll(async () => {
  ({ sandbox, authData } = await connectedSandbox('Lists'));
});
afterAll(() => sandbox.close());

type Item = Record<string, unknown> & { id: string };
const poll = async (key: string, input: object) => (await run('triggers', key, authData, input)) as Item[];
const tweet = (name: string, text?: string) =>
  sandbox.world.addTweet(sandbox.world.accountByName(name)!, 'tweets', text).id;

describe('Unfollowed By in Zapier', () => {
  it('triggers once for each account that stopped following, with its profile, and never for one that stays', async () => {
    const world = sandbox.world;
    const owner = world.accountByName('followers_200')!;
    const input = { userName: 'followers_200', simplify: 'true' };
    expect(await poll('unfollowedBy', input)).toEqual([]);
    const followers = (await poll('newFollower', { userName: 'followers_200' })).map((user) => user.id);
    const [first, second] = [followers[4]!, followers[120]!];
    world.leave('followers', owner, world.accountById(first)!);
    world.leave('followers', owner, world.accountById(second)!);
    const items = await poll('unfollowedBy', input);
    expect(items.map((item) => item.account_id).sort()).toEqual([first, second].sort());
    expect(items[0]).toMatchObject({ profile_url: expect.stringContaining('https://x.com/') });
    expect(new Set(items.map((item) => item.id)).size).toBe(2);
    expect(await poll('unfollowedBy', input)).toEqual([]);
    // Back, and gone again: a second removal, with an id Zapier has not seen.
    world.join('followers', owner, world.accountById(first)!);
    await poll('unfollowedBy', input);
    world.leave('followers', owner, world.accountById(first)!);
    const again = await poll('unfollowedBy', input);
    expect(again.map((item) => item.account_id)).toEqual([first]);
    expect(items.map((item) => item.id)).not.toContain(again[0]!.id);
    // The same account written another way is the same watch: it goes on, not over.
    world.leave('followers', owner, world.accountById(followers[7]!)!);
    const renamed = await poll('unfollowedBy', { ...input, userName: '@FOLLOWERS_200' });
    expect(renamed.map((item) => item.account_id)).toEqual([followers[7]]);
  });

  it("reports an account whose profile lookup failed by id, saying why in the Zap's words", async () => {
    const world = sandbox.world;
    const owner = world.accountByName('followers_201')!;
    const input = { userName: 'followers_201' };
    expect(await poll('unfollowedBy', input)).toEqual([]);
    const [gone] = (await poll('newFollower', input)).map((user) => user.id);
    world.leave('followers', owner, world.accountById(gone!)!);
    sandbox.faults.add({ fault: 'error-200', endpoint: 'getUsersByIds', times: 1 });
    const [item] = await poll('unfollowedBy', input);
    expect(item).toMatchObject({ account_id: gone, unavailable: true });
    // The trigger by its label: the lookup request it made is no name a Zap's user knows.
    expect(item!.lookup_error).toMatch(/^The API reported an error \(HTTP 200 on “Lost Follower”\)/);
    expect(item!.lookup_error).not.toMatch(/getUsersByIds/);
  });
});

describe('New Follower in Zapier, through its dedupe', () => {
  it('starts the Zap again for an account that unfollowed and followed again, by an id of its own', async () => {
    const world = sandbox.world;
    const owner = world.accountByName('followers_200')!;
    const input = { userName: 'followers_200' };
    const zap = newZap();
    // Zapier's dedupe: an item whose id it was given before never starts the Zap.
    const given = new Set<string>();
    const check = async () => {
      const items = (await run('triggers', 'newFollower', authData, input, zap)) as Item[];
      const passed = items.filter((item) => !given.has(item.id));
      for (const item of items) given.add(item.id);
      return passed;
    };
    const [newest] = await check();
    // Every item carries the record's id to map onward, as a re-follow's `id` is its own.
    expect(newest).toMatchObject({ record_id: newest!.id, added_again: false });
    const account = world.accountById(newest!.id)!;
    world.leave('followers', owner, account);
    expect(await check()).toEqual([]);
    world.join('followers', owner, account);
    const [back, ...more] = await check();
    expect(more).toEqual([]);
    expect(back).toMatchObject({ id: expect.stringMatching(new RegExp(`^${newest!.id}-\\d+$`)) });
    expect(back).toMatchObject({ record_id: newest!.id, added_again: true, userName: newest!.userName });
    expect(await check()).toEqual([]);
    // Twice: each return is an event of its own.
    world.leave('followers', owner, account);
    await check();
    world.join('followers', owner, account);
    expect((await check()).map((item) => item.record_id)).toEqual([newest!.id]);
  });
});

describe('a Zapier removal trigger that cannot be sure (issue 37)', () => {
  it('triggers once with a notice, and reports no removal, when the list answers empty', async () => {
    const input = { userName: 'followers_201' };
    expect(await poll('unfollowedBy', input)).toEqual([]);
    sandbox.faults.add({ fault: 'empty-list', endpoint: 'getUserFollowers', times: 1 });
    const [notice, ...rest] = await poll('unfollowedBy', input);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      id: expect.stringMatching(/^notice-\d+$/),
      notice: 'uncertain',
      may_be_missed: 0,
      message: expect.stringContaining('empty list'),
    });
    // The list is back: nobody left.
    expect(await poll('unfollowedBy', input)).toEqual([]);
  });
});

describe('filters in Zapier triggers', () => {
  it('returns only new tweets with a keyword as a whole word, whatever its case and accents', async () => {
    const input = { userName: 'followers_199', keywords: 'café' };
    const seen = new Set((await poll('newTweet', input)).map((item) => item.id));
    const passing = [tweet('followers_199', 'Un CAFE?'), tweet('followers_199', '#Café time')];
    tweet('followers_199', 'cafeteria');
    const fresh = (await poll('newTweet', input)).filter((item) => !seen.has(item.id));
    expect(fresh.map((item) => item.id).sort()).toEqual(passing.sort());
  });
});

describe('many accounts in one Zapier trigger', () => {
  it('starts quiet, then returns each account’s new tweets with watched_account; an added account starts quiet too', async () => {
    const input = { userName: 'social_data', userNames: '@one_follower\nhttps://x.com/followers_1k' };
    expect(await poll('newTweet', input)).toEqual([]);
    const posted = [tweet('social_data'), tweet('one_follower'), tweet('followers_1k')];
    const items = await poll('newTweet', input);
    expect(items.map((item) => [item.id, item.watched_account])).toEqual(
      [
        [posted[0], 'social_data'],
        [posted[1], 'one_follower'],
        [posted[2], 'followers_1k'],
      ].reverse(),
    );
    expect(await poll('newTweet', input)).toEqual([]);
    tweet('followers_200');
    const grown = { ...input, userNames: `${input.userNames}, followers_200` };
    expect(await poll('newTweet', grown)).toEqual([]);
    const later = tweet('followers_200');
    expect((await poll('newTweet', grown)).map((item) => item.id)).toEqual([later]);
  });

  it("shows the editor's sample with watched_account, so a later step can map which account it was", async () => {
    const input = { userName: 'Social_Data', userNames: 'one_follower' };
    const sample = (await run('triggers', 'newTweet', authData, input, { isLoadingSample: true })) as Item[];
    expect(sample.length).toBeGreaterThan(0);
    expect(sample.every((item) => item.watched_account === 'social_data')).toBe(true);
    // One account: the sample is the tweet as it is.
    const one = (await run(
      'triggers',
      'newTweet',
      authData,
      { userName: 'social_data' },
      { isLoadingSample: true },
    )) as Item[];
    expect(one[0]).not.toHaveProperty('watched_account');
  });

  it('goes on past an account that fails, says so once, and fails only when every account does', async () => {
    const input = { userName: 'followers_201', userNames: 'no_such_account_z' };
    const zap = newZap();
    const failing = {
      id: expect.stringMatching(/^failing-no_such_account_z-\d+$/),
      watched_account: 'no_such_account_z',
      // In the Zap's words: the trigger by its label, never the API request it made.
      error: expect.stringMatching(/^(?!.*getUserTweets).*not found.*“New Tweet by a User”/i),
    };
    // A Zap's first poll only fills Zapier's dedupe list, which drops its items: the failure is
    // told by the next poll, once; later polls only log it.
    const first = { ...zap, isPopulatingDedupe: true };
    expect(await run('triggers', 'newTweet', authData, input, first)).toEqual([failing]);
    const [told] = (await run('triggers', 'newTweet', authData, input, zap)) as Item[];
    expect(told).toEqual(failing);
    // Declared, so the editor offers `error` to a Filter step and `watched_account` onward.
    const declared = triggers.newTweet!.operation.outputFields.flatMap((field: unknown) =>
      typeof field === 'object' && field && 'key' in field ? [String(field.key)] : [],
    );
    expect(Object.keys(told!).filter((key) => key !== 'id' && !declared.includes(key))).toEqual([]);
    const poll = async (key: string, given: object) =>
      (await run('triggers', key, authData, given, zap)) as Item[];
    const posted = tweet('followers_201');
    expect((await poll('newTweet', input)).map((item) => item.id)).toEqual([posted]);
    const error = await poll('newTweet', {
      userName: 'no_such_account_z',
      userNames: 'no_such_account_q',
    }).catch((failure: Error) => failure);
    expect(String((error as Error).message)).toMatch(/not found/i);
    // Each account is named: the user sees which of them to fix, not only the first.
    expect(String((error as Error).message)).toMatch(
      /Username \\"no_such_account_z\\", \\"no_such_account_q\\" were not found/,
    );
  });

  it("keeps every poll under Zapier's 6 MB with 2 MB of new tweets on each of 4 accounts, and loses none (issue 38 case 2)", async () => {
    const names = ['followers_100k', 'followers_150k', 'followers_250k', 'followers_1m'];
    const input = { userName: names[0], userNames: names.slice(1).join(',') };
    expect(await poll('newTweet', input)).toEqual([]);
    const posted = new Set<string>();
    // 150 tweets of 20 kB each an account: 100 of them (5 pages) are 2 MB, the rest a backlog.
    for (const name of names)
      for (let n = 0; n < 150; n += 1) posted.add(tweet(name, `${name} ${n} ${'x'.repeat(20_000)}`));
    const seen: string[] = [];
    const sizes: number[] = [];
    for (let polls = 0; polls < 12 && seen.length < posted.size; polls += 1) {
      const items = await poll('newTweet', input);
      sizes.push(Buffer.byteLength(JSON.stringify(items)));
      for (const item of items) seen.push(item.id);
    }
    expect(Math.max(...sizes)).toBeLessThanOrEqual(6_291_456);
    expect(sizes.length).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(posted);
    process.stdout.write(
      `many accounts, 4 × 150 tweets of 20 kB: ${sizes.length} polls of ${sizes.join(', ')} bytes\n`,
    );
  });

  it('carries on from the markers an earlier version saved: only tweets above each, none repeated', async () => {
    const names = ['followers_199', 'followers_200'];
    const input = { userName: names[0], userNames: names[1] };
    const before = names.map((name) => tweet(name));
    // What the version before core's many-accounts watch kept: the newest tweet id of each account.
    const cacheKey = `social-data-watch:no-zap:${watchKey('newTweet', { accounts: 'many' })}`;
    const markers = Object.fromEntries(names.map((name, at) => [name, before[at]!]));
    const seed = async (z: ZObject) => z.cache.set(cacheKey, markers, 60, ['user', 'auth']);
    await appTester(withZapierCache(seed) as never, { authData } as never);
    const after = names.map((name) => tweet(name));
    expect((await poll('newTweet', input)).map((item) => item.id).sort()).toEqual([...after].sort());
    expect(await poll('newTweet', input)).toEqual([]);
  });

  it(`refuses more than ${MAX_ACCOUNTS} accounts before any request, naming the field`, async () => {
    sandbox.stats.reset();
    const names = Array.from({ length: MAX_ACCOUNTS }, (_, at) => `user${at}`).join(',');
    const error = await poll('newTweet', { userName: 'social_data', userNames: names }).catch(
      (failure: Error) => failure,
    );
    expect(String((error as Error).message)).toMatch(/"More Usernames: 51 accounts given/);
    expect(sandbox.stats.requests).toBe(0);
  });

  it('names the field that holds a bad account: Username or More Usernames, before any request', async () => {
    sandbox.stats.reset();
    const message = async (input: object) => {
      const failure = (await poll('newTweet', input).catch((caught: Error) => caught)) as Error;
      return (JSON.parse(failure.message) as { message: string }).message;
    };
    expect(await message({ userName: 'bad!', userNames: 'nasa' })).toMatch(/^Username: "bad!"/);
    expect(await message({ userName: 'nasa', userNames: 'jack, bad!' })).toMatch(/^More Usernames: "bad!"/);
    expect(sandbox.stats.requests).toBe(0);
  });
});

describe('filters in Zapier feed actions', () => {
  interface Output {
    records: Item[];
    count: number;
    truncated_by: string;
    read_count: number;
    note: string;
  }
  const action = async (input: object) =>
    (await run('creates', 'getUserTweets', authData, { userName: 'followers_100k', ...input })) as Output;

  it('Max Items counts the tweets that passed, in whole pages: the 15th passes on page 2, which comes whole', async () => {
    const texts = Array.from({ length: 60 }, (_, at) =>
      at % 3 === 0 ? `tweet ${at}` : `Launch ${at}`,
    ).reverse();
    for (const text of texts) tweet('followers_100k', text);
    sandbox.stats.reset();
    const output = await action({ keywords: 'launch', maxItems: '15' });
    // 40 of the 60 pass; the 15th is on the second page, whose 13 or 14 all come.
    expect(output.count).toBeGreaterThanOrEqual(15);
    expect(output.count).toBeLessThan(40);
    expect(sandbox.stats.requests).toBe(2);
    expect(output.records.every((record) => /^Launch /.test(String(record.text)))).toBe(true);
    expect(output.note).toBe('');
  });

  it('a filter that matches nothing stops at 50 pages and says how many tweets were read', async () => {
    for (let n = 0; n < 1100; n += 1) tweet('followers_100k', `tweet ${n}`);
    sandbox.stats.reset();
    // The clock stands still for this step, so its 25 s budget cannot end the read first on a busy
    // machine: the page cap is what is under test (the budget has its own, on a fake clock).
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now());
    const output = await action({ keywords: 'zzyzx' }).finally(() => clock.mockRestore());
    expect(output).toMatchObject({ count: 0, truncated_by: 'max_pages' });
    expect(sandbox.stats.requests).toBe(50);
    expect(output.note).toBe(
      `Read ${output.read_count.toLocaleString('en-US')} tweets on 50 pages and 0 passed the filters; reading stopped at the page cap (Max Pages 50). Map Next Cursor into Start Cursor of a later step to read further, or loosen the filters.`,
    );
    expect(output.read_count).toBe(50 * 20);
  });
});
