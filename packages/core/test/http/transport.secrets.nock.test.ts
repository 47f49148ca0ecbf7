import { gzipSync } from 'node:zlib';
import nock from 'nock';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  RedirectError,
  ResponseTooLargeError,
  ValidationError,
  readCapped,
} from '../../src';
import { API_KEY, BASE, testClient } from '../support/client';
import { ok } from '../support/fixtures';

const OTHER = 'https://other-origin.test';
const REDIRECTS = [301, 302, 303, 307, 308];

afterEach(() => nock.cleanAll());

describe('no redirect is followed (issue 25, finding 1 and 3)', () => {
  it.each(REDIRECTS)(
    '%i to another origin on GET: a RedirectError naming only the origin',
    async (status) => {
      const api = nock(BASE)
        .get('/social/user/jack')
        .reply(status, '', { location: `${OTHER}/steal?token=abc123` });
      const other = nock(OTHER)
        .get(/.*/)
        .reply(200, ok({ id: '1' }));
      const { client } = testClient();
      const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect(error).toMatchObject({ status, endpoint: 'getUser', location: OTHER });
      expect((error as Error).message).toContain(`HTTP ${status} on getUser`);
      expect((error as Error).message).not.toMatch(/steal|abc123/);
      expect((error as RedirectError).hint).toMatch(/base URL/i);
      expect(api.isDone()).toBe(true);
      expect(other.isDone()).toBe(false);
    },
  );

  it.each(REDIRECTS)(
    '%i on createList is an error, never the list of the page it points to',
    async (status) => {
      const api = nock(BASE).post('/social/lists').reply(status, '', { location: '/social/lists/created' });
      const followed = nock(BASE)
        .get('/social/lists/created')
        .reply(200, { status: 'success', msg: 'ok', data: { list_id: '999' } });
      const { client } = testClient();
      const error = await client.call('createList', { name: 'Mine' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as Error).message).toMatch(/same host/);
      expect(api.isDone()).toBe(true);
      expect(followed.isDone()).toBe(false);
    },
  );

  it.each([
    [
      302,
      /HTTP 302 on getUser with a redirect status but no address to go to \(no Location header\)/,
      /base URL/i,
    ],
    [304, /HTTP 304 Not Modified on getUser, with no answer in it/, /a cache or proxy at the base URL/],
  ])(
    '%i without a Location says what it is, not a redirect on the same host (issue 38 case 9)',
    async (status, message, hint) => {
      nock(BASE).get('/social/user/jack').reply(status, '');
      const { client } = testClient();
      const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toMatch(/same host/);
      expect((error as RedirectError).hint).toMatch(hint);
    },
  );

  it('is not retried, whatever the retry setting', async () => {
    const api = nock(BASE)
      .get('/social/user/jack')
      .times(3)
      .reply(302, '', { location: `${OTHER}/` });
    const { client, sleeps } = testClient({ maxRetries: 2 });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(RedirectError);
    expect(sleeps).toEqual([]);
    expect(api.pendingMocks()).toHaveLength(1);
  });
});

describe('the answer size cap (issue 25, finding 2)', () => {
  it('stops reading past maxResponseBytes, names the endpoint and is not retried', async () => {
    const api = nock(BASE)
      .get('/social/user/jack')
      .times(3)
      .reply(200, JSON.stringify(ok({ id: '1', name: 'x'.repeat(10_000) })));
    const { client, sleeps } = testClient({ maxResponseBytes: 4096 });
    const error = await client.call('getUser', { userName: 'jack' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ endpoint: 'getUser', limitBytes: 4096 });
    expect((error as Error).message).toMatch(/answer to getUser was larger than 4096 bytes/);
    expect(sleeps).toEqual([]);
    expect(api.pendingMocks()).toHaveLength(1);
  });

  it('counts the decompressed bytes: a small gzip body that inflates past the cap fails', async () => {
    const inflated = JSON.stringify(ok({ id: '1', name: ' '.repeat(200_000) }));
    const packed = gzipSync(inflated);
    expect(packed.length).toBeLessThan(4096);
    nock(BASE).get('/social/user/jack').reply(200, packed, { 'content-encoding': 'gzip' });
    const { client } = testClient({ maxResponseBytes: 100_000 });
    await expect(client.call('getUser', { userName: 'jack' })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('reads an answer under the cap whole, multi-byte characters included', async () => {
    nock(BASE)
      .get('/social/user/jack')
      .reply(200, JSON.stringify(ok({ id: '1', name: 'Zoë 🚀'.repeat(500) })));
    const { client } = testClient({ maxResponseBytes: 100_000 });
    await expect(client.call('getUser', { userName: 'jack' })).resolves.toMatchObject({
      name: 'Zoë 🚀'.repeat(500),
    });
  });

  it('holds a body a host already read whole to the same cap, counted in bytes', async () => {
    await expect(readCapped('é'.repeat(600), 1024)).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(readCapped('é'.repeat(500), 1024)).resolves.toBe('é'.repeat(500));
    await expect(readCapped(new TextEncoder().encode('{"a":1}'), 1024)).resolves.toEqual(
      new TextEncoder().encode('{"a":1}'),
    );
    await expect(readCapped(undefined, 1024)).resolves.toBe('');
  });

  it('caps at 8 MiB unless told otherwise', async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(8 * 1024 * 1024);
    const big = JSON.stringify(ok({ id: '1', name: ' '.repeat(DEFAULT_MAX_RESPONSE_BYTES) }));
    nock(BASE).get('/social/user/jack').reply(200, big);
    await expect(testClient().client.call('getUser', { userName: 'jack' })).rejects.toMatchObject({
      name: 'ResponseTooLargeError',
      limitBytes: DEFAULT_MAX_RESPONSE_BYTES,
    });
  });

  it('refuses a cap that is not a whole number of at least 1024 bytes', () => {
    for (const value of ['lots', 10, -1])
      expect(() => testClient({ maxResponseBytes: value as number })).toThrow(
        expect.objectContaining({ field: 'maxResponseBytes' }) as Error,
      );
  });
});

describe('plain http:// base URLs (issue 25, finding 4)', () => {
  it('refuses one to a host other than loopback, naming the field and how to allow it', () => {
    const error = (() => {
      try {
        testClient({ baseUrl: 'http://api.example.com' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ field: 'baseUrl' });
    expect((error as Error).message).toMatch(/unencrypted to api\.example\.com.*turn on allowInsecureHttp/);
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it.each(['http://127.0.0.1:4010', 'http://127.9.8.7', 'http://localhost:4010', 'http://[::1]:4010'])(
    'allows loopback %s',
    (baseUrl) => expect(() => testClient({ baseUrl })).not.toThrow(),
  );

  it.each([true, 'true'])('allows any host when allowInsecureHttp is %p', (allowInsecureHttp) =>
    expect(() =>
      testClient({ baseUrl: 'http://api.example.com', allowInsecureHttp: allowInsecureHttp as boolean }),
    ).not.toThrow(),
  );

  it('does not take a host that only starts like loopback for one', () => {
    for (const baseUrl of [
      'http://127.0.0.1.evil.test',
      'http://localhost.evil.test.',
      'http://0x7f000001x.test',
    ])
      expect(() => testClient({ baseUrl })).toThrow(ValidationError);
  });
});
