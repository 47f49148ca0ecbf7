import nock from 'nock';
import { ApiError, NotFoundError, ResponseFormatError } from '../../src';
import { simplifyTweet } from '../../src/output/simplify';
import { BASE, testClient } from '../support/client';
import { ok, tweets, user } from '../support/fixtures';

/** Issue 26 finding 8 and issue 28 finding 3: answers a client must not take at face value. */
afterEach(() => nock.cleanAll());
const noRetry = { maxRetries: 0 };

describe('answers that are no success', () => {
  it('takes status "fail" under HTTP 200 as an error', async () => {
    nock(BASE).get('/social/user/jack').reply(200, { status: 'fail', msg: 'quota check failed' });
    const { client } = testClient(noRetry);
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toThrow(
      /reported an error.*quota check failed/,
    );
  });

  it('takes a 404 without the API saying what is missing as a wrong address, not "not found"', async () => {
    nock(BASE).get('/social/user/jack').reply(404, '<html>Cannot GET /social/user/jack</html>');
    const { client } = testClient(noRetry);
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, hint: expect.stringMatching(/base URL/) });
  });

  it('keeps a 404 whose message says the record is missing as NotFoundError', async () => {
    nock(BASE).get('/social/user/jack').reply(404, { status: 'error', msg: 'User not found' });
    const { client } = testClient(noRetry);
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('records in lists', () => {
  it('drops a null record of a page, so simplify never meets it', async () => {
    const [first, second] = tweets(0, 2);
    nock(BASE)
      .get('/social/user/jack/tweets')
      .reply(200, ok({ tweets: [first, null, second], has_next_page: false }));
    const { client } = testClient();
    const records = await client.paginate('getUserTweets', { userName: 'jack' }).toArray();
    expect(records.map((t) => t.id)).toEqual([first!.id, second!.id]);
    expect(records.map(simplifyTweet)).toHaveLength(2);
  });

  it('drops a null record of a batch lookup', async () => {
    nock(BASE)
      .get('/social/users/batch')
      .query(true)
      .reply(200, ok([user(1), null]));
    const { client } = testClient();
    expect(await client.call('getUsersByIds', { userIds: user(1).id })).toEqual([user(1)]);
  });

  // 2^53 + 1 written as a JSON number reads back as 2^53: the id would name another account.
  const bigNumberId = (body: string) => body.replace(/"id":"(\d+)"/, '"id":9007199254740993');

  it('refuses a page whose record id is a JSON number, as a single record is refused', async () => {
    const body = bigNumberId(JSON.stringify(ok({ followers: [user(1), user(2)], next_cursor: '' })));
    nock(BASE).get('/social/user/jack/followers').reply(200, body);
    const { client } = testClient(noRetry);
    await expect(client.paginate('getUserFollowers', { userName: 'jack' }).toArray()).rejects.toBeInstanceOf(
      ResponseFormatError,
    );
  });

  it('refuses a batch lookup whose record id is a JSON number', async () => {
    const body = bigNumberId(JSON.stringify(ok([user(1)])));
    nock(BASE).get('/social/users/batch').query(true).reply(200, body);
    const { client } = testClient(noRetry);
    await expect(client.call('getUsersByIds', { userIds: user(1).id })).rejects.toBeInstanceOf(
      ResponseFormatError,
    );
  });
});

/** Issue 38 case 8: a field nested 5,000 levels deep broke every step that measured or saved it. */
describe('an answer nested far deeper than the API goes', () => {
  it('comes back with the deep part left out and said so, and can be written as JSON again', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    nock(BASE)
      .get('/social/user/jack')
      .reply(200, `{"status":"success","data":{"id":"7","screen_name":"jack","extra":${deep}}}`, {
        'content-type': 'application/json',
      });
    const { client } = testClient();
    const user = (await client.call('getUser', { userName: 'jack' })) as unknown as Record<string, unknown>;
    expect(user.screen_name).toBe('jack');
    const text = JSON.stringify(user);
    expect(text).toContain('[left out: nested more than 64 levels deep]');
    expect(text.split('{"a":').length - 1).toBeLessThan(64);
  });
});
