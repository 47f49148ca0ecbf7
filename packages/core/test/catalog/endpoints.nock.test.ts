import nock from 'nock';
import { endpointIds } from '../../src';
import { API_KEY, BASE, COOKIE, PROXY, testClient } from '../support/client';
import {
  community,
  fullAuthor,
  ok,
  shortAuthor,
  topic,
  tweet,
  tweets,
  user,
  users,
} from '../support/fixtures';

const session = { cookie: COOKIE, proxy: PROXY };

interface Case {
  call: () => Promise<unknown>;
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  reply: unknown;
  expected: unknown;
}

const page = tweets(1, 2);
const shortPage = [tweet(1, shortAuthor(1)), tweet(2, shortAuthor(2))].map(
  ({ media: _media, ...rest }) => rest,
);
const people = users(1, 3);

function cases(client: ReturnType<typeof testClient>['client']): Record<string, Case> {
  return {
    getUser: {
      call: () => client.call('getUser', { userName: '@Jack' }),
      method: 'GET',
      path: '/social/user/Jack',
      reply: ok(user(1)),
      expected: user(1),
    },
    getUserTweets: {
      call: () => client.call('getUserTweets', { userName: 'https://x.com/jack', cursor: 'c1' }),
      method: 'GET',
      path: '/social/user/jack/tweets',
      query: { cursor: 'c1' },
      reply: ok({ tweets: page, has_next_page: true, next_cursor: 'c2' }),
      expected: { tweets: page, has_next_page: true, next_cursor: 'c2' },
    },
    getUserReplies: {
      call: () => client.call('getUserReplies', { userName: 'jack', count: 20 }),
      method: 'GET',
      path: '/social/user/jack/replies',
      query: { count: '20' },
      reply: ok({ tweets: page, has_next_page: false, next_cursor: '' }),
      expected: { tweets: page, has_next_page: false, next_cursor: '' },
    },
    getUserFollowing: {
      call: () => client.call('getUserFollowing', { userName: 'jack', count: 200, cursor: '123|456' }),
      method: 'GET',
      path: '/social/user/jack/following',
      query: { count: '200', cursor: '123|456' },
      reply: ok({ following: people, next_cursor: '789|1011' }),
      expected: { following: people, next_cursor: '789|1011' },
    },
    getUserFollowers: {
      call: () => client.call('getUserFollowers', { userName: 'twitter.com/jack' }),
      method: 'GET',
      path: '/social/user/jack/followers',
      reply: ok({ followers: people, next_cursor: '1|2' }),
      expected: { followers: people, next_cursor: '1|2' },
    },
    getUserFollowersYouKnow: {
      call: () => client.call('getUserFollowersYouKnow', { userName: 'jack', count: 5 }),
      method: 'GET',
      path: '/social/user/jack/followers-you-know',
      query: { count: '5' },
      reply: ok({ users: people, next_cursor: '0|1' }),
      expected: { users: people, next_cursor: '0|1' },
    },
    lookupTweets: {
      call: () =>
        client.call('lookupTweets', {
          tweet_ids: `${page[1]!.id}\nhttps://x.com/jack/status/${page[0]!.id}`,
        }),
      method: 'GET',
      path: '/social/tweets/lookup',
      query: { tweet_ids: `${page[1]!.id},${page[0]!.id}` },
      reply: ok(page),
      expected: [page[1], page[0]],
    },
    getUsersByIds: {
      call: () => client.call('getUsersByIds', { userIds: [people[2]!.id, people[0]!.id] }),
      method: 'GET',
      path: '/social/users/batch',
      query: { userIds: `${people[2]!.id},${people[0]!.id}` },
      reply: ok([people[0], people[2]]),
      expected: [people[2], people[0]],
    },
    getListSubscribers: {
      call: () => client.call('getListSubscribers', { list_id: 'https://x.com/i/lists/1500', count: 1 }),
      method: 'GET',
      path: '/social/lists/1500/subscribers',
      query: { count: '1' },
      reply: ok({ subscribers: people.slice(0, 1), next_cursor: '5|6' }),
      expected: { subscribers: people.slice(0, 1), next_cursor: '5|6' },
    },
    getUserMedia: {
      call: () => client.call('getUserMedia', { userName: 'jack', count: 100 }),
      method: 'POST',
      path: '/social/user/jack/media',
      body: { ...session, count: 100 },
      reply: ok({ tweets: shortPage, has_next_page: true, next_cursor: 'm2' }),
      expected: { tweets: shortPage, has_next_page: true, next_cursor: 'm2' },
    },
    getCommunityMedia: {
      call: () => client.call('getCommunityMedia', { community_id: 'x.com/i/communities/42', cursor: 'cm' }),
      method: 'POST',
      path: '/social/communities/42/media',
      body: { ...session, cursor: 'cm' },
      reply: ok({ tweets: page, has_next_page: false, next_cursor: '' }),
      expected: { tweets: page, has_next_page: false, next_cursor: '' },
    },
    getCommunityTweets: {
      call: () => client.call('getCommunityTweets', { community_id: '42', count: 1 }),
      method: 'POST',
      path: '/social/communities/42/tweets',
      body: { ...session, count: 1 },
      reply: ok({ tweets: page.slice(0, 1), has_next_page: true, next_cursor: 'ct2' }),
      expected: { tweets: page.slice(0, 1), has_next_page: true, next_cursor: 'ct2' },
    },
    getListTweets: {
      call: () => client.call('getListTweets', { list_id: '77' }),
      method: 'POST',
      path: '/social/lists/77/tweets',
      body: session,
      reply: ok({ tweets: page, has_next_page: true, next_cursor: 'lt2' }),
      expected: { tweets: page, has_next_page: true, next_cursor: 'lt2' },
    },
    getListMembers: {
      call: () => client.call('getListMembers', { list_id: '77', count: 200 }),
      method: 'POST',
      path: '/social/lists/77/members',
      body: { ...session, count: 200 },
      reply: ok({ users: people, next_cursor: '3|4' }),
      expected: { users: people, next_cursor: '3|4' },
    },
    getForYouTimeline: {
      call: () => client.call('getForYouTimeline', {}),
      method: 'POST',
      path: '/social/timeline/for-you',
      body: session,
      reply: ok({ tweets: page, has_next_page: true, next_cursor: 'fy2' }, { source: 'for_you' }),
      expected: { tweets: page, has_next_page: true, next_cursor: 'fy2', source: 'for_you' },
    },
    getBookmarks: {
      call: () => client.call('getBookmarks', { count: 50 }),
      method: 'POST',
      path: '/social/bookmarks',
      body: { ...session, count: 50 },
      reply: ok({ tweets: shortPage, has_next_page: false, next_cursor: '' }),
      expected: { tweets: shortPage, has_next_page: false, next_cursor: '' },
    },
    getMutedAccounts: {
      call: () => client.call('getMutedAccounts', { cursor: '9|9' }),
      method: 'POST',
      path: '/social/muted',
      body: { ...session, cursor: '9|9' },
      reply: ok({ users: people, next_cursor: '0' }),
      expected: { users: people, next_cursor: '0' },
    },
    getCommunity: {
      call: () => client.call('getCommunity', { community_id: '42' }),
      method: 'POST',
      path: '/social/communities/42',
      body: session,
      reply: ok(community()),
      expected: community(),
    },
    getTopic: {
      call: () => client.call('getTopic', { topic_id: 'https://x.com/i/topics/99' }),
      method: 'POST',
      path: '/social/topics/99',
      body: session,
      reply: ok(topic()),
      expected: topic(),
    },
    createList: {
      call: () =>
        client.call('createList', {
          name: '  Makers ',
          description: 'People I follow for 🛠',
          is_private: true,
        }),
      method: 'POST',
      path: '/social/lists',
      body: { ...session, name: 'Makers', description: 'People I follow for 🛠', is_private: true },
      reply: { status: 'success', msg: 'List created', data: { list_id: '1800000000000000009' } },
      expected: { list_id: '1800000000000000009' },
    },
    getUserWithSession: {
      call: () => client.call('getUserWithSession', { userName: 'jack' }),
      method: 'POST',
      path: '/social/user/jack',
      body: session,
      reply: ok({ ...user(2), author: fullAuthor(2) }),
      expected: { ...user(2), author: fullAuthor(2) },
    },
  };
}

describe('every endpoint over HTTP', () => {
  const { client } = testClient();
  const table = cases(client);

  it('has a case for each of the 21 catalog endpoints', () => {
    expect(Object.keys(table).sort()).toEqual([...endpointIds].sort());
  });

  it.each(Object.entries(table))(
    '%s sends the documented request and returns the parsed data',
    async (_id, c) => {
      let seenBody: unknown;
      let scope = nock(BASE, {
        reqheaders: {
          'x-api-key': API_KEY,
          ...(c.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
      });
      const interceptor =
        c.method === 'GET' ? scope.get(c.path) : scope.post(c.path, (body) => ((seenBody = body), true));
      scope = interceptor.query(c.query ?? {}).reply(200, c.reply as nock.Body);
      await expect(c.call()).resolves.toEqual(c.expected);
      expect(scope.isDone()).toBe(true);
      if (c.method === 'POST') expect(seenBody).toEqual(c.body);
    },
  );
});
