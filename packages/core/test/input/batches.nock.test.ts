import nock from 'nock';
import { BASE, testClient } from '../support/client';
import { ok, tweets, user } from '../support/fixtures';

function idsOf(query: string): string[] {
  return new URLSearchParams(query).get('userIds')!.split(',');
}

describe('batched id lookups', () => {
  it('de-duplicates, chunks at 100 per request and merges results in input order', async () => {
    const wanted = Array.from({ length: 250 }, (_, i) => user(250 - i).id);
    const seenChunks: string[][] = [];
    nock(BASE)
      .get('/social/users/batch')
      .query(true)
      .times(3)
      .reply(200, (uri) => {
        const ids = idsOf(uri.split('?')[1]!);
        seenChunks.push(ids);
        // The API answers in its own order; the client restores the caller's.
        return ok([...ids].reverse().map((id) => ({ ...user(1), id })));
      });
    const { client } = testClient();
    const pasted = [...wanted, wanted[0], wanted[1]].join('\n');
    const result = await client.call('getUsersByIds', { userIds: pasted });
    expect(seenChunks.map((c) => c.length).sort()).toEqual([100, 100, 50]);
    expect(result.map((u) => u.id)).toEqual(wanted);
  });

  it('runs at most the configured number of chunks at once', async () => {
    let inFlight = 0;
    let peak = 0;
    nock(BASE)
      .get('/social/users/batch')
      .query(true)
      .times(10)
      .delay(20)
      .reply(200, (uri) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        setTimeout(() => (inFlight -= 1), 5);
        return ok(idsOf(uri.split('?')[1]!).map((id) => ({ ...user(1), id })));
      });
    const { client } = testClient({ concurrency: 3 });
    const ids = Array.from({ length: 1000 }, (_, i) => String(1000 + i));
    const result = await client.call('getUsersByIds', { userIds: ids });
    expect(result).toHaveLength(1000);
    expect(peak).toBeLessThanOrEqual(3);
  });

  it('skips ids the API did not return and leaves out ones nobody asked for (decision B11)', async () => {
    nock(BASE)
      .get('/social/users/batch')
      .query({ userIds: '1,2,3' })
      .reply(
        200,
        ok([
          { ...user(1), id: '9' },
          { ...user(1), id: '3' },
          { ...user(1), id: '1' },
        ]),
      );
    const { client } = testClient();
    const result = await client.call('getUsersByIds', { userIds: '1 2 3' });
    expect(result.map((u) => u.id)).toEqual(['1', '3']);
  });

  it('350 tweet ids give 350 tweets in the order asked, whatever else the API sends (issue 38 case 5)', async () => {
    nock(BASE)
      .persist()
      .get('/social/tweets/lookup')
      .query(true)
      .reply((uri) => {
        const asked = decodeURIComponent(new URL(uri, BASE).searchParams.get('tweet_ids') ?? '').split(',');
        // Each batch answered backwards, with one tweet more than asked for.
        const answer = [...asked, '999999'].reverse().map((id) => ({ ...tweets(0, 1)[0], id }));
        return [200, ok(answer)];
      });
    const { client } = testClient();
    const ids = Array.from({ length: 350 }, (_, i) => String(5000 + i));
    const found = await client.call('lookupTweets', { tweet_ids: ids });
    expect(found.map((t) => t.id)).toEqual(ids);
  });

  it('fails the whole lookup when one chunk fails for good, and sends no further chunks', async () => {
    let requests = 0;
    nock(BASE)
      .persist()
      .get('/social/users/batch')
      .query(true)
      .reply(() => {
        requests += 1;
        return [404, { status: 'error', msg: 'not found' }];
      });
    const { client } = testClient({ concurrency: 1 });
    const ids = Array.from({ length: 300 }, (_, i) => String(i + 1));
    await expect(client.call('getUsersByIds', { userIds: ids })).rejects.toThrow(/not found/);
    expect(requests).toBe(1);
  });

  it('sends nothing more for a lookup once one chunk has failed for good, not even retries', async () => {
    let requests = 0;
    nock(BASE)
      .persist()
      .get('/social/users/batch')
      .query(true)
      .reply((uri) => {
        requests += 1;
        // The first chunk is refused at once; the others are still on their way and fail after.
        return idsOf(uri.split('?')[1]!)[0] === '1'
          ? [404, { status: 'error', msg: 'not found' }]
          : [503, { status: 'error', msg: 'try again' }];
      });
    const { client } = testClient({
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20))),
    });
    const ids = Array.from({ length: 300 }, (_, i) => String(i + 1));
    await expect(client.call('getUsersByIds', { userIds: ids })).rejects.toThrow(/not found/);
    const atRejection = requests;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({ atRejection, later: requests }).toEqual({ atRejection: 3, later: 3 });
  });
});
