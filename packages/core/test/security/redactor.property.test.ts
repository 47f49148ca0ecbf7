import { inspect } from 'node:util';
import fc from 'fast-check';
import { createRedactor, SocialDataClient, SocialDataError } from '../../src';
import type { EndpointId, Transport, TransportResponse } from '../../src';

/**
 * Whatever the API key, cookie and proxy password are, and however a server or the network
 * echoes them back, no thrown object and no log line contains them.
 */

const secretText = fc.string({ minLength: 8, maxLength: 40, unit: 'grapheme' });
const keyText = fc.stringMatching(/^[\x21-\x7e]{8,40}$/);

const RUNS = { numRuns: 10_000 };

type Echo = (s: { apiKey: string; cookie: string; password: string; proxy: string }) => string;
const echoes: Echo[] = [
  (s) => `Invalid API key ${s.apiKey}`,
  (s) => `bad cookie: ${s.cookie}`,
  (s) => `proxy ${s.proxy} refused`,
  (s) => `auth failed for ${s.password}`,
  (s) => `${encodeURIComponent(s.password)} / ${JSON.stringify(s.cookie)}`,
  (s) => `${s.apiKey}${s.cookie}${s.password}`,
  (s) => `?session=${encodeURIComponent(s.cookie)}&key=${encodeURIComponent(s.apiKey)}`,
];

type Failure = (message: string) => TransportResponse | Error;
const failures: Failure[] = [
  (msg) => ({ status: 401, headers: {}, body: JSON.stringify({ status: 'error', msg }) }),
  (msg) => ({ status: 402, headers: {}, body: JSON.stringify({ status: 'error', msg }) }),
  (msg) => ({ status: 400, headers: {}, body: JSON.stringify({ status: 'error', msg }) }),
  (msg) => ({ status: 404, headers: {}, body: JSON.stringify({ status: 'error', msg }) }),
  (msg) => ({ status: 429, headers: { 'retry-after': '0' }, body: JSON.stringify({ status: 'error', msg }) }),
  (msg) => ({ status: 503, headers: {}, body: `<html>${msg}</html>` }),
  (msg) => ({ status: 200, headers: {}, body: JSON.stringify({ status: 'error', msg }) }),
  (msg) => ({ status: 200, headers: {}, body: `<html><title>${msg}</title></html>` }),
  (msg) => ({ status: 200, headers: {}, body: `{"status":"success","data":${JSON.stringify(msg)}` }),
  (msg) => ({ status: 200, headers: {}, body: JSON.stringify({ status: 'success', data: { weird: msg } }) }),
  (msg) => Object.assign(new Error(msg), { code: 'ECONNRESET', config: { headers: { 'X-API-Key': msg } } }),
  (msg) =>
    Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error(msg), { code: 'ECONNREFUSED' }),
    }),
];

type Secretive = { apiKey: string; cookie: string; password: string; proxy: string };
const calls: ((s: Secretive) => [EndpointId, Record<string, unknown>])[] = [
  () => ['getUser', { userName: 'jack' }],
  () => ['getBookmarks', {}],
  () => ['createList', { name: 'n' }],
  () => ['getUsersByIds', { userIds: '1,2' }],
  // A secret pasted where a parameter name or a value goes is echoed by validation errors.
  (s) => ['getUser', { userName: 'jack', [s.cookie]: 1 }],
  (s) => ['getUser', { userName: s.apiKey }],
  (s) => ['getListTweets', { list_id: s.cookie }],
];

/**
 * Windows of a secret, 10 long every 5 characters: a cut-off echo of 14 characters or more leaks
 * as surely as a whole one, and holds at least one of them. Windows of white space only are left
 * out: they match the indentation of inspect() and stack traces.
 */
function windows(secret: string): string[] {
  const size = Math.min(10, secret.length);
  const starts = Array.from({ length: Math.ceil((secret.length - size + 1) / 5) }, (_, i) => i * 5);
  return [...starts, secret.length - size]
    .map((i) => secret.slice(i, i + size))
    .filter((w) => w.trim() !== '');
}

/** A password that can stand in a proxy URL as written (a raw `@` included) or URL-encoded. */
const proxyFor = (password: string, raw: boolean) =>
  raw && !/[/?#\\\s%]/.test(password) && URL.canParse(`http://proxyuser:${password}@proxy.example:8080`)
    ? `http://proxyuser:${password}@proxy.example:8080`
    : `http://proxyuser:${encodeURIComponent(password)}@proxy.example:8080`;

/** A secret as written, URL-encoded and JSON-escaped: an echo in any of these is a leak. */
function forms(...secrets: string[]): string[] {
  return secrets.filter(Boolean).flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
}

/**
 * Stack frames name code, never data, and a random secret can be part of a frame's name
 * (`!Property.p` in `at AsyncProperty.predicate`): frames are left out, also where inspect() quotes
 * a stack; the rest of each stack (its message) is kept.
 */
const STACK_FRAME = / {4}at [^\n]*?:\d+:\d+\)?/g;

function everything(error: unknown, logs: string[]): string {
  const e = error as SocialDataError;
  return [
    e.message,
    e.stack,
    e.hint,
    String(e),
    JSON.stringify(e),
    inspect(e, { depth: 5, showHidden: true }),
    ...logs,
  ]
    .join('\n')
    .replace(STACK_FRAME, '');
}

