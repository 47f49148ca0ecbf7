import nock from 'nock';

import { api, apiCredential, ok, user } from '../../../support/api';
import { stopN8nTimers } from '../../../support/n8n-timers';
import { hintsOf, runNode } from '../../../support/workflow';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const credentials = { socialDataApi: apiCredential };
const byName = (value: string) => ({ __rl: true, mode: 'username', value });
const idsOf = (uri: string) => new URL(uri, 'http://x').searchParams.get('userIds')!.split(',');

/** A 350-id lookup (issue 26 finding 6) whose second chunk fails with `status`. */
function batchApi(status: number, msg: string) {
  return api()
    .persist()
    .get('/social/users/batch')
    .query(true)
    .reply((uri) => {
      const ids = idsOf(uri);
      if (ids[0] === '1100') return [status, { status: 'error', msg }];
      return [200, ok(ids.map((id) => ({ ...user(1), id })))];
    });
}
/** A batch endpoint that answers the users whose ids pass `exists` and leaves the others out. */
function answerOnly(exists: (id: string) => boolean) {
  api()
    .persist()
    .get('/social/users/batch')
    .query(true)
    .reply((uri) => [
      200,
      ok(
        idsOf(uri)
          .filter(exists)
          .map((id) => ({ ...user(1), id })),
      ),
    ]);
}

const ids = Array.from({ length: 350 }, (_, i) => String(1000 + i)).join(',');

describe('"Continue (using error output)" (issue 26 finding 7)', () => {
  it('puts exactly the failed items on the error output, each paired with its input', async () => {
    api().get('/social/user/gone_one').reply(404, { status: 'error', msg: 'User not found' });
    api()
      .get('/social/user/social_data')
      .reply(200, ok(user(3)));
    api().get('/social/user/gone_two').reply(404, { status: 'error', msg: 'User not found' });
    const { items, errorItems, error } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byName('={{ $json.name }}') },
      {
        credentials,
        errorOutput: true,
        input: [{ name: 'gone_one' }, { name: 'social_data' }, { name: 'gone_two' }],
      },
    );
    expect(error).toBeUndefined();
    expect(items).toEqual([{ json: user(3), pairedItem: { item: 1 } }]);
    expect(errorItems).toHaveLength(2);
    expect(errorItems.map((item) => [item.pairedItem, item.json.name])).toEqual([
      [{ item: 0 }, 'gone_one'],
      [{ item: 2 }, 'gone_two'],
    ]);
    expect(errorItems[0]!.json.error).toMatchObject({
      message: expect.stringMatching(/not found/i),
      httpCode: '404',
    });
  });
});

describe('a batch lookup keeps what it found (issue 26 finding 6)', () => {
  const lookup = { resource: 'user', operation: 'getUsersByIds', userIds: ids };

  it('outputs the 250 users found and an error item for the 100 ids whose batch failed', async () => {
    batchApi(503, 'upstream down');
    const { items, errorItems } = await runNode(lookup, { credentials, errorOutput: true });
    expect(items).toHaveLength(250);
    expect(errorItems).toHaveLength(1);
    expect(errorItems[0]!.json.error).toMatchObject({
      message: expect.stringMatching(/API failed/),
      failed_ids: ids.split(',').slice(100, 200),
    });
  });

  it('keeps the 250 found when a batch answers 404: those ids do not exist, and the hint says so', async () => {
    batchApi(404, 'Users not found');
    const { items, errorItems, error, run } = await runNode(lookup, { credentials });
    expect(error).toBeUndefined();
    expect(items).toHaveLength(250);
    expect(errorItems).toEqual([]);
    expect(hintsOf(run)).toEqual([
      '100 of the ids asked for were not found (1100, 1101, 1102, 1103, 1104, …); they are left out.',
    ]);
  });

  it('names the ids the API left out of an answer, as it names those of a 404', async () => {
    answerOnly((id) => id !== '1002');
    const { items, run } = await runNode({ ...lookup, userIds: '1000,1001,1002' }, { credentials });
    expect(items.map((item) => item.json.id)).toEqual(['1000', '1001']);
    expect(hintsOf(run)).toEqual(['1 of the ids asked for was not found (1002); it is left out.']);
  });

  it('says the ids that do not exist once for the run, however many items asked for them', async () => {
    answerOnly((id) => id < '9000');
    const input = ['1000', '9001', '1001', '9002', '9003'].map((id) => ({ id }));
    const { items, run } = await runNode(
      { resource: 'user', operation: 'getUsersByIds', userIds: '={{ $json.id }}' },
      { credentials, input },
    );
    expect(items.map((item) => item.json.id)).toEqual(['1000', '1001']);
    expect(hintsOf(run)).toEqual([
      '3 of the ids asked for were not found (9001, 9002, 9003); they are left out.',
    ]);
  });

  it('fails without Continue, saying the other ids were found and how to keep them', async () => {
    batchApi(503, 'upstream down');
    const { error } = await runNode(lookup, { credentials });
    expect(error).toMatchObject({ description: expect.stringMatching(/other ids were found.*Continue/) });
  });
});

describe('Return All on an account too big for one execution (issue 26 finding 9)', () => {
  it('stops before reading with a message that says how to read it in parts', async () => {
    const profile = api()
      .get('/social/user/followers_1m')
      .reply(200, ok({ ...user(1), userName: 'followers_1m', followers: 1_000_000 }));
    const pages = api()
      .get('/social/user/followers_1m/followers')
      .query(true)
      .reply(200, ok({ followers: [] }));
    const { error } = await runNode(
      { resource: 'user', operation: 'getUserFollowers', userName: byName('followers_1m'), returnAll: true },
      { credentials },
    );
    expect(error).toMatchObject({
      message: expect.stringMatching(/1,000,000 followers: more than Return All keeps/),
      description: expect.stringMatching(/One Item per Page.*Start Cursor/),
    });
    expect(profile.isDone()).toBe(true);
    expect(pages.isDone()).toBe(false);
  });

  it('reads a big account when Max Pages bounds the run, without looking up the profile', async () => {
    api()
      .get('/social/user/followers_1m/followers')
      .reply(200, ok({ followers: [user(1), user(2)], next_cursor: 'n' }));
    const { items, error } = await runNode(
      {
        resource: 'user',
        operation: 'getUserFollowers',
        userName: byName('followers_1m'),
        returnAll: true,
        options: { maxPages: 1 },
      },
      { credentials },
    );
    expect(error).toBeUndefined();
    expect(items).toHaveLength(2);
  });
});
