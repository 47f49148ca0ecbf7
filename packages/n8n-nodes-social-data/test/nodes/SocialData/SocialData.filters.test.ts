import nock from 'nock';

import { api, apiCredential, ok, tweet } from '../../support/api';
import { hintsOf, runNode } from '../../support/workflow';
import { stopN8nTimers } from '../../support/n8n-timers';

afterAll(stopN8nTimers);

const credentials = { socialDataApi: apiCredential };
const byName = (value: string) => ({ __rl: true, mode: 'username', value });

/** A feed of tweets the test describes page by page (none is the last unless it says so). */
function tweetFeed(pageOf: (page: number) => { records: object[]; last?: boolean }) {
  let requests = 0;
  const scope = api()
    .persist()
    .get('/social/user/social_data/tweets')
    .query(true)
    .reply(() => {
      const page = requests;
      requests += 1;
      const { records, last = false } = pageOf(page);
      return [200, ok({ tweets: records, has_next_page: !last, next_cursor: last ? '' : `c${page + 1}` })];
    });
  return { scope, requests: () => requests };
}

/** 20 tweets a page, for ever; tweet n says "Launch" when n is a multiple of 5, and has n likes. */
function endlessTweets() {
  return tweetFeed((page) => ({
    records: Array.from({ length: 20 }, (_, at) => {
      const n = page * 20 + at;
      return { ...tweet(n), text: n % 5 === 0 ? `Launch ${n}` : `Tweet ${n}` };
    }),
  }));
}

const tweets = (options: object, paging: object = { limit: 10 }) => ({
  resource: 'user',
  operation: 'getUserTweets',
  userName: byName('social_data'),
  ...paging,
  options,
});

describe('filters on tweet operations', () => {
  // Persisting scopes stay until cleaned.
  afterEach(() => nock.cleanAll());

  it('Limit counts tweets that passed: 10 with the keyword take 3 pages', async () => {
    const server = endlessTweets();
    const { items, error } = await runNode(tweets({ keywords: 'launch' }), { credentials });
    expect(error).toBeUndefined();
    expect(items).toHaveLength(10);
    expect(items.every((item) => /^Launch /.test(String(item.json.text)))).toBe(true);
    expect(server.requests()).toBe(3);
  });

  it('minimum likes keeps only tweets with enough of them', async () => {
    endlessTweets();
    const { items } = await runNode(tweets({ minLikes: 30 }), { credentials });
    expect(items.map((item) => item.json.likeCount)).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
  });

  it('Return All with a filter that matches nothing stops at Max Pages and says how many were read', async () => {
    const server = endlessTweets();
    const { items, run } = await runNode(tweets({ keywords: 'zzyzx', maxPages: 4 }, { returnAll: true }), {
      credentials,
    });
    expect(items).toEqual([]);
    expect(server.requests()).toBe(4);
    expect(hintsOf(run)).toEqual([
      'Read 80 tweets on 4 pages and 0 passed the filters; reading stopped at the page cap (Max Pages 4). Raise Max Pages to read further, or loosen the filters.',
    ]);
  });

  it('a filter that matches nothing of a feed that ends says how many tweets were read, not "No output data" alone', async () => {
    // Two pages of 20, then a last one of 5.
    const server = tweetFeed((page) => ({
      records: Array.from({ length: page === 2 ? 5 : 20 }, (_, at) => tweet(page * 20 + at)),
      last: page === 2,
    }));
    const { items, run } = await runNode(tweets({ keywords: 'zzyzx' }, { limit: 5 }), { credentials });
    expect(items).toEqual([]);
    expect(server.requests()).toBe(3);
    expect(hintsOf(run)).toEqual([
      'Read 45 tweets on 3 pages and none passed the filters. Loosen the filters to keep some.',
    ]);
  });

  it('Created After ends the read at the first page older than it, instead of reading to the cap', async () => {
    // 20 tweets a page, one an hour, newest first, from 2026-01-10 00:00 down.
    const server = tweetFeed((page) => ({
      records: Array.from({ length: 20 }, (_, at) => ({
        ...tweet(page * 20 + at),
        created_at: new Date(Date.UTC(2026, 0, 10) - (page * 20 + at) * 3_600_000).toISOString(),
      })),
    }));
    const { items } = await runNode(tweets({ createdAfter: '2026-01-08T00:00:00Z' }, { returnAll: true }), {
      credentials,
    });
    // The 48 hours after it hold 48 tweets (the one at 00:00 sharp is not after it), on 3 pages.
    expect(items).toHaveLength(48);
    expect(server.requests()).toBe(3);
  });

  it('Output "One File" with a filter stopped at Max Pages says so too, and the file holds what passed', async () => {
    const server = endlessTweets();
    const { items, run } = await runNode(
      tweets(
        { keywords: 'launch', maxPages: 3, outputMode: 'file', fileFormat: 'jsonl' },
        { returnAll: true },
      ),
      { credentials },
    );
    expect(server.requests()).toBe(3);
    expect(items[0]!.json).toMatchObject({ records: 12, pages: 3, ended: 'max_pages' });
    const text = Buffer.from(items[0]!.binary!.data!.data, 'base64').toString('utf8');
    expect(
      text
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { text: string }).text),
    ).toEqual(Array.from({ length: 12 }, (_, at) => `Launch ${at * 5}`));
    expect(hintsOf(run)).toEqual([
      'Read 60 tweets on 3 pages and 12 passed the filters; reading stopped at the page cap (Max Pages 3). Raise Max Pages to read further, or loosen the filters.',
    ]);
  });

  it('Output "One Item per Page" with a filter stopped at Max Pages says so too', async () => {
    const server = endlessTweets();
    const { items, run } = await runNode(
      tweets({ keywords: 'launch', maxPages: 2, outputMode: 'pages' }, { returnAll: true }),
      { credentials },
    );
    expect(server.requests()).toBe(2);
    expect(items.map((item) => (item.json.records as unknown[]).length)).toEqual([4, 4]);
    expect(hintsOf(run)).toEqual([
      'Read 40 tweets on 2 pages and 8 passed the filters; reading stopped at the page cap (Max Pages 2). Raise Max Pages to read further, or loosen the filters.',
    ]);
  });

  it('without Max Pages, a filter stops at 50 pages', async () => {
    const server = endlessTweets();
    const { items } = await runNode(tweets({ keywords: 'zzyzx' }, { returnAll: true }), { credentials });
    expect(items).toEqual([]);
    expect(server.requests()).toBe(50);
  });

  it('refuses a date it cannot read before any request, naming the field', async () => {
    const server = endlessTweets();
    const { error } = await runNode(tweets({ createdAfter: 'soon' }), { credentials });
    expect(String(error?.message)).toMatch(/^Created After: "soon" is not a date/);
    expect(server.requests()).toBe(0);
  });
});
