import { catalog, inputParams } from '@social-data/core';
import { feedIds, feeds, takesManyAccounts } from '@social-data/core/feeds';
import type { EndpointSpec } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import { communityId, listId } from '@social-data/sandbox';
import type { SandboxControl, Sandbox } from '@social-data/sandbox';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SocialDataTrigger } from '../../../nodes/SocialDataTrigger/SocialDataTrigger.node';
import { HELD_AT_MOST_MS, oneAtATime } from '../../../nodes/SocialDataTrigger/trigger/one-at-a-time';
import { API_KEY, COOKIE, leakedSecrets, PROXY, SECRETS } from '../../support/api';
import { pollContext, sandboxForPolls } from '../../support/poll-context';

const trigger = new SocialDataTrigger();
const LIST = listId(0);
const COMMUNITY = communityId(0);
const locator = (mode: string, value: string) => ({ __rl: true, mode, value });
const byName = (userName: string) => ({ userName: locator('username', userName) });

let sandbox: Sandbox;
let control: SandboxControl;
let credentials: Parameters<typeof pollContext>[1];

beforeAll(async () => {
  ({ sandbox, control, credentials } = await sandboxForPolls());
});
afterAll(() => sandbox.close());
afterEach(() => control.clearFaults());

/** One trigger node across polls, as an active workflow runs it. */
class ActiveTrigger {
  readonly staticData: IDataObject = {};
  readonly emitted: string[] = [];
  readonly warnings: string[] = [];
  lastRequests: string[] = [];
  sessionId: string | undefined;

  constructor(
    readonly parameters: Record<string, unknown>,
    readonly pollBudgetMs?: number,
  ) {}

  async poll(): Promise<IDataObject[]> {
    const harness = pollContext(this.parameters, credentials, {
      staticData: this.staticData,
      ...(this.sessionId ? { sessionId: this.sessionId } : {}),
      ...(this.pollBudgetMs === undefined ? {} : { pollBudgetMs: this.pollBudgetMs }),
    });
    const output = await trigger.poll.call(harness.context);
    this.lastRequests = harness.requests;
    this.warnings.push(...harness.warnings);
    const items = (output?.[0] ?? []).map((item: INodeExecutionData) => item.json);
    this.emitted.push(...items.map((json) => String(json.id)));
    return items;
  }

  async ids(): Promise<string[]> {
    return (await this.poll()).map((json) => String(json.id));
  }

  /** Polls until nothing is left to emit: a burst past the page budget takes several polls. */
  async drain(): Promise<string[]> {
    const all: string[] = [];
    for (let polls = 0; polls < 20; polls += 1) {
      const ids = await this.ids();
      all.push(...ids);
      const backlog = (this.staticData.socialDataWatch as { backlog?: unknown }).backlog;
      if (ids.length === 0 && backlog === undefined) return all;
    }
    throw new Error('the trigger never settled');
  }
}

/**
 * A removal event: two accounts join before activation, and leave between polls; they are
 * emitted oldest first, as they joined.
 */
function removal(
  role: string,
  owner: { owner?: string; list_id?: string },
  parameters: Record<string, unknown>,
) {
  let accounts: string[] = [];
  return {
    parameters,
    before: async () => {
      accounts = control.strangers(2);
      await control.join(role, owner, accounts);
    },
    change: async () => {
      for (const account of accounts) await control.leave(role, owner, account);
      return accounts;
    },
  };
}

const everyEvent: Record<
  FeedId,
  { parameters: Record<string, unknown>; before?: () => Promise<void>; change: () => Promise<string[]> }
