import { NOT_THE_API, REFUSED, SocialDataApi } from '../../credentials/SocialDataApi.credentials';
import { evaluate } from '../support/expression';

/**
 * A field of the test request as n8n's own expression engine resolves it from the credential.
 * The credential test is a request n8n makes itself, from an expression, before any check of the
 * node runs: the expression alone must keep the key off plain HTTP to another machine.
 */
function resolve(
  field: 'baseURL' | 'method' | 'url' | 'body',
  credentials: Record<string, unknown>,
): unknown {
  return evaluate(new SocialDataApi().test.request[field] as string, { keys: { $credentials: credentials } });
}

const testBaseUrl = (credentials: { baseUrl: string; allowInsecureHttp?: boolean }) =>
  resolve('baseURL', credentials);

const request = (credentials: Record<string, unknown>) => ({
  method: resolve('method', credentials),
  url: resolve('url', credentials),
  body: resolve('body', credentials),
});

describe('the API credential test', () => {
  it.each([
    ['https://api.example.com/', 'https://api.example.com'],
    ['http://api.example.com', 'https://api.example.com'],
    ['HTTP://api.example.com/v1/', 'https://api.example.com/v1'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://localhost:4010/', 'http://localhost:4010'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
    ['http://127.0.0.1.example.com', 'https://127.0.0.1.example.com'],
    ['http://localhost.example.com:4010', 'https://localhost.example.com:4010'],
  ])('sends %s as %s', (baseUrl, expected) => {
    expect(testBaseUrl({ baseUrl })).toBe(expected);
  });

  it('keeps plain HTTP to another machine only with Allow Insecure HTTP', () => {
    expect(testBaseUrl({ baseUrl: 'http://api.example.com', allowInsecureHttp: true })).toBe(
      'http://api.example.com',
    );
  });
});

describe('what the credential test asks the API', () => {
  const key = { apiKey: 'tda_x', baseUrl: 'https://api.example.com' };

  it.each([
    ['no session fields', key],
    ['blank session fields', { ...key, cookie: ' ', proxy: '' }],
  ])('looks up one public tweet with %s, so only the key is judged', (_case, credentials) => {
    expect(request(credentials)).toEqual({
      method: 'GET',
      url: '/social/tweets/lookup?tweet_ids=20',
      body: undefined,
    });
  });

  it.each<[string, { cookie?: string; proxy?: string }]>([
    ['both', { cookie: 'auth_token=a; ct0=b', proxy: 'http://u:p@proxy.example:8080' }],
    ['only a cookie', { cookie: 'auth_token=a; ct0=b' }],
    ['only a proxy', { proxy: 'http://u:p@proxy.example:8080' }],
  ])('reads your bookmarks with %s filled in, so the API judges the session too', (_case, session) => {
    expect(request({ ...key, ...session })).toEqual({
      method: 'POST',
      url: '/social/bookmarks',
      body: { cookie: session.cookie, proxy: session.proxy },
    });
  });
});

describe('how the credential test judges an answer', () => {
  const { request, rules = [] } = new SocialDataApi().test;
  // n8n's check of an answer it was told to take: the first body rule whose key holds its value.
  const verdict = (body: unknown) =>
    rules.find(
      (rule) =>
        rule.type === 'responseSuccessBody' &&
        (typeof body === 'object' && body !== null
          ? (body as Record<string, unknown>)[rule.properties.key]
          : undefined) === rule.properties.value,
    )?.properties.message;

  it('lets n8n 2.x fail the statuses it has its own message for, and takes every other answer', () => {
    const statuses = rules
      .filter((rule) => rule.type === 'responseCode')
      .map((rule) => rule.properties.value);
    expect(statuses.sort()).toEqual([400, 401, 402, 404]);
    expect(request.ignoreHttpStatusErrors).toEqual({ ignore: true, except: [401, 400, 402, 404] });
  });

  it.each([
    ['the API error envelope', { status: 'error', msg: 'Invalid API key' }, REFUSED],
    ['a web page', '<html><body>Welcome</body></html>', NOT_THE_API],
    ['an empty redirect', '', NOT_THE_API],
    ["another service's JSON", { message: 'Not Found' }, NOT_THE_API],
    ['a tweet lookup', { status: 'success', msg: 'success', data: [] }, undefined],
    ['a page of bookmarks', { data: { tweets: [], next_cursor: '' } }, undefined],
  ])('answers %s with the right message', (_case, body, message) => {
    expect(verdict(body)).toBe(message);
  });
});
