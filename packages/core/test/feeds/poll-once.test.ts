import { AuthenticationError, NotFoundError, PermissionError } from '../../src';
import { pollAccountsOnce, pollOnce, watchKey } from '../../src/feeds';
import type { StateStore } from '../../src/feeds';
import { FakeFeed, TweetIds, accountIds } from '../support/fake-feed';

/** The one poll every surface runs (the n8n trigger, Zapier's triggers, `social-data watch`). */

function memory(initial?: unknown): StateStore & { value: unknown; writes: number } {
  const store = {
    value: initial,
    writes: 0,
    get: () => store.value,
    set: (state: unknown) => {
      store.writes += 1;
      store.value = state;
    },
  };
  return store;
}

const lookups = (gone: Set<string>) => ({
  lookup: (_id: 'getUsersByIds', params: { userIds: string[] }) =>
    Promise.resolve({
      records: params.userIds.filter((id) => !gone.has(id)).map((id) => ({ id, name: `name of ${id}` })),
      failures: [],
    }),
});

function options(feed: FakeFeed, store: StateStore, event: 'newFollower' | 'unfollowedBy' = 'newFollower') {
  return {
    feed: event,
    read: feed.read,
    params: { userName: 'someone' },
    store,
    maxPages: 10,
    client: lookups(new Set()) as never,
    shape: (record: unknown) => ({ shaped: (record as { id: string }).id }),
  };
}

it('starts quiet, then hands over what is new oldest first, and saves the state after the host has it', async () => {
  const feed = new FakeFeed(20, accountIds(50));
  const store = memory();
  const first = await pollOnce(options(feed, store));
  expect(first).toMatchObject({ records: [], started: true, notice: undefined });
  const joined = accountIds(3);
  feed.add(...joined);
  const order: string[] = [];
  const polled = await pollOnce({
    ...options(feed, store),
    deliver: () => {
      order.push(`deliver with ${store.writes} writes`);
    },
  });
  expect(polled.records.map((record) => record.id)).toEqual([...joined].reverse());
  expect(order).toEqual(['deliver with 1 writes']);
  expect(store.writes).toBe(2);
});

it('keeps the state as it was when the host could not take the items, so the next poll hands them over again', async () => {
  const feed = new FakeFeed(20, accountIds(50));
  const store = memory();
  await pollOnce(options(feed, store));
  const saved = store.value;
  const joined = accountIds(2);
  feed.add(...joined);
  const failing = pollOnce({
    ...options(feed, store),
    deliver: () => {
      throw new Error('disk full');
    },
  });
  await expect(failing).rejects.toThrow('disk full');
  expect(store.value).toBe(saved);
  const again = await pollOnce(options(feed, store));
  expect(again.records.map((record) => record.id).sort()).toEqual([...joined].sort());
});

it('a removal event hands over each lost account shaped, oldest first, and one the API no longer has by id', async () => {
  const accounts = accountIds(40);
  const feed = new FakeFeed(20, accounts);
  const store = memory();
  const gone = new Set([accounts[0]!]);
  const removal = { ...options(feed, store, 'unfollowedBy'), client: lookups(gone) as never };
  await pollOnce(removal);
  feed.remove(accounts[0]!);
  feed.remove(accounts[1]!);
  const polled = await pollOnce(removal);
  expect(polled.records).toEqual([]);
  expect(polled.lost).toEqual([{ shaped: accounts[1] }, { id: accounts[0], unavailable: true }]);
});