> = {
  unfollowedBy: removal('followers', { owner: 'followers_200' }, byName('followers_200')),
  stoppedFollowing: removal('following', { owner: 'social_data' }, byName('social_data')),
  leftList: removal('listMembers', { list_id: LIST }, { list_id: locator('id', LIST) }),
  unmutedAccount: removal('muted', {}, {}),
  newTweet: { parameters: byName('social_data'), change: () => control.tweet('social_data', 2) },
  newReply: {
    parameters: byName('social_data'),
    change: () => control.tweet('social_data', 1, { feed: 'replies' }),
  },
  newMediaTweet: {
    parameters: byName('social_data'),
    change: () => control.tweet('social_data', 1, { feed: 'media' }),
  },
  newListTweet: {
    parameters: { list_id: locator('id', LIST) },
    change: async () => {
      const [member] = control.strangers(1);
      await control.join('listMembers', { list_id: LIST }, [member!]);
      return control.tweet(member!, 2);
    },
  },
  newCommunityTweet: {
    parameters: { community_id: locator('id', COMMUNITY) },
    change: () => control.tweet('one_follower', 1, { community_id: COMMUNITY }),
  },
  newCommunityMedia: {
    parameters: { community_id: locator('url', `https://x.com/i/communities/${COMMUNITY}`) },
    change: () => control.tweet('one_follower', 1, { community_id: COMMUNITY, feed: 'media' }),
  },
  newBookmark: {
    parameters: {},
    change: async () => {
      const [id] = await control.tweet('followers_1k', 1, { feed: 'replies' });
      await control.bookmark(id!);
      return [id!];
    },
  },
  newForYouTweet: { parameters: {}, change: () => control.tweet('followers_200', 1) },
  newFollower: {
    parameters: byName('social_data'),
    change: async () => {
      const accounts = control.strangers(2);
      await control.join('followers', { owner: 'social_data' }, accounts);
      return accounts;
    },
  },
  newFollowing: {
    parameters: { userName: locator('url', 'https://x.com/social_data') },
    change: async () => {
      const accounts = control.strangers(1);
      await control.join('following', { owner: 'social_data' }, accounts);
      return accounts;
    },
  },
  newMutualFollower: {
    parameters: byName('social_data'),
    change: async () => {
      const accounts = control.strangers(1);
      await control.join('mutuals', { owner: 'social_data' }, accounts);
      return accounts;
    },
  },
  newListMember: {
    parameters: { list_id: locator('url', `https://x.com/i/lists/${LIST}`) },
    change: async () => {
      const accounts = control.strangers(3);
      await control.join('listMembers', { list_id: LIST }, accounts);
      return accounts;
    },
  },
  newListSubscriber: {
    parameters: { list_id: locator('id', LIST) },
    change: async () => {
      const accounts = control.strangers(1);
      await control.join('listSubscribers', { list_id: LIST }, accounts);
      return accounts;
    },
  },
  newMutedAccount: {
    parameters: {},
    change: async () => {
      const accounts = control.strangers(1);
      await control.join('muted', {}, accounts);
      return accounts;
    },
  },
};

describe('every event', () => {
  it('covers the whole feed catalog', () => {
    expect(Object.keys(everyEvent).sort()).toEqual([...feedIds].sort());
  });

  it.each(feedIds)('%s: nothing on activation, then exactly what changed, oldest first', async (event) => {
    const { parameters, before, change } = everyEvent[event];
    await before?.();
    const active = new ActiveTrigger({ event, ...parameters });
    expect(await active.ids()).toEqual([]);
    if (feeds[event].order === 'time') {
      expect(active.staticData.socialDataWatch).toMatchObject({ v: 1, seen: expect.any(Array) });
      expect(active.lastRequests).toHaveLength(1);
    } else {
      // A position feed remembers its top 1,000 ids, in 5 requests at most, so that removals
      // of the newest ones cannot hide what it knows; one more reads the account's count of
      // its followers or following, for the counter audit.
      const spec: EndpointSpec = catalog[feeds[event].endpoint];
      const counted = spec.counter !== undefined;
      expect(active.staticData.socialDataWatch).toMatchObject({
        v: 2,
        segments: [{ ids: expect.any(Array) }],
        ...(counted ? { audit: { count: expect.any(Number), owed: 0, since: 0 } } : {}),
      });
      expect(active.lastRequests.length).toBeLessThanOrEqual(counted ? 6 : 5);
    }
    expect(await active.ids()).toEqual([]);

    const added = await change();
    expect(await active.ids()).toEqual(added);
    expect(await active.ids()).toEqual([]);
  });

  it.each(feedIds)('%s: a manual run shows the newest item and leaves the state alone', async (event) => {
    const { parameters } = everyEvent[event];
    const harness = pollContext({ event, ...parameters }, credentials, { mode: 'manual' });
    const output = await trigger.poll.call(harness.context);
    expect(output?.[0]).toHaveLength(1);
    expect(output?.[0]?.[0]?.json.id).toEqual(expect.any(String));
    expect(harness.staticData).toEqual({});
    expect(harness.requests).toHaveLength(1);
  });
});

