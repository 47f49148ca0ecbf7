import nock from 'nock';

import { api, apiCredential, ok, user, users } from '../../../support/api';
import { stopN8nTimers } from '../../../support/n8n-timers';
import { runNode } from '../../../support/workflow';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const credentials = { socialDataApi: apiCredential };

/** Ten pages of 20 followers; counts every request, and any the mock does not know. */
function followerPages() {
  const cursors: (string | undefined)[] = [];
  const unmatched: string[] = [];
  const listener = (request: { path: string }) => unmatched.push(request.path);
  nock.emitter.on('no match', listener);
  api()
    .persist()
    .get('/social/user/jack/followers')
    .query(true)
    .reply((uri) => {
      const cursor = new URL(uri, 'http://x').searchParams.get('cursor') ?? undefined;
      cursors.push(cursor);
      const page = cursor === undefined ? 0 : Number(cursor);
      const next = page < 9 ? String(page + 1) : '';
      return [200, ok({ followers: users(page * 20, 20), next_cursor: next })];
    });
  return {
    cursors,
    unmatched,
    stop: () => nock.emitter.off('no match', listener),
  };
}

const followers = (extra: Record<string, unknown>) => ({
  resource: 'user',
  operation: 'getUserFollowers',
  userName: { __rl: true, mode: 'username', value: 'jack' },
  ...extra,
});

describe('asking for the next page early', () => {
  it.each([
    [1, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [41, 3],
  ])('a Limit of %s sends %s request(s), no more', async (limit, requests) => {
    const server = followerPages();
    try {
      const { items } = await runNode(followers({ limit, options: { pageSize: 20 } }), { credentials });
      expect(items).toHaveLength(limit);
      await new Promise((resolve) => setImmediate(resolve));
      expect(server.cursors).toHaveLength(requests);
    } finally {
      server.stop();
    }
  });

  it('One Item per Page with a Limit stops asking once the pages so far reach it', async () => {
    const server = followerPages();
    try {
      const { items } = await runNode(
        followers({ limit: 30, options: { pageSize: 20, outputMode: 'pages' } }),
        { credentials },
      );
      expect(items).toHaveLength(2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(server.cursors).toEqual([undefined, '1']);
    } finally {
      server.stop();
    }
  });

  it('Return All reads every page once', async () => {
    const server = followerPages();
    // Return All first reads the profile, to refuse an account too big for one execution.
    api()
      .get('/social/user/jack')
      .reply(200, ok({ ...user(1), followers: 200 }));
    try {
      const { items } = await runNode(followers({ returnAll: true, options: { pageSize: 20 } }), {
        credentials,
      });
      expect(new Set(items.map((item) => item.json.id)).size).toBe(200);
      expect(server.cursors).toEqual([undefined, '1', '2', '3', '4', '5', '6', '7', '8', '9']);
      expect(server.unmatched).toEqual([]);
    } finally {
      server.stop();
    }
  });
});