describe('secrets never leak', () => {
  it('from any error, thrown for any echo, on any endpoint kind', async () => {
    await fc.assert(
      fc.asyncProperty(
        keyText,
        secretText,
        secretText,
        fc.nat(echoes.length - 1),
        fc.nat(failures.length - 1),
        fc.nat(calls.length - 1),
        fc.string({ maxLength: 300 }),
        fc.boolean(),
        async (keyTail, cookie, password, echo, failure, callIndex, padding, rawPassword) => {
          const apiKey = `tda_${keyTail}`;
          const proxy = proxyFor(password, rawPassword);
          const message = `${padding}${echoes[echo]!({ apiKey, cookie, password, proxy })}`;
          const transport: Transport = async () => {
            const outcome = failures[failure]!(message);
            if (outcome instanceof Error) throw outcome;
            return outcome;
          };
          const logs: string[] = [];
          const client = new SocialDataClient({
            apiKey,
            baseUrl: 'https://api.test',
            cookie,
            proxy,
            transport,
            sleep: async () => undefined,
            logger: (line) => logs.push(line),
          });
          const [id, params] = calls[callIndex]!({ apiKey, cookie, password, proxy });
          const error = await client.callUntyped(id, params).then(
            () => new Error('expected a failure'),
            (e: unknown) => e,
          );
          if (!(error instanceof SocialDataError))
            throw new Error(`${String(error)} is not a SocialDataError`);
          const text = everything(error, logs);
          // A plain check: jest's matchers in this loop would cost more than the calls.
          const leaked = forms(apiKey, cookie.trim(), password, proxy)
            .flatMap(windows)
            .some((secret) => text.includes(secret));
          if (leaked) throw new Error('a secret is in the error or the log');
        },
      ),
      RUNS,
    );
    // A hang guard, not a speed check: 10,000 calls through the client take seconds on a busy machine.
  }, 300_000);

  it('from validation errors that echo what was typed into a field', async () => {
    await fc.assert(
      fc.asyncProperty(keyText, async (keyTail) => {
        const apiKey = `tda_${keyTail}`;
        const client = new SocialDataClient({
          apiKey,
          baseUrl: 'https://api.test',
          transport: async () => ({ status: 200, headers: {}, body: '{}' }),
          sleep: async () => undefined,
        });
        const error = await client.call('getUser', { userName: `${apiKey} ` }).catch((e: unknown) => e);
        if (everything(error, []).includes(apiKey)) throw new Error('the key is in the error');
      }),
      RUNS,
    );
  });

  it('the redactor hides every configured secret in arbitrary text, whatever the secret', () => {
    fc.assert(
      fc.property(
        secretText,
        secretText,
        secretText,
        fc.string(),
        fc.string(),
        (key, cookie, password, before, after) => {
          const apiKey = `tda_${key}`;
          const proxy = `socks5://u:${encodeURIComponent(password)}@h:1`;
          const redact = createRedactor({ apiKey, cookie, proxy });
          const out = redact(
            `${before}${apiKey}|${cookie}|${password}|${proxy}|${encodeURIComponent(password)}${after}`,
          );
          const leaked = [apiKey, cookie, password, proxy].filter((secret) => out.includes(secret));
          if (leaked.length) throw new Error(`${leaked.length} secrets survived`);
        },
      ),
      RUNS,
    );
  });

  it('the redactor survives secrets that collide with its own marker', () => {
    const redact = createRedactor({ apiKey: 'tda_x', cookie: 'redacted', proxy: 'http://u:[@h:1' });
    const out = redact('cookie=redacted proxy=[redacted] key tda_x');
    expect(out).not.toContain('redacted');
  });

  it('leaves text alone when a secret field holds only white space', () => {
    const redact = createRedactor({ cookie: ' ', proxy: '\t ' });
    expect(redact('cookie: the session cookie is missing')).toBe('cookie: the session cookie is missing');
  });

  it('hides a configured key whole even when it holds characters an unknown key would not', () => {
    const redact = createRedactor({ apiKey: 'tda_abcd.SECRETTAIL+xyz' });
    expect(redact('Invalid API key tda_abcd.SECRETTAIL+xyz')).toBe('Invalid API key [redacted]');
  });

  it('hides a proxy password that holds a raw @, reading credentials up to the last @', () => {
    const redact = createRedactor({ proxy: 'http://user:p@ss-word-long@proxy.example:8080' });
    expect(redact('auth failed: p@ss-word-long')).toBe('auth failed: [redacted]');
  });

  it('hides a secret repeated as JSON inside a JSON body', () => {
    const cookie = 'sid="a b" ; x=\\y';
    const redact = createRedactor({ cookie });
    const body = JSON.stringify({ msg: `bad body ${JSON.stringify({ cookie })}` });
    expect(redact(body)).not.toContain('a b');
  });

  it('hides each value of a multi-part cookie and anything shaped like an API key', () => {
    const redact = createRedactor({ cookie: 'auth_token=abcdef123456; ct0=zyxwvu987654; lang=en' });
    const out = redact('saw abcdef123456 and zyxwvu987654 with tda_someoneElsesKey1 in lang=en');
    expect(out).toBe('saw [redacted] and [redacted] with tda_[redacted] in lang=en');
  });
});
