import { AuthenticationError, NotFoundError, ValidationError } from '@social-data/core';
import { BODY_LIMIT, communityId, listId, topicId } from '../../src';
import { COOKIE, PROXY, useSandbox } from '../support';

const env = useSandbox({ keys: ['tda_first_key', 'tda_second_key'] });
const json = { 'content-type': 'application/json' };

describe('authentication', () => {
  it('answers 401 saying the header is required when X-API-Key is missing', async () => {
    const { status, body } = await env.raw('/social/user/social_data');
    expect(status).toBe(401);
    expect(body).toEqual({ status: 'error', msg: 'X-API-Key header is required' });
  });

  it('answers 401 to a key it was not started with, which the client reports as AuthenticationError', async () => {
    const error = await env
      .client({ apiKey: 'tda_unknown_key' })
      .call('getUser', { userName: 'social_data' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toMatch(/Invalid API key/);
  });

  it('accepts every key it was started with', async () => {
    await expect(
      env.client({ apiKey: 'tda_second_key' }).call('getUser', { userName: 'social_data' }),
    ).resolves.toMatchObject({ userName: 'social_data' });
  });
});

describe('own-session checks', () => {
  const post = (body: unknown) =>
    env.raw('/social/bookmarks', {
      method: 'POST',
      headers: { ...json, 'x-api-key': 'tda_first_key' },
      body: JSON.stringify(body),
    });

  it.each([
    [{ proxy: PROXY }, /cookie is required/],
    [{ cookie: '', proxy: PROXY }, /cookie is required/],
    [{ cookie: 'no-pairs-here', proxy: PROXY }, /cookie is malformed/],
    [{ cookie: COOKIE }, /proxy is required/],
    [{ cookie: COOKIE, proxy: 'ftp://h:21' }, /proxy scheme is not supported/],
    [{ cookie: COOKIE, proxy: 'not a url' }, /proxy is malformed/],
  ])('answers 400 with a clear msg for %o', async (body, message) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(400);
    expect(answer.status).toBe('error');
    expect(answer.msg).toMatch(message);
  });

  it.each(['http://h:1', 'https://h:1', 'socks5://u:p@h:1080', 'socks5h://h:1080'])(
    'accepts the proxy %s',
    async (proxy) => {
      expect((await post({ cookie: COOKIE, proxy })).status).toBe(200);
    },
  );
});

describe('validation and not found', () => {
  const get = (path: string) => env.raw(path, { headers: { 'x-api-key': 'tda_first_key' } });

  it.each([
    ['/social/user/social_data/followers?count=0', /count must be at least 1/],
    ['/social/user/social_data/followers?count=abc', /count must be an integer/],
    [`/social/lists/${listId(0)}/subscribers?count=0`, /count must be at least 1/],
    ['/social/tweets/lookup', /tweet_ids is required/],
    ['/social/users/batch?userIds=jack', /numeric ids/],
  ])('answers 400 to %s', async (path, message) => {
    const { status, body } = await get(path);
    expect(status).toBe(400);
    expect(body.msg).toMatch(message);
  });

  it('answers 400 to a count above 100 on the endpoints that document 1 to 100', async () => {
    const { status, body } = await env.raw('/social/bookmarks', {
      method: 'POST',
      headers: { ...json, 'x-api-key': 'tda_first_key' },
      body: JSON.stringify({ cookie: COOKIE, proxy: PROXY, count: 101 }),
    });
    expect(status).toBe(400);
    expect(body.msg).toMatch(/count must be from 1 to 100, got 101/);
  });

  it.each([
    [
      'an account',
      (c: ReturnType<typeof env.client>) => c.call('getUser', { userName: 'nobody_here_0' }),
      /User not found/,
    ],
    [
      'a list',
      (c: ReturnType<typeof env.client>) => c.call('getListTweets', { list_id: listId(99) }),
      /List not found/,
    ],
    [
      'a community',
      (c: ReturnType<typeof env.client>) => c.call('getCommunity', { community_id: communityId(7) }),
      /Community not found/,
    ],
    [
      'a topic',
      (c: ReturnType<typeof env.client>) => c.call('getTopic', { topic_id: topicId(9) }),
      /Topic not found/,
    ],
  ])('answers 404 with status "error" for an unknown %s', async (_what, call, message) => {
    const error = await call(env.client()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toMatch(message);
  });

  it('leaves unknown ids out of a batch lookup instead of failing it', async () => {
    const page = await env.client().call('getUserFollowers', { userName: 'social_data', count: 2 });
    const found = await env.client().call('getUsersByIds', {
      userIds: [page.followers[0]!.id, '1400000000099999999999'.slice(0, 19), page.followers[1]!.id],
    });
    expect(found.map((u) => u.id)).toEqual(page.followers.map((u) => u.id));
  });

  it('reports a server-side 400 through the client as a ValidationError', async () => {
    // A cursor the sandbox never gave: core sends it (only the API knows its cursors), the API refuses it.
    const error = await env
      .client()
      .paginate(
        'getUserFollowers',
        { userName: 'followers_1k' },
        { startCursor: 'not-a-cursor', maxPages: 1 },
      )
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'cursor', status: 400 });
  });
});

describe('bad requests never crash the server', () => {
  it('answers malformed JSON with a 400 envelope', async () => {
    const { status, body } = await env.raw('/social/bookmarks', {
      method: 'POST',
      headers: { ...json, 'x-api-key': 'tda_first_key' },
      body: '{"cookie": ',
    });
    expect(status).toBe(400);
    expect(body.status).toBe('error');
  });

  it('answers a body over 1 MiB with a 413 envelope', async () => {
    const big = JSON.stringify({ cookie: COOKIE, proxy: PROXY, pad: 'x'.repeat(BODY_LIMIT) });
    const { status, body } = await env.raw('/social/bookmarks', {
      method: 'POST',
      headers: { ...json, 'x-api-key': 'tda_first_key' },
      body: big,
    });
    expect(status).toBe(413);
    expect(body).toEqual({ status: 'error', msg: expect.stringMatching(/larger than 1048576 bytes/) });
  });

  it('answers an unknown path and a wrong method with a 404 envelope', async () => {
    expect(await env.raw('/social/nothing')).toMatchObject({
      status: 404,
      body: { status: 'error', msg: 'Unknown path: GET /social/nothing' },
    });
    expect(await env.raw('/social/bookmarks')).toMatchObject({ status: 404, body: { status: 'error' } });
  });

  it('answers a session endpoint posted without a JSON body with a 4xx envelope', async () => {
    const { status, body } = await env.raw('/social/bookmarks', {
      method: 'POST',
      headers: { 'x-api-key': 'tda_first_key' },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
    expect(body.status).toBe('error');
  });

  it('keeps serving after all of the above', async () => {
    await expect(
      env.client({ apiKey: 'tda_first_key' }).call('getUser', { userName: 'social_data' }),
    ).resolves.toMatchObject({ followers: 1234 });
  });
});
