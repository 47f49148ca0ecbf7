import fc from 'fast-check';

import { bodyText, parseJsonBody } from '../../src/http/json-body';

const encode = (value: string) => new TextEncoder().encode(value);
const BOM = [0xef, 0xbb, 0xbf];

/** What `response.json()` makes of the same bytes: the reference every case is held to. */
function reference(bytes: Uint8Array): { value: unknown } | 'not JSON' {
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytes)) };
  } catch {
    return 'not JSON';
  }
}

function parsed(bytes: Uint8Array): { value: unknown } | 'not JSON' {
  try {
    return { value: parseJsonBody(bytes) };
  } catch {
    return 'not JSON';
  }
}

describe('parseJsonBody on UTF-8 bytes', () => {
  it('gives the values JSON.parse gives on the decoded text, for any JSON with any characters', () => {
    fc.assert(
      fc.property(fc.jsonValue({ depthSize: 'small', stringUnit: 'binary' }), fc.boolean(), (value, bom) => {
        const bytes = Uint8Array.from([...(bom ? BOM : []), ...encode(JSON.stringify(value))]);
        expect(parsed(bytes)).toEqual(reference(bytes));
      }),
      { numRuns: 500 },
    );
  });

  it('reads bytes at any offset of a larger buffer, as hosts hand out slices of their own', () => {
    fc.assert(
      fc.property(fc.jsonValue({ depthSize: 'small', stringUnit: 'binary' }), fc.nat(7), (value, offset) => {
        const text = encode(JSON.stringify(value));
        const larger = new Uint8Array(offset + text.length + 5).fill(0xff);
        larger.set(text, offset);
        const bytes = larger.subarray(offset, offset + text.length);
        expect(parsed(bytes)).toEqual(reference(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('reads raw characters and \\u escapes side by side in one string, emoji as surrogate pairs', () => {
    const bytes = encode('{"name":"Zoë \\u00e9 🚀 \\ud83d\\ude80 中文 \\u4e2d","bio":"\ufeffhi"}');
    expect(parseJsonBody(bytes)).toEqual({ name: 'Zoë é 🚀 🚀 中文 中', bio: '\ufeffhi' });
  });

  it('turns bytes that are not UTF-8 into replacement characters, as decoding the whole does', () => {
    const bytes = Uint8Array.from([
      ...encode('["a'),
      0xff,
      0xe2,
      0x82,
      ...encode('b'),
      0xf0,
      0x9f,
      ...encode('"]'),
    ]);
    expect(parsed(bytes)).toEqual(reference(bytes));
    expect(parseJsonBody(bytes)).toEqual(['a\ufffd\ufffdb\ufffd']);
  });

  it('refuses what is not JSON, a character outside ASCII outside a string included', () => {
    for (const text of ['{"a":1}é', 'é', '<html>Zoë</html>', '{"a":"b"', '']) {
      expect(parsed(encode(text))).toBe('not JSON');
      expect(reference(encode(text))).toBe('not JSON');
    }
  });

  it('reads a page past 64K characters with emoji in it whole', () => {
    const users = Array.from({ length: 400 }, (_, index) => ({
      id: String(index),
      name: `Zoë 🚀 ${'x'.repeat(200)}`,
    }));
    expect(parseJsonBody(encode(JSON.stringify({ users })))).toEqual({ users });
  });

  it('takes text a host already decoded as it is', () => {
    expect(parseJsonBody('{"name":"Zoë"}')).toEqual({ name: 'Zoë' });
  });
});

describe('bodyText', () => {
  it('decodes UTF-8 without the byte order mark and keeps a U+FEFF inside', () => {
    expect(bodyText(Uint8Array.from([...BOM, ...encode('a\ufeffb')]))).toBe('a\ufeffb');
    expect(bodyText('as is')).toBe('as is');
  });
});
