import { catalog, recordKindOf, tweetsCarryMedia } from '@social-data/core';
import { feeds, isRemovalFeed } from '@social-data/core/feeds';
import type { EndpointId } from '@social-data/core';
import type { FeedId } from '@social-data/core/feeds';
import { PLAIN_INPUTS } from '@social-data/test-support';
import nock from 'nock';

import { recordSamples as samples } from '@social-data/core';
import { everyStep, inputsFor, newZap, run } from './support/app';
import type { Kind } from './support/app';
import { triggers } from '../src/app/triggers';

const BASE = 'https://api.social-data.test';
const API_KEY = 'tda_zapNockKey_7Qw2Lm';
const COOKIE = 'auth_token=zapCookieSecret_91; ct0=zapCsrfSecret_37';
const PROXY_PASSWORD = 'zapProxyPass_Hk55';
const PROXY = `http://zapuser:${PROXY_PASSWORD}@127.0.0.1:8080`;
const SECRETS = [API_KEY, 'zapCookieSecret_91', 'zapCsrfSecret_37', PROXY_PASSWORD];
const authData = { apiKey: API_KEY, baseUrl: BASE, cookie: COOKIE, proxy: PROXY };

/** Plain ids, so each request's path is known exactly. */
const pathIds: Record<string, string> = {
  userName: 'jack',
  list_id: '1500000000000000000',
  community_id: '1600000000000000000',
  topic_id: '1700000000000000000',
  userIds: '1400000000000000001',
  tweet_ids: '1800000000000000001',
};
const values = { ...pathIds, ...PLAIN_INPUTS };

/** The endpoint behind a step; a batch lookup's line-item action is keyed `<endpoint>Items`. */
const endpointOf = (kind: Kind, key: string): EndpointId =>
  kind === 'triggers' ? feeds[key as FeedId].endpoint : (key.replace(/Items$/, '') as EndpointId);

function pathOf(id: EndpointId): string {
  return catalog[id].path.replace(/\{(\w+)\}/g, (_match, name: string) => pathIds[name]!);
}

/** The API's answer for an endpoint, built from the app's own samples. */
function dataFor(id: EndpointId): unknown {
  const result = catalog[id].result;
  const record = samples[recordKindOf(id) ?? 'user'];
  switch (result.kind) {
    case 'record':
      return record;
    case 'records':
      return [record];
    case 'tweetPage':
      return { tweets: [record], has_next_page: false, next_cursor: '' };
    case 'userPage':
      return { [result.key]: [record], next_cursor: '' };
    case 'createdList':
      return { list_id: '1500000000000000042' };
  }
}

/** One request to the endpoint's path, carrying the key exactly once as the middleware adds it. */
function api(id: EndpointId) {
  const method = catalog[id].method;
  return nock(BASE, { reqheaders: { 'x-api-key': API_KEY } }).intercept(
    (uri) => uri.split('?')[0] === pathOf(id),
    method,
    method === 'POST'
      ? (body: Record<string, unknown>) => body.cookie === COOKIE && body.proxy === PROXY
      : undefined,
  );
}

const failure = (run: Promise<unknown>) =>
  run.then(
    (result) => {
      throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
    },
    (error: Error) => error,
  );
const details = (error: Error) => JSON.parse(error.message) as Record<string, unknown>;

afterEach(() => expect(nock.pendingMocks()).toEqual([]));

/**
 * Records as a step returns them: what the API answered, with a dehydrated file per media item
 * where the endpoint is documented to send media.
 */
