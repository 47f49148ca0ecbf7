import nock from 'nock';

import { api, apiCredential, ok, user } from '../../../support/api';
import { stopN8nTimers } from '../../../support/n8n-timers';
import { runNode } from '../../../support/workflow';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const credentials = { socialDataApi: apiCredential };
const getUser = (options: Record<string, unknown> = {}) => ({
  resource: 'user',
  operation: 'getUser',
  userName: { __rl: true, mode: 'username', value: '={{ $json.name }}' },
  options,
});
const names = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `person_${i}` }));

/**
 * Answers Get User only once `together` requests are waiting, and then the last to arrive first:
 * items run one at a time would never get an answer, and an output in arrival order would show.
 */
function heldUsers(together: number) {
  const waiting: { name: string; answer: (body: object) => void }[] = [];
  let most = 0;
  api()
    .persist()
    .get(/^\/social\/user\/person_\d+$/)
    .reply(function (uri, _body, callback) {
      const name = uri.split('/').pop()!;
      waiting.push({ name, answer: (body) => callback(null, [200, body]) });
      most = Math.max(most, waiting.length);
      if (waiting.length < together) return;
      for (const held of waiting.splice(0).reverse())
        held.answer(ok({ ...user(1), screen_name: held.name, id: held.name.slice(7) }));
    });
  return { most: () => most };
}

describe('Items at Once', () => {
  it('runs 10 input items at a time by default and outputs them in input order, each paired with its input', async () => {
    const server = heldUsers(10);
    const { items, error } = await runNode(getUser(), { credentials, input: names(30) });
    expect(error).toBeUndefined();
    expect(server.most()).toBe(10);
    expect(items.map((item) => [item.pairedItem, item.json.screen_name])).toEqual(
      names(30).map(({ name }, i) => [{ item: i }, name]),
    );
  });

  it('runs items one after another at 1', async () => {
    const server = heldUsers(1);
    const { items } = await runNode(getUser({ itemsAtOnce: 1 }), { credentials, input: names(5) });
    expect(server.most()).toBe(1);
    expect(items.map((item) => item.pairedItem)).toEqual(names(5).map((_, i) => ({ item: i })));
  });

  it('fails on the first failing item in input order, even when a later one failed first', async () => {
    api()
      .get('/social/user/person_2')
      .delay(300)
      .reply(404, { status: 'error', msg: 'User person_2 not found' });
    api()
      .persist()
      .get(/^\/social\/user\/person_\d+$/)
      .reply((uri) => {
        const name = uri.split('/').pop()!;
        return name === 'person_4'
          ? [404, { status: 'error', msg: 'User person_4 not found' }]
          : [200, ok({ ...user(1), screen_name: name })];
      });
    const { error } = await runNode(getUser(), { credentials, input: names(6) });
    expect(JSON.stringify(error)).toMatch(/person_2/);
    expect(JSON.stringify(error)).not.toMatch(/person_4/);
  });

  it.each([0, 33, 2.5])('refuses %s before any request, naming the option and the fix', async (value) => {
    const { error } = await runNode(getUser({ itemsAtOnce: value }), { credentials, input: names(2) });
    expect(error?.message).toMatch(/Items at Once must be a whole number from 1 to 32/);
    expect(error?.description).toMatch(/Options > Items at Once/);
  });
});

describe('batch lookups of many items are folded', () => {
  const idsOf = (uri: string) => new URL(uri, 'http://x').searchParams.get('userIds')!.split(',');

  it('sends 250 one-id items as 3 requests and pairs each user with its item; a bad id fails its item alone', async () => {
    const sent: string[][] = [];
    api()
      .persist()
      .get('/social/users/batch')
      .query(true)
      .reply((uri) => {
        const ids = idsOf(uri);
        sent.push(ids);
        return [200, ok([...ids].reverse().map((id) => ({ ...user(1), id })))];
      });
    const input = Array.from({ length: 250 }, (_, i) => ({ id: i === 7 ? 'seven' : String(9000 + i) }));
    const { items } = await runNode(
      { resource: 'user', operation: 'getUsersByIds', userIds: '={{ $json.id }}' },
      { credentials, input, continueOnFail: true },
    );
    expect(sent.map((ids) => ids.length)).toEqual([100, 100, 49]);
    expect(items).toHaveLength(250);
    items.forEach((item, i) => {
      expect(item.pairedItem).toEqual({ item: i });
      if (i === 7) expect(item.json.error).toMatch(/User IDs/);
      else expect(item.json.id).toBe(String(9000 + i));
    });
  });
});