describe('new followers', () => {
  it.each([0, 1, 25, 250])('emits each of %i new followers exactly once', async (count) => {
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_1k') });
    await active.poll();
    const joined = control.strangers(count);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    expect(await active.drain()).toEqual(joined);
    expect(active.emitted).toEqual(joined);
  });

  it("checks a burst against the account's follower count while reading it, and says nothing when it comes out whole (the counter audit)", async () => {
    const active = new ActiveTrigger({
      event: 'newFollower',
      ...byName('followers_1k'),
      options: { maxPages: 2 },
    });
    await active.poll();
    expect(active.lastRequests[0]).toBe('GET /social/user/followers_1k');
    const joined = control.strangers(1500);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    const counts: number[] = [];
    const all: IDataObject[] = [];
    for (let poll = 0; poll < 12; poll += 1) {
      all.push(...(await active.poll()));
      counts.push(
        active.lastRequests.filter((request) => request === 'GET /social/user/followers_1k').length,
      );
    }
    expect(all.filter((item) => item.notice !== undefined)).toEqual([]);
    expect(new Set(active.emitted)).toEqual(new Set(joined));
    expect(active.emitted).toHaveLength(joined.length);
    // The poll that meets the burst does not know of it yet; each poll after reads the count
    // once while the burst is open; a calm feed only every 10th poll.
    expect(counts[0]).toBe(0);
    expect(counts.slice(1, 4)).toEqual([1, 1, 1]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(8);
  });

  it("reads no further once n8n's poll budget is spent (its durable scheduler), and emits the rest in later polls, each once", async () => {
    // A budget of 1 ms is spent after the first page of every walk: the head reads one page, a
    // gap its last page again and one more.
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_1k') }, 1);
    await active.poll();
    const joined = control.strangers(700);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    const pages: number[] = [];
    for (let polls = 0; polls < 30 && active.emitted.length < joined.length; polls += 1) {
      await active.poll();
      pages.push(active.lastRequests.filter((request) => request.endsWith('/followers')).length);
    }
    expect(await active.ids()).toEqual([]);
    expect(active.emitted).toEqual(joined);
    expect(Math.max(...pages)).toBeLessThanOrEqual(3);
  });

  it('emits a re-follow again once a poll has seen the unfollow', async () => {
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_201') });
    await active.poll();
    const response = await fetch(`${sandbox.url}/social/user/followers_201/followers?count=3`, {
      headers: { 'X-API-Key': API_KEY },
    });
    const first = ((await response.json()) as { data: { followers: Array<{ id: string }> } }).data
      .followers[2]!.id;
    await control.leave('followers', { owner: 'followers_201' }, first);
    expect(await active.ids()).toEqual([]);
    await control.join('followers', { owner: 'followers_201' }, [first]);
    expect(await active.ids()).toEqual([first]);
    expect(await active.ids()).toEqual([]);
  });

  it('keeps its state through a failed poll and emits everything on the next one', async () => {
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_1k') });
    await active.poll();
    const before = JSON.stringify(active.staticData);
    const joined = control.strangers(3);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    await control.fault({ fault: 'error-200', times: 1, endpoint: 'getUserFollowers' });
    const failure = await active.poll().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NodeApiError);
    expect(JSON.stringify(active.staticData)).toBe(before);
    expect(await active.ids()).toEqual(joined);
  });

  it('flattens records with Simplify', async () => {
    const active = new ActiveTrigger({
      event: 'newFollower',
      ...byName('followers_200'),
      options: { simplify: true },
    });
    await active.poll();
    const [joined] = control.strangers(1);
    await control.join('followers', { owner: 'followers_200' }, [joined!]);
    const [record] = await active.poll();
    expect(record).toMatchObject({ id: joined, profile_url: expect.stringContaining('https://x.com/') });
  });

  it('starts over, emitting nothing, when the account changes', async () => {
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_199') });
    await active.poll();
    Object.assign(active.parameters, byName('followers_200'));
    await control.join('followers', { owner: 'followers_200' }, control.strangers(2));
    expect(await active.ids()).toEqual([]);
  });
});

