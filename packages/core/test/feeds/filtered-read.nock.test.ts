import nock from 'nock';
import { filteredReadNotice, readFiltered } from '../../src/feeds';
import { tweetFilter } from '../../src/feeds/filter';
import type { Tweet } from '../../src';
import { BASE, testClient } from '../support/client';
import { ok, tweets } from '../support/fixtures';

afterEach(() => nock.cleanAll());

/** A user's tweets, 20 a page for ever; every fifth one says "launch". */
function endlessTweets() {
  let requests = 0;
  nock(BASE)
    .persist()
    .get('/social/user/jack/tweets')
    .query(true)
    .reply(() => {
      const page = requests;
      requests += 1;
      const records = tweets(page * 20, 20).map((tweet, at) => ({
        ...tweet,
        text: at % 5 === 0 ? 'Launch day' : 'nothing',
      }));
      return [200, ok({ tweets: records, has_next_page: true, next_cursor: `c${page + 1}` })];
    });
  return { requests: () => requests };
}

describe('a filtered read of a feed action', () => {
  it('Limit counts the tweets that passed: 10 of them take 3 pages of 20', async () => {
    const server = endlessTweets();
    const { client } = testClient();
    const paginator = client.paginate('getUserTweets', { userName: 'jack' }, { maxPages: 50 });
    const out: Tweet[] = [];
    const summary = await readFiltered(paginator, tweetFilter({ keywords: 'launch' }), 10, (tweet) => {
      out.push(tweet as Tweet);
    });
    expect(out).toHaveLength(10);
    // 4 a page pass: the tenth is the sixth tweet of page 3.
    expect(summary).toMatchObject({ kept: 10, read: 46, pages: 3, capped: false });
    expect(server.requests()).toBe(3);
    expect(filteredReadNotice(summary)).toBeUndefined();
  });

  it('a filter that matches nothing stops at the page cap and says how many were read', async () => {
    const server = endlessTweets();
    const { client } = testClient();
    const paginator = client.paginate('getUserTweets', { userName: 'jack' }, { maxPages: 7 });
    const summary = await readFiltered(paginator, tweetFilter({ keywords: 'zzyzx' }), undefined, () => {});
    expect(summary).toEqual({ read: 140, kept: 0, pages: 7, capped: true });
    expect(server.requests()).toBe(7);
    expect(filteredReadNotice(summary)).toBe(
      'Read 140 tweets on 7 pages and 0 passed the filters; reading stopped at the page cap (Max Pages 7). Raise Max Pages to read further, or loosen the filters.',
    );
  });

  it('says so when a whole feed was read and nothing passed, and counts in the singular', () => {
    expect(filteredReadNotice({ read: 45, kept: 0, pages: 3, capped: false })).toBe(
      'Read 45 tweets on 3 pages and none passed the filters. Loosen the filters to keep some.',
    );
    expect(filteredReadNotice({ read: 20, kept: 0, pages: 1, capped: true })).toMatch(
      /^Read 20 tweets on 1 page and/,
    );
    // Something passed, or nothing was there to pass: nothing to say.
    expect(filteredReadNotice({ read: 45, kept: 2, pages: 3, capped: false })).toBeUndefined();
    expect(filteredReadNotice({ read: 0, kept: 0, pages: 1, capped: false })).toBeUndefined();
  });
});
