import fc from 'fast-check';
import { anyInput } from '@social-data/test-support';
import { booleanOf, normalizeBoolean, normalizeCount, normalizeIdList, ValidationError } from '../../src';
import { normalizeId, normalizeScreenName } from '../../src/input/identifiers';
import { normalizeCookie, normalizeCursor, normalizeProxy } from '../../src/input/values';
import { check, PROPERTY_RUNS as runs } from '../support/check';
import { RESERVED_PATHS } from '../../src/input/identifiers';

function outcome(run: () => unknown, field: string): void {
  try {
    run();
  } catch (error) {
    check(error instanceof ValidationError, `${String(error)} is not a ValidationError`);
    const { field: named, message } = error as ValidationError;
    check(named !== undefined && named.startsWith(field), `${String(named)} does not name ${field}`);
    check(message.startsWith(named!), `"${message}" does not start with the field`);
  }
}

describe('normalizers never throw anything but a ValidationError naming the field', () => {
  it.each([
    ['userName', (v: unknown) => normalizeScreenName(v, 'userName')],
    ['tweet', (v: unknown) => normalizeId('tweet', v, 'tweet')],
    ['list_id', (v: unknown) => normalizeId('list', v, 'list_id')],
    ['community_id', (v: unknown) => normalizeId('community', v, 'community_id')],
    ['topic_id', (v: unknown) => normalizeId('topic', v, 'topic_id')],
    ['tweet_ids', (v: unknown) => normalizeIdList('tweet', v, 'tweet_ids')],
    ['userIds', (v: unknown) => normalizeIdList('user', v, 'userIds')],
    ['count', (v: unknown) => normalizeCount(v, { min: 1, max: 100 }, 'count')],
    ['cursor', (v: unknown) => normalizeCursor(v, 'cursor')],
    ['proxy', (v: unknown) => normalizeProxy(v, 'proxy')],
    ['cookie', (v: unknown) => normalizeCookie(v, 'cookie')],
  ])('%s', (field, normalize) => {
    fc.assert(
      fc.property(anyInput, (value) => {
        outcome(() => normalize(value), field);
      }),
      runs,
    );
  });
});

const screenName = fc.stringMatching(/^[A-Za-z0-9_]{1,15}$/);
const id = fc.bigInt({ min: 1n, max: 2n ** 63n }).map(String);

describe('a yes or a no reads the same from every host', () => {
  const words = {
    true: true,
    yes: true,
    '1': true,
    on: true,
    false: false,
    no: false,
    '0': false,
    off: false,
  };

  it('takes each word in any case and with blanks around it, and the booleans and 1 and 0 as numbers', () => {
    for (const [word, yes] of Object.entries(words))
      for (const written of [word, word.toUpperCase(), ` ${word}\n`]) {
        expect(booleanOf(written)).toBe(yes);
        expect(normalizeBoolean(written, 'simplify')).toBe(yes);
      }
    expect([booleanOf(true), booleanOf(false), booleanOf(1), booleanOf(0)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('refuses anything else, naming the field; empty is unset', () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const text = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
        fc.pre(
          typeof value !== 'boolean' &&
            !(text !== undefined && Object.hasOwn(words, text.trim().toLowerCase())),
        );
        const blank = value === undefined || value === null || text?.trim() === '';
        if (blank)
          return check(normalizeBoolean(value, 'simplify') === undefined, `${fc.stringify(value)} is set`);
        check(booleanOf(value) === undefined, `${fc.stringify(value)} reads as yes or no`);
        outcome(() => normalizeBoolean(value, 'simplify'), 'simplify');
        let refused = false;
        try {
          normalizeBoolean(value, 'simplify');
        } catch {
          refused = true;
        }
        check(refused, `${fc.stringify(value)} was taken`);
      }),
      runs,
    );
  });
});