describe('polls that overlap', () => {
  it('emits a burst once when the next poll starts before the last one has ended', async () => {
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_1k') });
    await active.poll();
    const joined = control.strangers(250);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    const [first, second] = await Promise.all([active.ids(), active.ids()]);
    expect(first).toEqual(joined);
    expect(second).toEqual([]);
    expect(active.warnings).toEqual([
      expect.stringMatching(/skipped this poll because the previous one is still running/),
    ]);
    expect(await active.ids()).toEqual([]);
    expect(active.emitted).toEqual(joined);
  });

  it('runs the next poll once a poll has held its trigger past the limit, and frees it after', async () => {
    let clock = 0;
    const now = () => clock;
    const harness = pollContext({}, credentials, { workflowId: 'lost-poll' });
    const emitted = (id: string) => async () => [[{ json: { id } }]];
    void oneAtATime(harness.context, () => new Promise<never>(() => {}), now);
    clock = HELD_AT_MOST_MS - 1;
    expect(await oneAtATime(harness.context, emitted('skipped'), now)).toBeNull();
    clock = HELD_AT_MOST_MS;
    expect(await oneAtATime(harness.context, emitted('after'), now)).toEqual([[{ json: { id: 'after' } }]]);
    expect(await oneAtATime(harness.context, emitted('next'), now)).toEqual([[{ json: { id: 'next' } }]]);
    expect(harness.warnings).toEqual([expect.stringContaining('still running after 600 s')]);
  });

  it('never holds back a manual Fetch Test Event', async () => {
    const harness = pollContext({}, credentials, { workflowId: 'manual-beside', mode: 'manual' });
    const busy = pollContext({}, credentials, { workflowId: 'manual-beside' });
    void oneAtATime(busy.context, () => new Promise<never>(() => {}));
    expect(await oneAtATime(harness.context, async () => [[{ json: { id: '1' } }]])).toEqual([
      [{ json: { id: '1' } }],
    ]);
  });
});

describe('own-session events', () => {
  it('start over, emitting nothing, when the session credential changes to another account', async () => {
    const active = new ActiveTrigger({ event: 'newBookmark' });
    active.sessionId = 'sessionOfAlice';
    await active.poll();
    const [first] = await control.tweet('followers_199', 1);
    await control.bookmark(first!);
    expect(await active.ids()).toEqual([first]);
    active.sessionId = 'sessionOfBob';
    const [second] = await control.tweet('followers_199', 1);
    await control.bookmark(second!);
    expect(await active.ids()).toEqual([]);
    const [third] = await control.tweet('followers_199', 1);
    await control.bookmark(third!);
    expect(await active.ids()).toEqual([third]);
  });
});