describe('a removal event on a list longer than a poll reads (decision N23)', () => {
  // 10 pages of 20: a poll reads 200 accounts. Around that bound, every size: the user is told
  // once, by the first poll that is not the watch's first, exactly when the list is longer.
  it.each([1, 199, 200, 201, 260, 1000])(
    'with %i accounts, says so once, and only when it is longer',
    async (size) => {
      const feed = new FakeFeed(20, accountIds(size));
      const store = memory();
      const removal = options(feed, store, 'unfollowedBy');
      const notices = [];
      for (let poll = 0; poll < 4; poll += 1) notices.push((await pollOnce(removal)).notice);
      const told = notices.filter((notice) => notice?.notice === 'partial');
      expect(told).toHaveLength(size > 200 ? 1 : 0);
      expect(notices.filter((notice) => notice !== undefined)).toEqual(told);
      if (size > 200) {
        expect(notices[1]).toEqual({
          notice: 'partial',
          may_be_missed: 0,
          message: expect.stringContaining('first 200 accounts'),
        });
        expect(store.value).toMatchObject({ partialTold: true });
      } else expect(store.value).not.toHaveProperty('partialTold');
    },
  );

  it('tells again once the list fitted and then grew past a poll again', async () => {
    const accounts = accountIds(230);
    const feed = new FakeFeed(20, accounts);
    const store = memory();
    const removal = options(feed, store, 'unfollowedBy');
    await pollOnce(removal);
    expect((await pollOnce(removal)).notice?.notice).toBe('partial');
    for (const id of accounts.slice(180)) feed.remove(id);
    await pollOnce(removal);
    expect(store.value).not.toHaveProperty('partialTold');
    feed.add(...accountIds(100));
    const notices = [];
    for (let poll = 0; poll < 3; poll += 1) notices.push((await pollOnce(removal)).notice?.notice);
    expect(notices.filter((notice) => notice === 'partial')).toHaveLength(1);
  });

  /** Four polls of an unchanged list; the notices they gave. */
  async function notices(feed: FakeFeed, extra: object = {}, polls = 4) {
    const store = memory();
    const removal = { ...options(feed, store, 'unfollowedBy'), ...extra };
    const seen = [];
    for (let poll = 0; poll < polls; poll += 1) seen.push((await pollOnce(removal)).notice?.notice ?? '-');
    return { seen, store };
  }

  it("does not take the host's time running out for a long list, whatever the list", async () => {
    for (const size of [150, 1000]) {
      const feed = new FakeFeed(20, accountIds(size));
      // The host's time is up after every page: each poll reads one page (a slow API).
      const slow = Object.assign((cursor: string | undefined) => feed.read(cursor), { more: () => false });
      expect((await notices(feed, { read: slow })).seen).toEqual(['-', '-', '-', '-']);
    }
  });

  it('is not told again after a stall: a repeated cursor says nothing of the length', async () => {
    const feed = new FakeFeed(20, accountIds(1000));
    const store = memory();
    const removal = options(feed, store, 'unfollowedBy');
    const seen = [];
    for (let poll = 0; poll < 6; poll += 1) {
      if (poll === 2) feed.repeatedCursors = 1;
      seen.push((await pollOnce(removal)).notice?.notice ?? '-');
    }
    expect(seen.filter((notice) => notice === 'partial')).toHaveLength(1);
  });

  it('tells a list the state cannot hold whole, though a poll reads all of it', async () => {
    // 300 accounts in 20 pages of 20, but a state of 200 ids: removals in the middle go unseen.
    const { seen } = await notices(new FakeFeed(20, accountIds(300)), { maxPages: 20, maxIds: 200 });
    expect(seen).toEqual(['-', 'partial', '-', '-']);
  });

  it('puts it off while the host does not show the poll (a dedupe fill), and tells it the next poll', async () => {
    const feed = new FakeFeed(20, accountIds(300));
    const store = memory();
    const removal = options(feed, store, 'unfollowedBy');
    await pollOnce(removal);
    expect((await pollOnce({ ...removal, shown: false })).notice).toBeUndefined();
    expect((await pollOnce(removal)).notice?.notice).toBe('partial');
    expect((await pollOnce(removal)).notice).toBeUndefined();
  });

  it("names the host's setting and its value, and says when there is nothing left to raise", async () => {
    const feed = new FakeFeed(20, accountIds(3000));
    const store = memory();
    const removal = { ...options(feed, store, 'unfollowedBy'), pagesSetting: 'Max Pages per Poll' };
    await pollOnce(removal);
    expect((await pollOnce(removal)).notice?.message).toMatch(/Raise Max Pages per Poll \(now 10\)/);
    const most = { ...options(feed, memory(), 'unfollowedBy'), maxPages: 50 };
    await pollOnce(most);
    expect((await pollOnce(most)).notice?.message).toMatch(/A poll reads as many pages as it may/);
  });

  it("does not carry another watch's told flag to this one", async () => {
    const feed = new FakeFeed(20, accountIds(300));
    const store = memory({ v: 2, key: 'unfollowedBy:other', segments: [], partialTold: true });
    const removal = options(feed, store, 'unfollowedBy');
    await pollOnce(removal);
    expect((await pollOnce(removal)).notice?.notice).toBe('partial');
  });

  it('still reports a removal among the accounts it reads', async () => {
    const accounts = accountIds(300);
    const feed = new FakeFeed(20, accounts);
    const store = memory();
    const removal = options(feed, store, 'unfollowedBy');
    await pollOnce(removal);
    await pollOnce(removal);
    feed.remove(accounts[5]!);
    const polled = await pollOnce(removal);
    expect(polled.lost).toEqual([{ shaped: accounts[5] }]);
    expect(polled.notice).toBeUndefined();
  });
});

