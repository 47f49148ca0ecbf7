import nock from 'nock';

import { feedPages } from '../../src';
import type { FeedPage } from '../../src';
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
});
