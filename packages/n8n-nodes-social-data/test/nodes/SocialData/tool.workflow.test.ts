import { DEFAULT_OUTPUT_BUDGET } from '@social-data/core/agent';
import nock from 'nock';
import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { SocialData } from '../../../nodes/SocialData/SocialData.node';
import { api, apiCredential, leakedSecrets, ok, user, users } from '../../support/api';
import { stopN8nTimers } from '../../support/n8n-timers';
import { runNode } from '../../support/workflow';

afterAll(stopN8nTimers);
afterEach(() => nock.cleanAll());

const credentials = { socialDataApi: apiCredential };

/** What n8n hands the model for a call: the items' JSON as a JSON array. */
const modelText = (items: Array<{ json: object }>) => JSON.stringify(items.map((item) => item.json));

/** What n8n's "let the model define this parameter" button puts in a field. */
const byModel = (key: string) => ({
  __rl: true,
  mode: 'username',
  value: `={{ /*n8n-auto-generated-fromAI-override*/ $fromAI('${key}', \`\`, 'string') }}`,
});

/** The node as a tool, its Username left to the model, the model's arguments as input. */
const callTool = (parameters: IDataObject, args: IDataObject) =>
  runNode(
    { resource: 'user', userName: byModel('userName'), ...parameters },
    { credentials, asTool: true, input: [args] },
  );

describe('the node as an agent’s tool', () => {
  const { description } = new SocialData();
  const named = (name: string, operation: string) =>
    description.properties.filter(
      (property) => property.name === name && property.displayOptions?.show?.operation?.includes(operation),
    );
  const shown = (property: INodeProperties | undefined, operation: string, name: string) =>
    NodeHelpers.displayParameter(
      { resource: 'user', operation },
      property!,
      { typeVersion: 1 },
      {
        ...description,
        name,
      },
    );

  it('shows a Cursor the model fills, and a description written for a model, only as a tool', () => {
    const [cursor] = named('toolCursor', 'getUserFollowers');
    expect(cursor?.default).toMatch(/^=\{\{ \$fromAI\('cursor', '.*next_cursor.*', 'string', ''\) \}\}$/);
    expect(shown(cursor, 'getUserFollowers', 'socialDataTool')).toBe(true);
    expect(shown(cursor, 'getUserFollowers', 'socialData')).toBe(false);
    expect(named('toolCursor', 'getUser')).toEqual([]);
    const [text] = named('toolDescription', 'getUserFollowers');
    expect(shown(text, 'getUserFollowers', 'socialDataTool')).toBe(true);
    expect(shown(text, 'getUserFollowers', 'socialData')).toBe(false);
    expect(text?.default).toMatch(
      /Returns users as "records", at most the Limit set on this tool and no more than fit/,
    );
    expect(text?.default).toMatch(/Inputs: userName: Screen name of the account/);
    expect(text?.default).not.toMatch(/\(optional\)/);
  });

  it('hands the model the Limit’s followers, in its fields, a summary and a cursor that reads on', async () => {
    const page = users(0, 200);
    const scope = api()
      .get('/social/user/social_data/followers')
      .query(true)
      .reply(200, ok({ followers: page, next_cursor: 'c1' }));
    const { items, error } = await callTool(
      { operation: 'getUserFollowers', limit: 20 },
      { userName: '@social_data' },
    );
    expect(error).toBeUndefined();
    expect(items).toHaveLength(1);
    const [{ json }] = items as [{ json: Record<string, unknown> }];
    const records = json.records as Array<Record<string, unknown>>;
    expect(records.map((record) => record.id)).toEqual(page.slice(0, 20).map((record) => record.id));
    expect(Object.keys(records[0]!)).not.toContain('profile_image_url');
    expect(json.summary).toMatch(/^20 users \(numbers 1 to 20 of this read\)\. Stopped at limit 20\./);
    expect(json.summary).toMatch(/call Social_Data again with the same inputs and cursor set to next_cursor/);
    scope.done();

    const next = api()
      .get('/social/user/social_data/followers')
      .query(true)
      .reply(200, ok({ followers: page, next_cursor: 'c1' }));
    const more = await callTool(
      { operation: 'getUserFollowers', limit: 20 },
      { userName: 'social_data', cursor: String(json.next_cursor) },
    );
    const after = (more.items[0]?.json.records as Array<{ id: string }>).map((record) => record.id);
    expect(after).toEqual(page.slice(20, 40).map((record) => record.id));
    next.done();
  });

  it('keeps a Return All call within the output budget, with the cursor to go on', async () => {
    const scope = api()
      .get('/social/user/social_data/followers')
      .query(true)
      .reply(200, ok({ followers: users(0, 200).map((one) => ({ ...one, description: 'x'.repeat(400) })) }));
    const { items } = await callTool(
      { operation: 'getUserFollowers', returnAll: true },
      { userName: 'social_data' },
    );
    const text = modelText(items);
    expect(text.length).toBeLessThanOrEqual(DEFAULT_OUTPUT_BUDGET);
    expect(items[0]?.json.summary).toMatch(/output size budget \(\d+ characters\) ended this call/);
    expect(items[0]?.json.next_cursor).toMatch(/^sd1\./);
    scope.done();
  });

  it('answers a bad username with an error the model can act on, sending nothing', async () => {
    const { items, error } = await callTool({ operation: 'getUser' }, { userName: 'not a user!' });
    expect(error).toBeUndefined();
    expect(items[0]?.json.error).toMatchObject({
      type: 'ValidationError',
      field: 'userName',
      message: expect.stringMatching(/userName/),
      hint: expect.any(String),
    });
  });

  it('answers an unknown account and a revoked key as errors, the key nowhere in them', async () => {
    api().get('/social/user/nobody_here').reply(404, { status: 'error', msg: 'User not found' });
    const missing = await callTool({ operation: 'getUser' }, { userName: 'nobody_here' });
    expect(missing.items[0]?.json.error).toMatchObject({ type: 'NotFoundError' });
    api().get('/social/user/social_data').times(2).reply(401, { status: 'error', msg: 'Invalid API key' });
    const revoked = await callTool({ operation: 'getUser' }, { userName: 'social_data' });
    expect(revoked.items[0]?.json.error).toMatchObject({
      type: 'AuthenticationError',
      settings: 'the "Social Data API" credential of the "Social Data" node in n8n',
    });
    expect(leakedSecrets([missing, revoked].map((run) => run.items))).toEqual([]);
  });

  it('refuses a plain http:// credential before any request, naming the credential fields as the form does', async () => {
    const { items } = await runNode(
      { resource: 'user', operation: 'getUser', userName: byModel('userName') },
      {
        credentials: { socialDataApi: { ...apiCredential, baseUrl: 'http://api.example.com' } },
        asTool: true,
        input: [{ userName: 'social_data' }],
      },
    );
    const error = items[0]?.json.error as { type: string; message: string };
    expect(error.type).toBe('SettingsError');
    expect(error.message).toMatch(
      /^Base URL \("Social Data API" credential\): plain http:\/\/ .* turn on Allow Insecure HTTP \("Social Data API" credential\)\.$/,
    );
  });

  it('reads one account in the model’s fields', async () => {
    api()
      .get('/social/user/social_data')
      .reply(200, ok(user(7)));
    const { items } = await callTool({ operation: 'getUser' }, { userName: 'https://x.com/social_data' });
    expect(items[0]?.json).toMatchObject({ summary: 'One user.', record: { id: user(7).id, followers: 7 } });
  });
});