it("asks the store for this watch's key, and starts over on a state of another watch", async () => {
  const feed = new FakeFeed(20, accountIds(10));
  const store = memory({ v: 2, key: 'newFollower:other', segments: [] });
  const asked: string[] = [];
  const polled = await pollOnce({
    ...options(feed, store),
    store: { ...store, get: (key) => (asked.push(key), store.get(key)) },
  });
  expect(asked).toEqual([watchKey('newFollower', { userName: 'someone' })]);
  expect(polled.started).toBe(true);
});

it('keeps one watch per session for own-session feeds, and one for all sessions elsewhere', async () => {
  const feed = new FakeFeed(20, accountIds(10));
  const keys = async (event: 'newFollower' | 'newMutedAccount', session: string) => {
    const store = memory();
    const params = event === 'newFollower' ? { userName: 'someone' } : {};
    await pollOnce({ ...options(feed, store), feed: event, params, session });
    return (store.value as { key: string }).key;
  };
  // Muted accounts are the session's own: another session is another watch.
  expect(await keys('newMutedAccount', 'ann')).not.toBe(await keys('newMutedAccount', 'bob'));
  expect(await keys('newMutedAccount', 'ann')).toBe(await keys('newMutedAccount', 'ann'));
  // An account's followers are the same whoever reads them.
  expect(await keys('newFollower', 'ann')).toBe(await keys('newFollower', 'bob'));
  expect(await keys('newFollower', 'ann')).toBe(await keys('newFollower', ''));
});

it('keeps one watch however the host spelled its inputs, so a second spelling does not start it over', async () => {
  const feed = new FakeFeed(20, accountIds(30));
  const store = memory();
  const spelled = (userName: string) => ({ ...options(feed, store), params: { userName } });
  expect((await pollOnce(spelled('someone'))).started).toBe(true);
  const joined = accountIds(2);
  feed.add(...joined);
  for (const userName of ['@Someone', 'https://x.com/SOMEONE']) {
    const polled = await pollOnce(spelled(userName));
    expect(polled.started).toBe(false);
    expect(polled.records.map((record) => record.id)).toEqual(
      userName === '@Someone' ? [...joined].reverse() : [],
    );
  }
});

