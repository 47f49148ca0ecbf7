import nock from 'nock';
import { catalog, endpointIds } from '../../src';
import { agentArgName, agentError, agentTools, MIN_OUTPUT_BUDGET, runAgentTool } from '../../src/agent';
import { agentInputSchema } from '../../src/agent/tools';
import { API_KEY, BASE, COOKIE, PROXY, testClient } from '../support/client';
import { ok, tweet, user, users } from '../support/fixtures';

/** A user with a long bio, so a few of them fill the smallest budget. */
function wordy(n: number) {
  return { ...user(n), description: `Bio ${n} `.repeat(60) };
}

function parse(text: string) {
  return JSON.parse(text) as {
    summary?: string;
    records?: Array<{ id: string }>;
    next_cursor?: string;
    not_found?: string[];
    error?: { type: string; field?: string; message: string; settings?: string };
  };
}

/** A client whose next read of jack's followers gets five and a cursor. */
function withJackFollowers() {
  nock(BASE)
    .get('/social/user/jack/followers')
    .query(true)
    .reply(200, ok({ followers: users(0, 5), next_cursor: 'c2' }));
  return testClient().client;
}

/** jack's followers: one page of 40 (`count=40`) and a cursor, for the two calls of a test. */
function answerTwice(page: unknown[]) {
  nock(BASE)
    .get('/social/user/jack/followers')
    .query({ count: '40' })
    .times(2)
    .reply(200, ok({ followers: page, next_cursor: 'c2' }));
}

