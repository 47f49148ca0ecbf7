import { createRedactor, ValidationError } from '../../src';
import { testClient } from '../support/client';

/** Issue 38 case 7: secrets a header cannot carry are refused before any request, naming the field. */
describe('secrets a request cannot carry', () => {
  it.each([
    ['a NUL', 'tda_abc\u0000def'],
    ['a DEL', 'tda_abc\u007fdef'],
    ['Cyrillic letters', 'tda_аbcdеf'],
    ['an emoji', 'tda_abc😀def'],
  ])('an API key with %s is refused when the client is made, without echoing it', (_, apiKey) => {
    let requests = 0;
    const attempt = () =>
      testClient({
        apiKey,
        transport: async () => {
          requests += 1;
          return { status: 200, headers: {}, body: '{}' };
        },
      });
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow(/^apiKey: the API key holds a character no request can carry/);
    expect(requests).toBe(0);
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain(apiKey);
    }
  });

  it.each([
    ['a line break', 'auth_token=abc\r\nX-Injected: 1'],
    ['a NUL', 'auth_token=abc\u0000; ct0=def'],
    ['an emoji', 'auth_token=abc😀; ct0=def'],
  ])('a session cookie with %s is refused before any request, without echoing it', async (_, cookie) => {
    let requests = 0;
    const { client } = testClient({
      cookie,
      transport: async () => {
        requests += 1;
        return { status: 200, headers: {}, body: '{}' };
      },
    });
    const error = await client.call('getBookmarks', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(
      /^cookie: the session cookie holds a line break, a control character/,
    );
    expect((error as Error).message).not.toContain('auth_token=abc');
    expect(requests).toBe(0);
  });
});

describe('secrets of a few characters', () => {
  it('are hidden where they stand alone, without shredding the words around them', () => {
    const redact = createRedactor({ proxy: 'http://u:p@proxy.example:8080' });
    expect(redact('the proxy http://u:p@proxy.example:8080 refused password p (p) over https')).toBe(
      'the proxy [redacted] refused password [redacted] ([redacted]) over https',
    );
  });
});