describe('a poll of many accounts', () => {
  it('keeps each account’s watch however the host spelled its name', async () => {
    const tweets = new TweetIds();
    const feed = new FakeFeed(20, tweets.take(30));
    const store = memory();
    const many = (names: string[]) => ({
      feed: 'newTweet' as const,
      names,
      readFor: () => feed.read,
      store,
      maxPages: 10,
    });
    await pollAccountsOnce(many(['someone']));
    const [newer] = tweets.take(1);
    feed.add(newer!);
    const polled = await pollAccountsOnce(many(['@SomeOne']));
    expect(polled.records.map(({ account, record }) => [account, record.id])).toEqual([['someone', newer]]);
  });

  it('hands over every account’s new tweets oldest first with their account, and saves nothing when every account failed', async () => {
    const tweets = new TweetIds();
    const feeds = { a: new FakeFeed(20, tweets.take(30)), b: new FakeFeed(20, tweets.take(30)) };
    const store = memory();
    const many = {
      feed: 'newTweet' as const,
      names: ['a', 'b'],
      readFor: (name: string) => feeds[name as 'a' | 'b'].read,
      store,
      maxPages: 10,
    };
    await pollAccountsOnce(many);
    const [older] = tweets.take(1);
    const [newer] = tweets.take(1);
    feeds.b.add(older!);
    feeds.a.add(newer!);
    const polled = await pollAccountsOnce(many);
    expect(polled.records.map(({ account, record }) => [account, record.id])).toEqual([
      ['b', older],
      ['a', newer],
    ]);
    const saved = store.value;
    feeds.a.failures = 5;
    feeds.b.failures = 5;
    await expect(pollAccountsOnce(many)).rejects.toThrow();
    expect(store.value).toBe(saved);
  });
  /** Two accounts watched with the host's `describe`; `b` fails from the second poll on. */
  async function bFailing(describe: (error: unknown) => string) {
    const tweets = new TweetIds();
    const feeds = { a: new FakeFeed(20, tweets.take(30)), b: new FakeFeed(20, tweets.take(30)) };
    const many = {
      feed: 'newTweet' as const,
      names: ['a', 'b'],
      readFor: (name: string) => feeds[name as 'a' | 'b'].read,
      store: memory(),
      maxPages: 10,
      describe,
    };
    await pollAccountsOnce(many);
    feeds.b.failures = 100;
    return () => pollAccountsOnce(many);
  }

  it('logs a failing account at every poll in the host’s words, and makes it an item only when it starts failing', async () => {
    const poll = await bFailing((error) => `HOST: ${(error as Error).message}`);
    const first = await poll();
    const second = await poll();
    const logged = (notes: string[]) =>
      notes.filter((note) => note.startsWith('@b could not be read: HOST: '));
    expect(logged(first.notes)).toHaveLength(1);
    expect(logged(second.notes)).toHaveLength(1);
    expect(first.failing).toEqual([{ watched_account: 'b', error: expect.stringMatching(/^HOST: /) }]);
    expect(second.failing).toEqual([]);
  });

  it('tells a failing account in core’s words when the host’s words fail', async () => {
    const poll = await bFailing(() => {
      throw new Error('the host could not word it');
    });
    const polled = await poll();
    expect(polled.failing).toHaveLength(1);
    expect(polled.failing[0]!.error).not.toMatch(/could not word it/);
    expect(polled.notes.filter((note) => note.startsWith('@b could not be read: '))).toHaveLength(1);
  });
  it('says how many accounts the budget left for the next poll, and nothing when none', async () => {
    const tweets = new TweetIds();
    const feeds = [0, 1, 2].map(() => new FakeFeed(20, tweets.take(30)));
    const names = ['a', 'b', 'c'];
    const many = (fits: (records: readonly unknown[]) => boolean) => ({
      feed: 'newTweet' as const,
      names,
      readFor: (name: string) => feeds[names.indexOf(name)]!.read,
      store: memory(),
      maxPages: 10,
      budget: { fits, more: () => true },
    });
    const left = many((records) => records.length <= 5);
    await pollAccountsOnce(left);
    for (const feed of feeds) feed.add(...tweets.take(5));
    const polled = await pollAccountsOnce(left);
    expect(polled.deferred).toBe(2);
    expect(polled.notes).toContain(
      'This poll reached its time or size limit: 2 accounts were left for the next poll, which starts with them.',
    );
    const roomy = many(() => true);
    await pollAccountsOnce(roomy);
    for (const feed of feeds) feed.add(...tweets.take(5));
    expect(
      (await pollAccountsOnce(roomy)).notes.filter((note) => /left for the next poll/.test(note)),
    ).toEqual([]);
  });
});