describe('new tweets', () => {
  it.each([0, 1, 25])('emits each of %i new tweets exactly once, oldest first', async (count) => {
    const active = new ActiveTrigger({ event: 'newTweet', ...byName('followers_100k') });
    await active.poll();
    const posted = await control.tweet('followers_100k', count);
    expect(await active.drain()).toEqual(posted);
  });

  it('emits each of 250 new tweets exactly once: the newest 200 first, then the rest', async () => {
    const active = new ActiveTrigger({ event: 'newTweet', ...byName('followers_100k') });
    await active.poll();
    const posted = await control.tweet('followers_100k', 250);
    // Ten requests of 20 reach the newest 200; the next poll goes on from there.
    expect(await active.ids()).toEqual(posted.slice(50));
    expect(await active.drain()).toEqual(posted.slice(0, 50));
    expect(active.emitted.length).toBe(250);
  });

  it('catches up over several polls past Max Pages per Poll, without skipping or repeating', async () => {
    const active = new ActiveTrigger({
      event: 'newTweet',
      ...byName('followers_1m'),
      options: { maxPages: 2 },
    });
    await active.poll();
    const burst = await control.tweet('followers_1m', 70);
    const first = await active.ids();
    expect(first).toEqual(burst.slice(30));
    expect(active.lastRequests).toHaveLength(2);
    expect(active.warnings.join()).toContain('the rest follow in the next poll');
    const during = await control.tweet('followers_1m', 3);
    const rest = await active.drain();
    expect([...first, ...rest].sort()).toEqual([...burst, ...during].sort());
    expect(new Set(active.emitted).size).toBe(active.emitted.length);
  });
});

describe('errors', () => {
  it('names the field when the account is not a username, before any request', async () => {
    const harness = pollContext({ event: 'newFollower', ...byName('not a name!') }, credentials);
    const error = await trigger.poll.call(harness.context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as Error).message).toMatch(/^Username: /);
    expect(harness.requests).toEqual([]);
  });

  it.each([
    ['emptied', '', undefined],
    ['not a number', 'abc', /^Max Pages per Poll: "abc" is not a whole number/],
    ['far too high', 100_000, /^Max Pages per Poll: 100000 is out of range/],
  ])(
    'reads Max Pages per Poll %s as an action reads its numbers, before any request (issue 38 case 6)',
    async (_, maxPages, refused) => {
      const harness = pollContext(
        { event: 'newFollower', ...byName('followers_1k'), options: { maxPages } },
        credentials,
      );
      const outcome = await trigger.poll.call(harness.context).catch((caught: unknown) => caught);
      if (!refused) {
        expect(outcome).not.toBeInstanceOf(Error);
        expect(harness.requests.length).toBeGreaterThan(0);
        return;
      }
      expect(outcome).toBeInstanceOf(NodeOperationError);
      expect((outcome as Error).message).toMatch(refused);
      expect((outcome as Error).message).not.toMatch(/NaN/);
      expect(harness.requests).toEqual([]);
    },
  );

  it.each([
    ['the Session Cookie and the Proxy URL', {}],
    ['the Session Cookie', { proxy: PROXY }],
    ['the Proxy URL', { cookie: COOKIE }],
  ])('asks for %s on own-session events, before any request', async (missing, session) => {
    const { apiKey, baseUrl } = credentials.socialDataApi;
    const harness = pollContext({ event: 'newBookmark' }, { socialDataApi: { apiKey, baseUrl, ...session } });
    const error = await trigger.poll.call(harness.context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NodeOperationError);
    expect((error as Error).message).toBe(
      `Add ${missing} in the "Social Data API" credential (needed by the New Bookmark event)`,
    );
    expect(harness.requests).toEqual([]);
    const { message, description } = error as NodeOperationError;
    expect(leakedSecrets([message, description, error])).toEqual([]);
  });

  it('reports a bad key as a 401 and stores nothing', async () => {
    const harness = pollContext(
      { event: 'newTweet', ...byName('social_data') },
      {
        ...credentials,
        socialDataApi: { ...credentials.socialDataApi, apiKey: 'tda_wrong_key_000' },
      },
    );
    const error = await trigger.poll.call(harness.context).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ httpCode: '401' });
    expect(harness.staticData).toEqual({});
  });

  it('names the account a 404 did not find, and the event as the panel names it', async () => {
    const harness = pollContext({ event: 'newFollower', ...byName('no_such_account') }, credentials);
    const error = await trigger.poll.call(harness.context).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ httpCode: '404' });
    expect((error as Error).message).toMatch(
      /^Username "no_such_account" was not found \(HTTP 404 on the New Follower event\): /,
    );
  });

  // Issue 40 point 2: n8n's own words only, for a rejected key, a 404 and a missing session.
  it.each([
    [
      'a rejected key',
      { event: 'newFollower', ...byName('followers_1k') },
      { apiKey: 'tda_not_known_here_1' },
    ],
    ['a 404', { event: 'newFollower', ...byName('no_such_account') }, {}],
    ['a missing session', { event: 'newBookmark' }, { cookie: '', proxy: '' }],
  ])(
    'speaks of n8n only on %s: the credential by name, the event, no other product',
    async (_, parameters, credential) => {
      const harness = pollContext(parameters, {
        socialDataApi: { ...credentials.socialDataApi, ...credential },
      });
      const error = (await trigger.poll
        .call(harness.context)
        .catch((caught: unknown) => caught)) as NodeOperationError;
      const words = `${error.message}\n${error.description ?? ''}`;
      expect(words).not.toMatch(/Zapier|connection \(|social-data |\bgetUser\w*\b|SOCIAL_DATA_/);
      expect(words).toMatch(/the New (Follower|Bookmark) event|"Social Data API" credential/);
    },
  );

  it('says so when a manual run finds an empty feed', async () => {
    const harness = pollContext({ event: 'newFollower', ...byName('no_followers') }, credentials, {
      mode: 'manual',
    });
    await expect(trigger.poll.call(harness.context)).rejects.toThrow('Nothing to show yet');
  });

  it('never puts the key, cookie or proxy password in state, items, notes or errors', async () => {
    const active = new ActiveTrigger({ event: 'newMutedAccount', options: { maxPages: 1 } });
    await active.poll();
    await control.join('muted', {}, control.strangers(300));
    const items = await active.poll();
    await control.fault({ fault: 'error-200', times: 1 });
    const error = await active.poll().catch((caught: unknown) => caught);
    const everything = JSON.stringify([
      active.staticData,
      items,
      active.warnings,
      error,
      (error as Error).message,
    ]);
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
  });
});