describe('normalizers accept every form users paste', () => {
  it('screen names from @name and profile URLs', () => {
    fc.assert(
      fc.property(
        screenName,
        fc.constantFrom(
          '',
          '@',
          'https://x.com/',
          'https://twitter.com/',
          'x.com/',
          'http://www.twitter.com/',
          'https://mobile.twitter.com/',
        ),
        fc.constantFrom('', '/', '?s=20', '/followers', '/with_replies'),
        (name, prefix, suffix) => {
          fc.pre(!RESERVED_PATHS.has(name.toLowerCase()));
          const input = prefix.includes('/') ? `${prefix}${name}${suffix}` : `${prefix}${name}`;
          check(normalizeScreenName(` ${input} `) === name, `${input} is not ${name}`);
        },
      ),
      runs,
    );
  });

  it("a tweet's URL where an account is asked for is refused, naming the field and the account in it", () => {
    fc.assert(
      fc.property(
        screenName,
        id,
        fc.constantFrom('https://x.com/', 'twitter.com/', 'http://www.twitter.com/', 'https://mobile.x.com/'),
        fc.constantFrom('status', 'statuses', 'Status'),
        fc.constantFrom('', '?s=20', '/photo/1'),
        (name, tweetId, prefix, segment, suffix) => {
          fc.pre(!RESERVED_PATHS.has(name.toLowerCase()));
          const input = `${prefix}${name}/${segment}/${tweetId}${suffix}`;
          let message = '';
          try {
            normalizeScreenName(input, 'userName');
          } catch (error) {
            message = (error as Error).message;
          }
          check(
            message.startsWith('userName: ') && message.includes(`enter ${name} or`),
            `${input} gave "${message}"`,
          );
        },
      ),
      runs,
    );
  });

  it('tweet ids from URLs and bare ids', () => {
    fc.assert(
      fc.property(
        id,
        screenName,
        fc.constantFrom(
          'https://x.com/{n}/status/{id}',
          'twitter.com/{n}/status/{id}?s=20',
          'https://x.com/i/web/status/{id}',
          '{id}',
        ),
        (tweetId, name, shape) => {
          const input = shape.replace('{n}', name).replace('{id}', tweetId);
          check(normalizeId('tweet', input, 'tweet') === tweetId, `${input} is not ${tweetId}`);
        },
      ),
      runs,
    );
  });

  it('list, community and topic ids from their URLs', () => {
    fc.assert(
      fc.property(
        id,
        fc.constantFrom(['list', 'lists'], ['community', 'communities'], ['topic', 'topics']),
        (value, [kind, segment]) => {
          check(
            normalizeId(kind as 'list', `https://x.com/i/${segment}/${value}`, 'f') === value,
            `${kind} ${value}`,
          );
        },
      ),
      runs,
    );
  });

  it('id lists from any mix of separators, de-duplicated in first-seen order', () => {
    fc.assert(
      fc.property(
        fc.array(id, { minLength: 1, maxLength: 300 }),
        fc.array(fc.constantFrom(',', ' ', '\n', ', ', '\r\n', ';'), { minLength: 1 }),
        (ids, separators) => {
          const text = ids.map((value, i) => `${value}${separators[i % separators.length]}`).join('');
          check(
            normalizeIdList('user', text, 'userIds').join() === [...new Set(ids)].join(),
            `${JSON.stringify(text)} read wrong`,
          );
        },
      ),
      runs,
    );
  });

  it('counts within the range, as numbers or numeric text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.boolean(), (count, asText) => {
        check(normalizeCount(asText ? String(count) : count, { min: 1, max: 100 }) === count, `${count}`);
      }),
      runs,
    );
  });

  it('proxies of the four schemes with any credentials', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https', 'socks5', 'socks5h'),
        fc.string(),
        fc.domain(),
        fc.integer({ min: 1, max: 65535 }),
        (scheme, password, host, port) => {
          const proxy = `${scheme}://user:${encodeURIComponent(password)}@${host}:${port}`;
          check(normalizeProxy(proxy) === proxy, 'a valid proxy was changed');
        },
      ),
      runs,
    );
  });

  it('cursors unchanged but for the blanks a paste brings around them, and blank ones as "no cursor"', () => {
    fc.assert(
      fc.property(fc.string(), (cursor) => {
        check(
          normalizeCursor(cursor) === (cursor.trim() === '' ? undefined : cursor.trim()),
          JSON.stringify(cursor),
        );
      }),
      runs,
    );
  });
});

describe('a session cookie', () => {
  it('is taken as given, pairs or not: the API, which alone knows what it needs, judges it (B35)', () => {
    for (const cookie of ['auth_token=abc; ct0=def', 'a=b', ' sid=1;x=', 'a1b2c3d4e5f6', 'one token'])
      expect(normalizeCookie(cookie)).toBe(cookie.trim());
  });
});
