import nock from 'nock';

import { feedIds, pollPagesField } from '@social-data/core/feeds';

import App from '../../src';
import { DEFAULT_TRIGGER_PAGES } from '../../src/app/fields';
import { app, everyStep, run } from '../support/app';

/**
 * Issue 40 point 2: a Zap's user reads Zapier's words only: the connection, and the step by the
 * label the Zap editor shows, never n8n's credential or a request's catalog id.
 */
const BASE = 'https://api.social-data.test';
const authData = { apiKey: 'tda_zapWordsKey_31', baseUrl: BASE };

afterEach(() => nock.cleanAll());

const failure = async (promise: Promise<unknown>) => {
  const error = (await promise.catch((caught: unknown) => caught)) as Error;
  return JSON.parse(error.message) as { message: string; code: string };
};

describe("errors in Zapier's words", () => {
  it.each([
    [
      'a rejected key',
      () =>
        nock(BASE)
          .get('/social/user/jack/followers')
          .query(true)
          .reply(401, { status: 'error', msg: 'Invalid API key' }),
      /HTTP 401 on “Get followers of a user”.*the Social Data connection/,
    ],
    [
      'a 404',
      () =>
        nock(BASE)
          .get('/social/user/jack/followers')
          .query(true)
          .reply(404, { status: 'error', msg: 'User not found' }),
      /HTTP 404 on “Get followers of a user”/,
    ],
  ])('on %s: the step by its label, the connection, no other product', async (_, reply, wording) => {
    reply();
    const { message } = await failure(run('creates', 'getUserFollowers', authData, { userName: 'jack' }));
    expect(message).toMatch(wording);
    expect(message).not.toMatch(/n8n|credential|getUserFollowers|SOCIAL_DATA_|social-data /);
  });

  it('on a missing session: the connection names what to add, before any request', async () => {
    const { message } = await failure(run('creates', 'getBookmarks', authData, {}));
    expect(message).toMatch(/the Social Data connection/);
    expect(message).not.toMatch(/n8n|credential|getBookmarks|SOCIAL_DATA_/);
  });
});

describe('an input to correct is named as the Zap editor labels it', () => {
  // Every required field of every step, left empty: the user reads the label beside the field.
  const required = everyStep.flatMap(([kind, key]) =>
    (app[kind][key]!.operation.inputFields as Array<{ key: string; label: string; required?: boolean }>)
      .filter((field) => field.required)
      .map((field) => [kind, key, field.key, field.label] as const),
  );

  it.each(required)('%s %s without %s says "%s", before any request', async (kind, key, field, label) => {
    const { message } = await failure(run(kind, key, authData, { [field]: '' }));
    expect(message.startsWith(`${label}: `)).toBe(true);
    expect(nock.pendingMocks()).toEqual([]);
  });
});

describe('the connection form', () => {
  const { fields } = (App as unknown as { authentication: { fields: ConnectionField[] } }).authentication;
  const named = (key: string) => fields.find((field) => field.key === key)!;

  it('asks for every setting, secrets as password fields, only the key and the address required', () => {
    expect(fields.map(({ key }) => key)).toEqual([
      'apiKey',
      'baseUrl',
      'cookie',
      'proxy',
      'allowInsecureHttp',
    ]);
    expect(fields.filter(({ type }) => type === 'password').map(({ key }) => key)).toEqual([
      'apiKey',
      'cookie',
      'proxy',
    ]);
    expect(fields.filter(({ required }) => required).map(({ key }) => key)).toEqual(['apiKey', 'baseUrl']);
    expect(named('allowInsecureHttp')).toMatchObject({ type: 'boolean', default: 'false' });
    for (const field of fields) expect(field.helpText).not.toMatch(/n8n|credential|SOCIAL_DATA_|--/);
  });

  it('is what a message names: a key with a space around it, by the label beside its field', async () => {
    const { message } = await failure(
      run(
        'creates',
        'getUserFollowers',
        { apiKey: ` ${authData.apiKey}`, baseUrl: BASE },
        { userName: 'jack' },
      ),
    );
    expect(message).toContain(`${named('apiKey').label} (Social Data connection)`);
    expect(message).not.toContain('apiKey');
  });
});

interface ConnectionField {
  key: string;
  label: string;
  type: string;
  required: boolean;
  helpText: string;
  default?: string;
}

describe("the Zap editor's texts", () => {
  it('say what each trigger fires on in a sentence: no "each a" or "each an"', () => {
    for (const [key, trigger] of Object.entries(app.triggers)) {
      const { description } = (trigger as unknown as { display: { description: string } }).display;
      expect([key, description]).toEqual([
        key,
        expect.stringMatching(/^Triggers on each (new item: )?[a-z]/),
      ]);
      expect([key, description]).not.toEqual([key, expect.stringMatching(/\beach an? /)]);
    }
  });
});

describe('an error read in the Zap editor', () => {
  it('says to fix the connection once, and to test the step, not to run it', async () => {
    const session = await failure(run('creates', 'getBookmarks', authData, {}));
    expect(session.message.split('the Social Data connection (its Reconnect or Edit settings)')).toHaveLength(
      2,
    );
    const input = await failure(run('creates', 'getUserFollowers', authData, { userName: 'not a name!' }));
    expect(input.message).toMatch(/^Username: .* Correct it in the step, then test the step again\.$/);
    expect(`${session.message} ${input.message}`).not.toMatch(/run again/);
    // A setting of the connection is corrected there, not in the step.
    const key = await failure(
      run('creates', 'getUserFollowers', { ...authData, apiKey: 'not-a-key' }, { userName: 'jack' }),
    );
    expect(key.message).toMatch(
      /Correct it in the Social Data connection \(its Reconnect or Edit settings\), then test the connection again\.$/,
    );
  });
});

describe("a trigger's Max Pages per Poll", () => {
  // The help a Zap's user reads beside the field speaks of that trigger's own feed.
  it.each(feedIds)('on %s says what that trigger does with it', (id) => {
    const field = (app.triggers[id]!.operation.inputFields as Array<{ key: string; helpText?: string }>).find(
      (input) => input.key === 'max_pages',
    );
    expect(field?.helpText).toContain(pollPagesField(DEFAULT_TRIGGER_PAGES, [id]).description);
  });
});