it("lists every event in the picker under its feed's name, with the fields that feed needs", () => {
  const { properties } = trigger.description;
  const picker = properties.find((property) => property.name === 'event');
  const options = picker?.options as Array<{ name: string; value: FeedId }>;
  expect(options.map((option) => option.value).sort()).toEqual([...feedIds].sort());
  for (const { name, value } of options) {
    expect(name).toBe(feeds[value].displayName);
    const shown = properties
      .filter((property) => (property.displayOptions?.show?.event as string[] | undefined)?.includes(value))
      .map((property) => property.name);
    const needed = inputParams(feeds[value].endpoint)
      .filter(([, spec]) => spec.required)
      .map(([param]) => param)
      .concat(takesManyAccounts(value) ? ['accounts', 'userNames'] : []);
    expect([value, ...shown.sort()]).toEqual([value, ...needed.sort()]);
  }
});

describe('filters', () => {
  it('emits only new tweets with a keyword as a whole word, any case or accent; the others never, not even later', async () => {
    const active = new ActiveTrigger({
      event: 'newTweet',
      ...byName('followers_199'),
      options: { keywords: 'cafe, launch day' },
    });
    await active.poll();
    const texts = ['Un CAFÉ?', 'cafeteria food', 'Launch-day at last', 'no match here', '#cafe'];
    const ids: string[] = [];
    for (const text of texts) ids.push(...(await control.tweet('followers_199', 1, { text })));
    expect(await active.ids()).toEqual([ids[0], ids[2], ids[4]]);
    Object.assign(active.parameters, { options: {} });
    expect(await active.ids()).toEqual([]);
  });

  it('emits no reply of New Reply when replies are excluded', async () => {
    const active = new ActiveTrigger({
      event: 'newReply',
      ...byName('followers_199'),
      options: { replies: 'exclude' },
    });
    await active.poll();
    await control.tweet('followers_199', 2, { feed: 'replies' });
    expect(await active.ids()).toEqual([]);
  });

  it('a manual run shows the newest tweet that passes, or says none of the newest does', async () => {
    const [id] = await control.tweet('one_follower', 1, { text: 'a rare word: quokka' });
    await control.tweet('one_follower', 2);
    const found = pollContext(
      { event: 'newTweet', ...byName('one_follower'), options: { keywords: 'Quokka' } },
      credentials,
      { mode: 'manual' },
    );
    const output = await trigger.poll.call(found.context);
    expect(output?.[0]?.map((item) => item.json.id)).toEqual([id]);
    const none = pollContext(
      { event: 'newTweet', ...byName('one_follower'), options: { keywords: 'zzyzx' } },
      credentials,
      { mode: 'manual' },
    );
    await expect(trigger.poll.call(none.context)).rejects.toThrow(
      /none of the newest tweets .* passes the filters/,
    );
  });
});