describe('a poll in which every account failed', () => {
  /** A read that fails at once with this error: the account's first page never comes. */
  const failing = (error: Error) => () => ({
    [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(error) }),
  });
  const many = (errors: Record<string, Error>) => ({
    feed: 'newTweet' as const,
    names: Object.keys(errors),
    readFor: (name: string) => failing(errors[name]!),
    store: memory(),
    maxPages: 3,
  });

  it('names every account with its own reason, in the error the user reads', async () => {
    const error = await pollAccountsOnce(
      many({
        gone: new NotFoundError('User not found', { status: 404, hint: 'Check the username.' }),
        hidden: new PermissionError('This account is protected', { status: 403, hint: 'Follow it first.' }),
        also: new NotFoundError('No such user', { status: 404, hint: 'Check the username.' }),
      }),
    ).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      'Every watched account failed: @gone: User not found; @hidden: This account is protected; @also: No such user',
    );
    // What to do for every cause, each once: not only the first account's fix.
    expect((error as NotFoundError).hint).toBe('Check the username. Follow it first.');
  });

  it('names the accounts once when they failed alike', async () => {
    const error = await pollAccountsOnce(
      many({ a: new NotFoundError('User not found'), b: new NotFoundError('User not found') }),
    ).catch((failure: unknown) => failure);
    expect((error as Error).message).toBe('User not found (every watched account: @a, @b)');
  });

  it('says once what was not found, naming every account, when each read named its own', async () => {
    const missing = (name: string) =>
      new NotFoundError(`Username "${name}" was not found (HTTP 404 on getUserTweets): User not found`, {
        status: 404,
        hint: 'Check the username.',
        missing: [{ what: 'Username', value: name }],
      });
    const error = await pollAccountsOnce(
      many({ gone_a: missing('gone_a'), gone_b: missing('gone_b'), gone_c: missing('gone_c') }),
    ).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toBe(
      'Username "gone_a", "gone_b", "gone_c" were not found (HTTP 404 on getUserTweets): User not found',
    );
    // What to do, once for all of them.
    expect((error as NotFoundError).hint).toBe('Check the username.');
  });

  it('leaves a failure of the connection itself as it is: the accounts are not its cause', async () => {
    const rejected = new AuthenticationError('Invalid API key', { status: 401 });
    const error = await pollAccountsOnce(
      many({ a: rejected, b: new AuthenticationError('Invalid API key', { status: 401 }) }),
    ).catch((failure: unknown) => failure);
    expect(error).toBe(rejected);
    expect(rejected.message).toBe('Invalid API key');
  });
});