function withFiles(value: unknown, id: EndpointId): unknown {
  if (Array.isArray(value)) return value.map((record) => withFiles(record, id));
  const record = value as { media?: unknown };
  if (!tweetsCarryMedia(id) || !record || typeof record !== 'object' || !Array.isArray(record.media))
    return value;
  const file = expect.stringMatching(/^hydrate\|\|\|\{"type":"file","method":"hydrators\.downloadMedia"/);
  return { ...record, media: record.media.map((item: object) => ({ ...item, file })) };
}

/**
 * A trigger's items: on a feed whose items can be added again (decision Z8), each also carries
 * the record's id and whether it came back, which a first poll's never did.
 */
function asItems(key: string, records: unknown): unknown {
  const declared = (triggers[key]!.operation.outputFields as Array<{ key?: string }>).map(
    (field) => field.key,
  );
  if (!declared.includes('record_id')) return records;
  return (records as Array<{ id: string }>).map((record) => ({
    ...record,
    record_id: record.id,
    added_again: false,
  }));
}

describe.each(everyStep)('%s.%s', (kind, key) => {
  const id = endpointOf(kind, key);
  const inputs = () => inputsFor(kind, key, values);

  it('sends the documented request and returns what the API answered', async () => {
    api(id).reply(200, { status: 'success', msg: 'ok', data: dataFor(id) });
    const result = await run(kind, key, authData, inputs());
    const data = dataFor(id) as Record<string, unknown>;
    // A removal trigger's first poll takes note of the list: nothing has left yet.
    if (kind === 'triggers' && isRemovalFeed(key as FeedId)) expect(result).toEqual([]);
    else if (kind === 'triggers')
      expect(result).toEqual(asItems(key, withFiles(Object.values(data).find(Array.isArray), id)));
    else if (kind === 'searches') expect(result).toEqual(withFiles(Array.isArray(data) ? data : [data], id));
    else if (key === 'createList') expect(result).toEqual(data);
    else if (key !== id)
      expect(result).toEqual({
        records: withFiles(data, id),
        count: 1,
        not_found_ids: '',
        remaining_ids: '',
        truncated_by: '',
      });
    else
      expect(result).toEqual({
        records: withFiles(Object.values(data).find(Array.isArray), id),
        count: 1,
        next_cursor: '',
        has_next_page: false,
        truncated_by: '',
        // Tweet actions say how many tweets they read, for their filters.
        ...(recordKindOf(id) === 'tweet' ? { read_count: 1, note: '' } : {}),
      });
  });

  it('stops with a clear error when the API key is rejected', async () => {
    api(id).reply(401, { status: 'error', msg: 'Invalid API key' });
    const error = await failure(run(kind, key, authData, inputs()));
    expect(details(error)).toMatchObject({ code: 'AuthenticationError', status: 401 });
    expect(details(error).message).toMatch(/: Invalid API key\. Check the API key/);
  });

  it("asks Zapier to retry after the server's delay on 429", async () => {
    api(id).reply(429, { status: 'error', msg: 'Too many requests' }, { 'Retry-After': '7' });
    const error = await failure(run(kind, key, authData, inputs()));
    expect(error.name).toBe('ThrottledError');
    expect(details(error)).toMatchObject({ delay: 7 });
  });

  const batch = key.endsWith('Items');
  it(
    kind === 'searches' || batch
      ? 'finds nothing on 404, naming the ids not found'
      : 'stops with a clear error on 404',
    async () => {
      api(id).reply(404, { status: 'error', msg: 'Not found' });
      const outcome = run(kind, key, authData, inputs());
      if (kind === 'searches') return expect(await outcome).toEqual([]);
      // A line-item lookup whose ids do not exist names them (decision N19).
      if (batch)
        return expect(await outcome).toMatchObject({
          records: [],
          count: 0,
          not_found_ids: expect.stringMatching(/./),
        });
      const error = await failure(outcome);
      expect(details(error)).toMatchObject({ code: 'NotFoundError', status: 404 });
    },
  );

  it('keeps the key, cookie and proxy password out of errors and results, even when the API echoes them', async () => {
    const echo = `bad request from ${API_KEY} with ${COOKIE} via ${PROXY}`;
    api(id).reply(400, { status: 'error', msg: echo });
    const error = await failure(run(kind, key, authData, inputs()));
    api(id).reply(200, { status: 'error', msg: echo });
    const second = await failure(run(kind, key, authData, inputs()));
    const seen = JSON.stringify([error.message, second.message, String(error.stack), details(error)]);
    for (const secret of SECRETS) expect(seen).not.toContain(secret);
  });
});

describe('rate limits', () => {
  it('asks Zapier to wait a minute when the 429 gives no delay, and until the date it gives', async () => {
    api('getUser').reply(429, { status: 'error', msg: 'Too many requests' });
    const plain = await failure(run('searches', 'getUser', authData, { userName: 'jack' }));
    expect(details(plain)).toMatchObject({ delay: 60 });
    expect(details(plain).message).toMatch(/rate limit/i);
    const when = new Date(Date.now() + 30_000).toUTCString();
    api('getUser').reply(429, { status: 'error', msg: 'Too many requests' }, { 'Retry-After': when });
    const sent = Date.now();
    const dated = await failure(run('searches', 'getUser', authData, { userName: 'jack' }));
    const answered = Date.now();
    // The seconds left until that date when the step ended: bounded by when it started and ended,
    // however slow the machine was in between.
    const until = Date.parse(when);
    expect(details(dated).delay).toBeGreaterThanOrEqual(Math.floor((until - answered) / 1000));
    expect(details(dated).delay).toBeLessThanOrEqual(Math.ceil((until - sent) / 1000));
  });
});

describe('a start cursor the API refuses', () => {
  it('is named as the form labels it, with how to correct it', async () => {
    api('getUserFollowers').reply(400, { status: 'error', msg: 'cursor is not valid' });
    const error = await failure(
      run('creates', 'getUserFollowers', authData, { userName: 'jack', cursor: 'stale|1' }),
    );
    expect(details(error).message).toContain(
      'give a Next Cursor of an earlier page of this same read, unchanged, or leave Start Cursor out',
    );
    expect(details(error).message).not.toMatch(/startCursor/);
  });
});

describe('inputs as Zapier sends them', () => {
  it('takes yes/no and 1/0 for booleans', async () => {
    const scope = nock(BASE)
      .post('/social/lists', (body: Record<string, unknown>) => body.is_private === false)
      .reply(200, { status: 'success', msg: 'ok', data: { list_id: '15' } });
    await run('creates', 'createList', authData, { name: 'L', is_private: 'no' });
    scope.done();
    api('getUserFollowers').reply(200, { status: 'success', data: dataFor('getUserFollowers') });
    const [record] = (await run(
      'triggers',
      'newFollower',
      authData,
      { userName: 'jack', simplify: 'Yes' },
      newZap(),
    )) as object[];
    expect(record).toHaveProperty('profile_url');
  });

  it('refuses a Max Items that is not a whole number, naming it', async () => {
    const error = await failure(
      run('creates', 'getUserFollowers', authData, { userName: 'jack', maxItems: 'abc' }),
    );
    expect(details(error).message).toMatch(/^Max Items: .*Max Items/);
  });

  it.each(['0x10', '1e3', '2.5', '99999999999999999999'])(
    'refuses %s for Max Items as core reads a whole number, before any request',
    async (maxItems) => {
      const error = await failure(
        run('creates', 'getUserFollowers', authData, { userName: 'jack', maxItems }),
      );
      expect(details(error).message).toMatch(/^Max Items: .* is not a whole number of 1 or more/);
    },
  );

  it('refuses a secret with spaces or a line break at its ends, before any request', async () => {
    // Named as the connection form labels them.
    const labels = { apiKey: 'API Key', cookie: 'Session Cookie', proxy: 'Proxy URL' };
    for (const field of ['apiKey', 'cookie', 'proxy'] as const) {
      const connection = { ...authData, [field]: `${authData[field]}\n` };
      const error = await failure(run('creates', 'getBookmarks', connection, {}));
      expect(details(error).message).toMatch(
        new RegExp(`^${labels[field]} \\(Social Data connection\\): .*starts or ends with spaces`),
      );
      for (const secret of SECRETS) expect(error.message).not.toContain(secret);
    }
  });
});

describe('before any request', () => {
  it('names the field and the fix for bad input, and sends nothing', async () => {
    const error = await failure(run('triggers', 'newFollower', authData, { userName: 'not a name!' }));
    // As the Zap editor labels the field, not by the API's name for it.
    expect(details(error).message).toMatch(/^Username: /);
  });

  it('refuses an own-session step without a proxy, naming it', async () => {
    const error = await failure(
      run('creates', 'getBookmarks', { apiKey: API_KEY, baseUrl: BASE, cookie: COOKIE }, {}),
    );
    expect(details(error).message).toMatch(/proxy/);
    expect(JSON.stringify(details(error))).not.toContain('zapCookieSecret_91');
  });

  it.each([
    ['upper case and a trailing slash', 'HTTPS://API.Social-Data.TEST/'],
    ['the default port', 'https://api.social-data.test:443'],
    ['blanks around it', '  https://api.social-data.test  '],
  ])('sends the API key to a base URL typed with %s', async (_label, baseUrl) => {
    const scope = api('getUser').reply(200, { status: 'success', data: dataFor('getUser') });
    await run('searches', 'getUser', { ...authData, baseUrl }, { userName: 'jack' });
    expect(scope.isDone()).toBe(true);
  });

  it('never sends the API key to another host', async () => {
    const scope = nock('https://elsewhere.test', { badheaders: ['x-api-key'] })
      .get('/')
      .reply(200, 'ok');
    const { addApiKey } = await import('../src/http/middleware');
    const request = addApiKey(
      { url: 'https://elsewhere.test/', headers: {} },
      {} as never,
      { authData } as never,
    );
    expect(request.headers).toEqual({});
    scope.done = () => undefined;
    nock.cleanAll();
  });
});

describe('searches keep what they found (issue 28 finding 3)', () => {
  const ids = Array.from({ length: 1_000 }, (_, i) => String(1_400_000_000_000_000_000n + BigInt(i)));
  const user = samples.user as Record<string, unknown>;

  function batches(failing: (chunk: string[]) => [number, unknown] | undefined) {
    nock(BASE)
      .persist()
      .get('/social/users/batch')
      .query(true)
      .reply((uri) => {
        const chunk = new URL(uri, BASE).searchParams.get('userIds')!.split(',');
        return failing(chunk) ?? [200, { status: 'success', data: chunk.map((id) => ({ ...user, id })) }];
      });
  }

  afterEach(() => nock.cleanAll());

  it('returns the 900 users found when one batch of a 1,000-id lookup answers 404', async () => {
    batches((chunk) =>
      chunk[0] === ids[300] ? [404, { status: 'error', msg: 'Users not found' }] : undefined,
    );
    const result = (await run('searches', 'getUsersByIds', authData, { userIds: ids.join(',') })) as object[];
    expect(result).toHaveLength(900);
  });

  it('returns the users found when one batch fails for another reason', async () => {
    batches((chunk) => (chunk[0] === ids[300] ? [400, { status: 'error', msg: 'bad batch' }] : undefined));
    const result = (await run('searches', 'getUsersByIds', authData, { userIds: ids.join(',') })) as object[];
    expect(result).toHaveLength(900);
  });

  it('fails when nothing was found for a reason other than "not found"', async () => {
    batches(() => [400, { status: 'error', msg: 'bad batch' }]);
    const error = await failure(run('searches', 'getUsersByIds', authData, { userIds: ids.join(',') }));
    expect(details(error)).toMatchObject({ code: 'ValidationError', status: 400 });
  });

  it.each([['getUser'], ['getUsersByIds']])(
    'fails %s on a base URL with a wrong path instead of finding nothing',
    async (key) => {
      nock(BASE).get(/.*/).reply(404, '<html><body>Cannot GET this path</body></html>');
      const wrong = { ...authData, baseUrl: `${BASE}/wrong` };
      const error = await failure(run('searches', key, wrong, inputsFor('searches', key, values)));
      expect(details(error)).toMatchObject({ code: 'ApiError', status: 404 });
      expect(details(error).message).toMatch(/base URL/);
    },
  );
});