describe('many accounts in one trigger', () => {
  const many = (userNames: string) => ({ event: 'newTweet', accounts: 'many', userNames });

  it('emits each account’s new tweets once, oldest first, each with its account', async () => {
    const active = new ActiveTrigger(many('social_data, @followers_200\nhttps://x.com/one_follower'));
    expect(await active.poll()).toEqual([]);
    const a = await control.tweet('social_data', 2);
    const b = await control.tweet('one_follower', 1);
    const c = await control.tweet('followers_200', 1);
    const items = await active.poll();
    expect(items.map((item) => [item.id, item.watched_account])).toEqual([
      [a[0], 'social_data'],
      [a[1], 'social_data'],
      [b[0], 'one_follower'],
      [c[0], 'followers_200'],
    ]);
    expect(await active.poll()).toEqual([]);
  });

  it('an account that fails is reported once and holds nobody up; one added starts quiet; one removed is forgotten', async () => {
    const active = new ActiveTrigger(many('followers_199, no_such_account_x'));
    expect(await active.poll()).toEqual([
      { watched_account: 'no_such_account_x', error: expect.stringMatching(/not found/i) },
    ]);
    const [first] = await control.tweet('followers_199', 1);
    expect(await active.poll()).toEqual([
      expect.objectContaining({ id: first, watched_account: 'followers_199' }),
    ]);
    expect(active.warnings.some((warning) => warning.includes('@no_such_account_x could not be read'))).toBe(
      true,
    );

    Object.assign(active.parameters, many('followers_199, followers_1k'));
    await control.tweet('followers_1k', 3);
    expect(await active.poll()).toEqual([]);
    const state = active.staticData.socialDataWatch as {
      accounts: Record<string, unknown>;
      failing?: string[];
    };
    expect(Object.keys(state.accounts)).toEqual(['followers_199', 'followers_1k']);
    expect(state.failing).toBeUndefined();
  });

  it('does not report again an account that was failing when the workflow was saved by an older version', async () => {
    const active = new ActiveTrigger(many('followers_199, no_such_account_v'));
    expect(await active.poll()).toHaveLength(1);
    // An older version kept the failing accounts beside the watch.
    const state = active.staticData.socialDataWatch as { failing?: string[] };
    delete state.failing;
    active.staticData.socialDataFailing = { no_such_account_v: 'User not found' };
    expect(await active.poll()).toEqual([]);
    expect(active.staticData.socialDataFailing).toBeUndefined();
    expect((active.staticData.socialDataWatch as { failing?: string[] }).failing).toEqual([
      'no_such_account_v',
    ]);
  });

  it('fails the poll only when every account fails, naming each of them', async () => {
    const active = new ActiveTrigger(many('no_such_account_y, no_such_account_w'));
    const error = (await active.poll().catch((failure: unknown) => failure)) as Error;
    expect(error.message).toMatch(/not found/i);
    // Said once, naming both, as each account's own message named it.
    expect(error.message).toMatch(/^Username "no_such_account_y", "no_such_account_w" were not found /);
  });

  it('refuses more than 50 accounts or a bad name before any request, naming the field', async () => {
    const names = Array.from({ length: 51 }, (_, at) => `user${at}`).join(',');
    const harness = pollContext(many(names), credentials);
    await expect(trigger.poll.call(harness.context)).rejects.toThrow(/^Usernames: 51 accounts given/);
    const bad = pollContext(many('fine, not a name!'), credentials);
    await expect(trigger.poll.call(bad.context)).rejects.toThrow(/^Usernames: .*not a screen name/);
    expect([...harness.requests, ...bad.requests]).toEqual([]);
  });
});

