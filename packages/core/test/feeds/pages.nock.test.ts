import nock from 'nock';

import { feedPages } from '../../src/feeds';
import type { FeedPage } from '../../src/feeds';
import { BASE, testClient } from '../support/client';
import { ok, tweets, users } from '../support/fixtures';

async function readAll<R>(pages: AsyncIterable<FeedPage<R>>): Promise<FeedPage<R>[]> {
  const all: FeedPage<R>[] = [];
  for await (const page of pages) all.push(page);
  return all;
}

/** How a trigger reads a feed: the end of a feed told apart from pages that only look like one. */
describe('feedPages', () => {
  afterEach(() => nock.cleanAll());

  it('goes on past an empty account page that still carries a live cursor', async () => {
    const followers = () => nock(BASE).get('/social/user/jack/followers');
    followers().reply(200, ok({ followers: users(0, 2), next_cursor: '2|11' }));
    followers()
      .query({ cursor: '2|11' })
      .reply(200, ok({ followers: [], next_cursor: '2|12' }));
    followers()
      .query({ cursor: '2|12' })
      .reply(200, ok({ followers: users(2, 2), next_cursor: '0|13' }));
    followers()
      .query({ cursor: '0|13' })
      .reply(200, ok({ followers: [], next_cursor: '0|13' }));
    const { client } = testClient();
    const pages = await readAll(feedPages(client, 'getUserFollowers', { userName: 'jack' })(undefined));
    expect(pages.map((page) => page.records.length)).toEqual([2, 0, 2, 0]);
    expect(pages.map((page) => page.has_next_page)).toEqual([true, true, true, false]);
    expect(pages.some((page) => page.stalled)).toBe(false);
  });

  it('with a deadline, asks for another page only while one can still end before it', () => {
    const { client } = testClient();
    const params = { userName: 'jack' };
    expect(feedPages(client, 'getUserFollowers', params).more).toBeUndefined();
    expect(feedPages(client, 'getUserFollowers', params, Date.now() + 3_600_000).more?.()).toBe(true);
    expect(feedPages(client, 'getUserFollowers', params, Date.now() - 1).more?.()).toBe(false);
    expect(feedPages(client, 'getUserTweets', params, Date.now() - 1).more?.()).toBe(false);
  });

  it('marks a cursor the API already gave as a stall, not the end of the feed', async () => {
    const timeline = () => nock(BASE).get('/social/user/jack/tweets');
    timeline().reply(200, ok({ tweets: tweets(0, 2), has_next_page: true, next_cursor: 'A' }));
    timeline()
      .query({ cursor: 'A' })
      .reply(200, ok({ tweets: tweets(2, 2), has_next_page: true, next_cursor: 'A' }));
    const { client } = testClient();
    const pages = await readAll(feedPages(client, 'getUserTweets', { userName: 'jack' })(undefined));
    expect(pages).toHaveLength(2);
    expect(pages[1]).toMatchObject({ has_next_page: false, stalled: true });
  });

  it('ends where a tweet page says there is no more', async () => {
    nock(BASE)
      .get('/social/user/jack/tweets')
      .query({ cursor: 'B' })
      .reply(200, ok({ tweets: tweets(0, 1), has_next_page: false, next_cursor: '' }));
    const { client } = testClient();
    const pages = await readAll(feedPages(client, 'getUserTweets', { userName: 'jack' })('B'));
    expect(pages).toEqual([expect.objectContaining({ has_next_page: false })]);
    expect(pages[0]!.stalled).toBeUndefined();
  });

  it.each([
    [
      'a tweet page that claims more with no cursor',
      'getUserTweets',
      'tweets',
      { has_next_page: true, next_cursor: '' },
    ],
    [
      'a tweet page that claims more with a cursor of spaces',
      'getUserTweets',
      'tweets',
      { has_next_page: true, next_cursor: '   ' },
    ],
    ['an account page with a cursor of spaces', 'getUserFollowers', 'followers', { next_cursor: ' \t ' }],
  ] as const)(
    'takes %s for a stall, not the end of the feed (issue 37, case 2)',
    async (_, endpoint, path, tail) => {
      const records = path === 'tweets' ? tweets(0, 2) : users(0, 2);
      nock(BASE)
        .get(`/social/user/jack/${path}`)
        .reply(200, ok({ [path]: records, ...tail }));
      const { client } = testClient();
      const pages = await readAll(feedPages(client, endpoint, { userName: 'jack' })(undefined));
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatchObject({ has_next_page: false, stalled: true });
      expect(pages[0]!.records).toHaveLength(2);
    },
  );

  it('looks held-back items up by id: accounts 100 a request, an account the API no longer has left out', async () => {
    const ids = Array.from({ length: 150 }, (_, at) => String(1000 + at));
    nock(BASE)
      .get('/social/users/batch')
      .query((query) => String(query.userIds).split(',').length === 100)
      .reply(200, ok(ids.slice(0, 100).map((id) => ({ ...users(0, 1)[0], id }))));
    nock(BASE)
      .get('/social/users/batch')
      .query((query) => String(query.userIds).split(',').length === 50)
      .reply(404, { status: 'error', msg: 'User not found' });
    const { client } = testClient();
    const found = await feedPages(client, 'getUserFollowers', { userName: 'jack' }).lookup!(ids);
    expect(found.map((user) => user.id)).toEqual(ids.slice(0, 100));
  });

  it('looks held-back tweets up by id with the tweet lookup', async () => {
    nock(BASE)
      .get('/social/tweets/lookup')
      .query(true)
      .reply(200, ok(tweets(5, 2)));
    const { client } = testClient();
    const wanted = tweets(5, 2).map((tweet) => tweet.id);
    const found = await feedPages(client, 'getBookmarks', {}).lookup!(wanted);
    expect(found.map((tweet) => tweet.id)).toEqual(wanted);
  });
});