describe('a host that drops ids it was given before (Zapier): an item added again gets an id of its own', () => {
  type Step =
    { kind: 'new' } | { kind: 'again'; id: string } | { kind: 'leave'; id: string } | { kind: 'poll' };

  /**
   * The promise, as Zapier's dedupe sees it: an item added again reaches the Zap, by an id of its
   * own (here `<id>@<poll>`, when it is in `again`), and nothing else goes by a new id. So:
   *   1. an item the host was given before and that came back since the last poll goes by an id
   *      the host was not given, unless every item above it at the last poll has since left or
   *      come back too: then nothing tells its return from a repeat of a read the feed changed
   *      under (decision N16), and a repeat is kept out rather than sent twice;
   *   2. `again` holds only items the host was given before (a first addition keeps its id) and
   *      that came back since the last poll (a repeat is no return).
   * Checked on every history of DEPTH steps over a feed of 3 accounts with 2 more to come, page
   * size 2: a new account on top, any account ever in the feed added again on top (back after
   * leaving, or from its place), any account leaving, a poll; then a last poll.
   */
  const DEPTH = 4;
  const START = ['a3', 'a2', 'a1'];
  const COMING = ['n1', 'n2'];

  function steps(feed: readonly string[], ever: ReadonlySet<string>, fresh: number): Step[] {
    return [
      ...(fresh < COMING.length ? [{ kind: 'new' } as const] : []),
      ...[...ever].map((id) => ({ kind: 'again', id }) as const),
      ...feed.map((id) => ({ kind: 'leave', id }) as const),
      { kind: 'poll' },
    ];
  }

  async function check(history: Step[], bound: number): Promise<string | undefined> {
    const feed = new FakeFeed(2, [...START]);
    const store = memory();
    const given = new Set<string>();
    let polls = 0;
    let last: string[] = [];
    const back = new Set<string>();
    const poll = async (): Promise<string | undefined> => {
      polls += 1;
      const polled = await pollOnce({ ...options(feed, store), handedOver: bound });
      for (const { id } of polled.startedWith ?? []) given.add(id);
      const now = new Set(feed.items);
      for (const { id } of polled.records) {
        const again = polled.again.has(id);
        const event = again ? `${id}@${polls}` : id;
        const place = last.indexOf(id);
        const told = place === -1 || last.slice(0, place).some((above) => now.has(above) && !back.has(above));
        if (given.has(event) && back.has(id) && told)
          return `${id} came back, by an id the host was given before`;
        if (again && !given.has(id)) return `${id} was taken as added again at its first addition`;
        if (again && !back.has(id)) return `${id} was taken as added again, though it did not come back`;
        given.add(event);
      }
      last = [...feed.items];
      back.clear();
      return undefined;
    };
    let fresh = 0;
    let failure = await poll();
    for (const step of history) {
      if (failure) break;
      if (step.kind === 'new') feed.add(COMING[fresh++]!);
      if (step.kind === 'again') {
        feed.add(step.id);
        back.add(step.id);
      }
      if (step.kind === 'leave') feed.remove(step.id);
      if (step.kind === 'poll') failure = await poll();
    }
    return failure ?? (await poll());
  }

  it('hands an item that came back over by an id of its own, and a first one or a repeat by its own, over every history up to the bound', async () => {
    const failures: string[] = [];
    let histories = 0;
    const walk = async (history: Step[], feed: string[], ever: Set<string>, fresh: number) => {
      if (history.length === DEPTH) {
        histories += 1;
        const failure = await check(history, 100);
        if (failure) failures.push(`${failure}: ${JSON.stringify(history)}`);
        return;
      }
      for (const step of steps(feed, ever, fresh)) {
        const next = step.kind === 'new' ? COMING[fresh]! : step.kind === 'poll' ? undefined : step.id;
        const after =
          step.kind === 'new' || step.kind === 'again'
            ? [next!, ...feed.filter((id) => id !== next)]
            : step.kind === 'leave'
              ? feed.filter((id) => id !== next)
              : feed;
        await walk(
          [...history, step],
          after,
          next ? new Set([...ever, next]) : ever,
          fresh + (step.kind === 'new' ? 1 : 0),
        );
      }
    };
    await walk([], [...START], new Set(START), 0);
    expect(failures.slice(0, 3)).toEqual([]);
    expect(histories).toBeGreaterThan(1000);
  });

  it('takes no repeat of a read the feed changed under for an item added again (decision N16)', async () => {
    const feed = new FakeFeed(2, accountIds(10));
    const store = memory();
    await pollOnce({ ...options(feed, store), handedOver: 100 });
    const [n3, n2, n1] = accountIds(3);
    feed.add(n3!, n2!, n1!);
    // One leaves above the second page while the poll reads it: the next poll meets its
    // neighbours again, though none of them left.
    feed.changeAt.set(feed.requests + 2, () => feed.remove(n3!));
    const seen = new Set<string>();
    for (let poll = 0; poll < 3; poll += 1) {
      const polled = await pollOnce({ ...options(feed, store), handedOver: 100 });
      expect(polled.again.size).toBe(0);
      for (const { id } of polled.records) seen.add(id);
    }
    expect(seen).toEqual(new Set([n2, n1, n3]));
  });

  it('tells a re-follow from deep in a long list, whose leaving no poll read', async () => {
    const feed = new FakeFeed(5, accountIds(40));
    const store = memory();
    const poll = () => pollOnce({ ...options(feed, store), handedOver: 100 });
    await poll();
    // Below the first page, among what the first poll took note of (5 pages of 5).
    const deep = feed.items[20]!;
    feed.remove(deep);
    expect((await poll()).records).toEqual([]);
    feed.add(deep);
    const polled = await poll();
    expect(polled.records.map(({ id }) => id)).toEqual([deep]);
    expect([...polled.again]).toEqual([deep]);
  });

  it('tells a re-follow inside a burst held back across polls', async () => {
    const feed = new FakeFeed(2, accountIds(10));
    const store = memory();
    const poll = () => pollOnce({ ...options(feed, store), maxPages: 1, handedOver: 100 });
    await poll();
    const [left] = feed.items;
    feed.remove(left!);
    await poll();
    // Back, over 6 new accounts: more than one page a poll reads, so it is held back a while.
    feed.add(...accountIds(6));
    feed.add(left!);
    const again = new Set<string>();
    const reported: string[] = [];
    for (let polls = 0; polls < 8; polls += 1) {
      const polled = await poll();
      reported.push(...polled.records.map(({ id }) => id));
      for (const id of polled.again) again.add(id);
    }
    expect(reported).toContain(left);
    expect([...again]).toEqual([left]);
  });

  // Emptied, or another account behind the name: the watch starts over, and the list that comes
  // back is reported as new. None of it came back in the sense of `again`.
  it.each([
    ['an empty answer', 0],
    ['another answer', 1],
  ])(
    'forgets what it handed over when the watch starts over on %s, whose list then comes back',
    async (answer, others) => {
      const feed = new FakeFeed(20, accountIds(30));
      const store = memory();
      const poll = () => pollOnce({ ...options(feed, store), handedOver: 100 });
      await poll();
      const all = [...feed.items];
      const other = accountIds(others);
      feed.items = [...other];
      for (let polls = 0; polls < 5; polls += 1) await poll();
      feed.items = [...all, ...other];
      let reported = 0;
      for (let polls = 0; polls < 5; polls += 1) {
        const polled = await poll();
        reported += polled.records.length;
        expect(polled.again.size).toBe(0);
      }
      process.stdout.write(
        `[handed] the list back after a start-over on ${answer}: ${reported} reported, 0 as returns\n`,
      );
    },
  );

  it('sets nothing apart with a filter, whose dropped records would pass for items still there', async () => {
    const feed = new FakeFeed(5, accountIds(20));
    const store = memory();
    const poll = () => pollOnce({ ...options(feed, store), handedOver: 100, keep: () => true });
    await poll();
    const deep = feed.items[12]!;
    feed.remove(deep);
    await poll();
    feed.add(deep);
    expect((await poll()).again.size).toBe(0);
    expect(store.value).not.toHaveProperty('handed');
  });

  it('keeps the last ids handed over only, and says nothing of items added again to a host that keeps its own', async () => {
    const feed = new FakeFeed(20, accountIds(30));
    const store = memory();
    await pollOnce({ ...options(feed, store), handedOver: 10 });
    expect((store.value as { handed: string[] }).handed).toEqual(feed.items.slice(0, 10).reverse());
    const [left] = feed.items;
    feed.remove(left!);
    await pollOnce({ ...options(feed, store), handedOver: 10 });
    feed.add(left!);
    expect([...(await pollOnce({ ...options(feed, store), handedOver: 10 })).again]).toEqual([left]);
    // n8n and the CLI show every item the watch reports: no list is kept, nothing is set apart.
    const own = memory();
    await pollOnce(options(feed, own));
    feed.remove(left!);
    await pollOnce(options(feed, own));
    feed.add(left!);
    const polled = await pollOnce(options(feed, own));
    expect(polled.records.map(({ id }) => id)).toEqual([left]);
    expect(polled.again.size).toBe(0);
    expect(own.value).not.toHaveProperty('handed');
  });
});