describe('removal events', () => {
  it('emits the profile of the account that unfollowed, once, looked up by id', async () => {
    const active = new ActiveTrigger({
      event: 'unfollowedBy',
      ...byName('followers_201'),
      options: { simplify: true },
    });
    const [stays, leaves] = control.strangers(2);
    await control.join('followers', { owner: 'followers_201' }, [stays!, leaves!]);
    await active.poll();
    await control.leave('followers', { owner: 'followers_201' }, leaves!);
    const [record] = await active.poll();
    expect(record).toMatchObject({ id: leaves, profile_url: expect.stringContaining('https://x.com/') });
    expect(active.lastRequests.some((request) => request.includes('/social/users/batch'))).toBe(true);
    expect(await active.poll()).toEqual([]);
  });
});

describe('a removal event on a list longer than a poll reads (decision N23)', () => {
  it('says so once, in a notice item the execution shows, and then stays quiet', async () => {
    const active = new ActiveTrigger({
      event: 'unfollowedBy',
      ...byName('followers_1k'),
      options: { maxPages: 1 },
    });
    expect(await active.poll()).toEqual([]);
    const [notice, ...rest] = await active.poll();
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({ notice: 'partial', may_be_missed: 0 });
    expect(String(notice!.message)).toMatch(
      /among the first 200 accounts.*Raise Max Pages per Poll \(under Options\) \(now 1\)/,
    );
    expect(await active.poll()).toEqual([]);
  });
});

describe('when a poll cannot be sure (issue 37, cases 2, 3 and 8)', () => {
  it('emits a notice item the workflow can route on, and no false removal, when the feed answers an empty list', async () => {
    const active = new ActiveTrigger({ event: 'unfollowedBy', ...byName('followers_200') });
    await active.poll();
    await control.fault({ fault: 'empty-list', endpoint: 'getUserFollowers' });
    const [notice, ...rest] = await active.poll();
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({ notice: 'uncertain', may_be_missed: 0 });
    expect(String(notice!.message)).toMatch(/answered an empty list and none of the [\d,]+ items/);
    await control.clearFaults();
    // The list is back: nobody left, and the poll is sure again.
    expect(await active.poll()).toEqual([]);
  });

  it('takes a blank cursor for a stall: nothing decided, a notice, and every new follower on the next poll', async () => {
    const active = new ActiveTrigger({ event: 'newFollower', ...byName('followers_1k') });
    await active.poll();
    const joined = control.strangers(250);
    await control.join('followers', { owner: 'followers_1k' }, joined);
    await control.fault({ fault: 'blank-cursor', endpoint: 'getUserFollowers', times: 1 });
    // The first page holds only new followers and no way on: nothing is known to be old yet.
    const stalled = await active.poll();
    expect(stalled).toEqual([expect.objectContaining({ notice: 'uncertain', may_be_missed: 0 })]);
    expect(String(stalled[0]!.message)).toContain('gave no way to read them');
    expect(await active.ids()).toEqual(joined);
  });
});
