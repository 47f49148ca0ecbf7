import { ResponseTooLargeError, bufferDecoder, readCapped } from '../../src';

async function* chunks(...parts: number[][]) {
  for (const part of parts) yield Uint8Array.from(part);
}

const text = (value: string) => Array.from(new TextEncoder().encode(value));

describe.each([
  ['TextDecoder', undefined],
  ["Node's Buffer", bufferDecoder(Buffer)],
])('readCapped reads an answer as UTF-8 text with %s', (_name, decode) => {
  it('joins characters split across chunks', async () => {
    const bytes = text('{"name":"Zoë 🚀"}');
    const cut = bytes.indexOf(0xf0) + 2;
    expect(await readCapped(chunks(bytes.slice(0, cut), bytes.slice(cut)), 1024, decode)).toBe(
      '{"name":"Zoë 🚀"}',
    );
  });

  it('drops a byte order mark, so the JSON after it still parses', async () => {
    const answer = await readCapped(chunks([0xef, 0xbb, 0xbf], text('{"a":1}')), 1024, decode);
    expect(JSON.parse(answer)).toEqual({ a: 1 });
    expect(await readCapped(Uint8Array.from([0xef, 0xbb, 0xbf, ...text('[]')]), 1024, decode)).toBe('[]');
  });

  it('turns bytes that are not UTF-8 into replacement characters, as TextDecoder does', async () => {
    const bytes = [...text('a'), 0xff, 0xfe, ...text('b')];
    expect(await readCapped(chunks(bytes), 1024, decode)).toBe(
      new TextDecoder().decode(Uint8Array.from(bytes)),
    );
  });

  it('stops at the limit', async () => {
    await expect(
      readCapped(chunks(text('x'.repeat(600)), text('y'.repeat(600))), 1000, decode),
    ).rejects.toThrow(ResponseTooLargeError);
  });
});