describe('a paged tool', () => {
  it('stops at the budget mid-page and continues from the next record of the same page', async () => {
    const page = Array.from({ length: 40 }, (_, n) => wordy(n));
    answerTwice(page);
    const { client } = testClient();
    const args = { userName: '@jack', limit: 40, count: 40 };
    const first = await runAgentTool(client, 'getUserFollowers', args, {
      budget: MIN_OUTPUT_BUDGET,
      argNames: 'catalog',
    });
    const one = parse(first.text);
    expect(first.text.length).toBeLessThanOrEqual(MIN_OUTPUT_BUDGET);
    expect(first.cutByBudget).toBe(true);
    expect(one.records!.length).toBeGreaterThan(0);
    expect(one.records!.length).toBeLessThan(40);
    const second = await runAgentTool(
      client,
      'getUserFollowers',
      { ...args, userName: 'https://x.com/jack', cursor: one.next_cursor },
      { budget: MIN_OUTPUT_BUDGET, argNames: 'catalog' },
    );
    const two = parse(second.text);
    const shown = one.records!.concat(two.records!).map((record) => record.id);
    expect(shown).toEqual(page.slice(0, shown.length).map((record) => record.id));
    expect(two.summary).toContain(`numbers ${one.records!.length + 1} to ${shown.length}`);
  });

  it('counts the text as the host says a model reads it, so a re-encoding host stays inside the budget', async () => {
    const page = Array.from({ length: 40 }, (_, n) => ({
      ...user(n),
      description: `"Q" `.repeat(80),
    }));
    answerTwice(page);
    const { client } = testClient();
    const args = { userName: 'jack', limit: 40, count: 40 };
    const BUDGET = 10_000;
    const reencoded = (text: string) => JSON.stringify([{ type: 'text', text }]).length;
    const bare = await runAgentTool(client, 'getUserFollowers', args, {
      budget: BUDGET,
      argNames: 'catalog',
    });
    const counted = await runAgentTool(client, 'getUserFollowers', args, {
      budget: BUDGET,
      argNames: 'catalog',
      measure: reencoded,
    });
    expect(reencoded(bare.text)).toBeGreaterThan(BUDGET);
    expect(reencoded(counted.text)).toBeLessThanOrEqual(BUDGET);
    expect(counted.records).toBeGreaterThan(0);
    expect(counted.records).toBeLessThan(bare.records);
  });

  it('keeps the records read before a page failed, with a cursor to try that page again', async () => {
    const followers = nock(BASE).get('/social/user/jack/followers');
    followers.query({ count: '10' }).reply(200, ok({ followers: users(0, 5), next_cursor: 'c2' }));
    nock(BASE)
      .get('/social/user/jack/followers')
      .query({ count: '10', cursor: 'c2' })
      .times(3)
      .reply(503, { status: 'error', msg: 'busy' });
    const { client } = testClient();
    const first = await runAgentTool(client, 'getUserFollowers', { userName: 'jack', limit: 10 });
    const one = parse(first.text);
    expect(first.isError).toBe(false);
    expect(one.records!.map((record) => record.id)).toEqual(users(0, 5).map((record) => record.id));
    expect(one.summary).toContain('Reading on failed');
    nock(BASE)
      .get('/social/user/jack/followers')
      .query({ count: '10', cursor: 'c2' })
      .reply(200, ok({ followers: users(5, 5), next_cursor: '' }));
    const second = parse(
      (
        await runAgentTool(client, 'getUserFollowers', {
          userName: 'jack',
          limit: 10,
          cursor: one.next_cursor,
        })
      ).text,
    );
    expect(second.records!.map((record) => record.id)).toEqual(users(5, 5).map((record) => record.id));
    expect(second.summary).toContain('numbers 6 to 10');
  });

  it('refuses a cursor returned for other inputs before any request', async () => {
    const client = withJackFollowers();
    const first = parse(
      (await runAgentTool(client, 'getUserFollowers', { userName: 'jack', limit: 2 })).text,
    );
    const other = await runAgentTool(client, 'getUserFollowers', {
      userName: 'jill',
      cursor: first.next_cursor,
    });
    expect(other.isError).toBe(true);
    expect(parse(other.text).error).toMatchObject({ type: 'ValidationError', field: 'cursor' });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it("names the model's cursor, in the model's words, when the API no longer takes its page", async () => {
    const client = withJackFollowers();
    const first = parse(
      (await runAgentTool(client, 'getUserFollowers', { userName: 'jack', limit: 5 })).text,
    );
    nock(BASE)
      .get('/social/user/jack/followers')
      .query(true)
      .reply(400, { status: 'error', msg: 'cursor is not valid: pass next_cursor back unchanged' });
    const stale = await runAgentTool(client, 'getUserFollowers', {
      user_name: 'jack',
      cursor: first.next_cursor,
    });
    expect(stale.isError).toBe(true);
    expect(parse(stale.text).error).toMatchObject({ type: 'ValidationError', field: 'cursor' });
    expect(stale.text).toContain('leave cursor out to start at the first page');
    expect(stale.text).not.toMatch(/startCursor/);
    // The n8n tool passes catalog names; its model's argument is `cursor` all the same.
    nock(BASE)
      .get('/social/user/jack/followers')
      .query(true)
      .reply(400, { status: 'error', msg: 'cursor is not valid: pass next_cursor back unchanged' });
    const catalogNames = await runAgentTool(
      client,
      'getUserFollowers',
      { userName: 'jack', cursor: first.next_cursor },
      { argNames: 'catalog' },
    );
    expect(parse(catalogNames.text).error).toMatchObject({ field: 'cursor' });
    expect(catalogNames.text).toContain('leave cursor out to start at the first page');
  });

  it('names the tool as the host does, in "call … again" and in a cursor from another tool', async () => {
    const client = withJackFollowers();
    const options = { toolName: 'Jack_Followers' };
    const first = parse(
      (await runAgentTool(client, 'getUserFollowers', { userName: 'jack', limit: 2 }, options)).text,
    );
    expect(first.summary).toContain('call Jack_Followers again with the same inputs');
    const elsewhere = await runAgentTool(
      client,
      'getUserFollowing',
      { userName: 'jack', cursor: first.next_cursor },
      { toolName: 'Jack_Following' },
    );
    expect(parse(elsewhere.text).error?.message).toContain('this cursor belongs to get_user_followers');
  });

  it('refuses a made-up cursor, naming the field', async () => {
    const { client } = testClient();
    const output = await runAgentTool(client, 'getUserFollowers', { userName: 'jack', cursor: 'DAACCgAB' });
    expect(parse(output.text).error).toMatchObject({ field: 'cursor' });
  });
});

describe('a lookup tool', () => {
  it('shows the tweets that fit and continues with only the ids left', async () => {
    const all = Array.from({ length: 30 }, (_, n) => ({ ...tweet(n), text: 'x'.repeat(400) }));
    const ids = all.map((each) => each.id);
    nock(BASE)
      .get('/social/tweets/lookup')
      .query({ tweet_ids: ids.join(',') })
      .reply(200, ok(all));
    const { client } = testClient();
    const first = await runAgentTool(
      client,
      'lookupTweets',
      { tweet_ids: ids.join('\n') },
      { budget: MIN_OUTPUT_BUDGET, argNames: 'catalog' },
    );
    const one = parse(first.text);
    const left = ids.slice(one.records!.length);
    nock(BASE)
      .get('/social/tweets/lookup')
      .query({ tweet_ids: left.join(',') })
      .reply(200, ok(all.slice(one.records!.length)));
    const second = await runAgentTool(
      client,
      'lookupTweets',
      { tweet_ids: ids, cursor: one.next_cursor },
      { budget: 40_000 },
    );
    expect(parse(second.text).records!.map((each) => each.id)).toEqual(left);
    expect(nock.pendingMocks()).toEqual([]);
    // Each summary says which of the ids asked it holds, of all 30, not of its own share only.
    const shown = one.records!.length;
    expect(one.summary).toContain(`${shown} tweets found for ids 1 to ${shown} of the 30 asked.`);
    expect(parse(second.text).summary).toContain(`found for ids ${shown + 1} to 30 of the 30 asked.`);
  });
});

describe('a lookup of ids that do not exist', () => {
  it('lists the first 50 of them and says how many there were', async () => {
    const ids = Array.from({ length: 120 }, (_, n) => String(1_000 + n));
    nock(BASE).get('/social/users/batch').query(true).times(2).reply(200, ok([]));
    const { client } = testClient();
    const output = parse((await runAgentTool(client, 'getUsersByIds', { userIds: ids })).text);
    expect(output.not_found).toEqual(ids.slice(0, 50));
    expect(output.summary).toContain('120 ids were not found');
  });
});

describe('errors', () => {
  it('come back as output naming the setting, with no secret, when the API echoes them', async () => {
    nock(BASE)
      .post('/social/user/jack')
      .reply(401, { status: 'error', msg: `bad key ${API_KEY} for ${COOKIE} via ${PROXY}` });
    const { client } = testClient();
    const output = await runAgentTool(
      client,
      'getUserWithSession',
      { userName: 'jack' },
      { settings: 'Fix SOCIAL_DATA_API_KEY.' },
    );
    expect(output.isError).toBe(true);
    expect(parse(output.text).error).toMatchObject({
      type: 'AuthenticationError',
      settings: 'Fix SOCIAL_DATA_API_KEY.',
    });
    for (const secret of [API_KEY, 'cookie-secret-value', 'csrf-secret-value', 'proxy-pass-secret'])
      expect(output.text).not.toContain(secret);
  });

  it("a host's own error (an unknown tool, a setting it lacks) has the shape of core's", async () => {
    const { client } = testClient();
    const core = parse((await runAgentTool(client, 'getUser', ['jack'])).text);
    const host = agentError('SettingsError', 'No session.', {
      hint: 'Add the cookie.',
      settings: 'the credential',
    });
    expect(host).toMatchObject({ isError: true, records: 0, cutByBudget: false, errorType: 'SettingsError' });
    expect(Object.keys(parse(host.text))).toEqual(Object.keys(core));
    expect(parse(host.text).error).toEqual({
      type: 'SettingsError',
      message: 'No session.',
      hint: 'Add the cookie.',
      settings: 'the credential',
    });
    // What the host does not know is left out, not sent as null.
    expect(parse(agentError('UnknownTool', 'No such tool.', { hint: undefined }).text).error).toEqual({
      type: 'UnknownTool',
      message: 'No such tool.',
    });
  });

  it('take arguments that are not an object, naming them', async () => {
    const { client } = testClient();
    const output = await runAgentTool(client, 'getUser', ['jack']);
    expect(parse(output.text).error).toMatchObject({ field: 'arguments' });
  });
});

describe('the tools', () => {
  it('are one per endpoint, inputs closed to what the catalog takes', () => {
    expect(agentTools().map((tool) => tool.id)).toEqual(endpointIds);
    for (const id of endpointIds) {
      const schema = agentInputSchema(id);
      const names = Object.keys(schema.properties as object);
      for (const name of Object.keys(catalog[id].params))
        if (name !== 'count') expect(names).toContain(agentArgName(name));
      expect(names).not.toContain('count');
      expect(schema.additionalProperties).toBe(false);
    }
  });

  it("take their arguments in snake case, name a refused one so, and still take the catalog's names", async () => {
    const client = withJackFollowers();
    const given = await runAgentTool(client, 'getUserFollowers', { user_name: 'jack', limit: 3 });
    expect(parse(given.text).records).toHaveLength(3);
    const refused = parse((await runAgentTool(client, 'getUser', { user_name: 'not a name!' })).text);
    expect(refused.error).toMatchObject({
      field: 'user_name',
      message: expect.stringMatching(/^user_name: /),
    });
    const old = parse((await runAgentTool(client, 'getUsersByIds', { userIds: 'x.com/jack' })).text);
    expect(old.error).toMatchObject({ field: 'user_ids' });
    // An entry of a list is named as the argument, the message saying which entry.
    const entry = parse((await runAgentTool(client, 'getUsersByIds', { user_ids: ['12', 'abc'] })).text);
    expect(entry.error).toMatchObject({
      field: 'user_ids',
      message: expect.stringMatching(/^user_ids \(entry 2\): /),
    });
    // n8n fills the catalog's names and reads them back so.
    const n8n = parse(
      (await runAgentTool(client, 'getUser', { userName: 'not a name!' }, { argNames: 'catalog' })).text,
    );
    expect(n8n.error).toMatchObject({ field: 'userName' });
  });

  it.each(agentTools().map((tool) => [tool.name, tool] as const))(
    '%s refuses, before any request, an input its schema does not offer and one given under both names',
    async (_name, tool) => {
      const { client } = testClient();
      const offered = Object.keys(tool.inputSchema.properties as object);
      const unknown = parse((await runAgentTool(client, tool.id, { made_up: 1 })).text);
      expect(unknown.error).toMatchObject({
        field: 'made_up',
        message: `made_up: this tool takes no such input. It takes: ${offered.join(', ')}.`,
      });
      // The API's page size is the host's to set, not the model's: a paged tool takes limit.
      if ('count' in catalog[tool.id].params)
        expect(parse((await runAgentTool(client, tool.id, { count: 5 })).text).error).toMatchObject({
          field: 'count',
        });
      const [param] = Object.keys(catalog[tool.id].params).filter((name) => agentArgName(name) !== name);
      if (param === undefined) return;
      const twice = parse(
        (await runAgentTool(client, tool.id, { [agentArgName(param)]: 'a', [param]: 'b' })).text,
      );
      expect(twice.error).toMatchObject({
        field: agentArgName(param),
        message: `${agentArgName(param)}: given twice, in two spellings. Pass ${agentArgName(param)} only.`,
      });
    },
  );
});
