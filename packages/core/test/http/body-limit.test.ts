import { ResponseTooLargeError, readCapped } from '../../src';
import { bodyText } from '../../src/http/json-body';

async function* chunks(...parts: number[][]) {
  for (const part of parts) yield Uint8Array.from(part);
}

const text = (value: string) => Array.from(new TextEncoder().encode(value));

describe('readCapped', () => {
  it('hands on the bytes of every chunk, a character split across two whole again', async () => {
    const bytes = text('{"name":"Zoë 🚀"}');
    const cut = bytes.indexOf(0xf0) + 2;
    const body = await readCapped(chunks(bytes.slice(0, cut), bytes.slice(cut)), 1024);
    expect(bodyText(body)).toBe('{"name":"Zoë 🚀"}');
  });

  it('stops at the limit', async () => {
    await expect(readCapped(chunks(text('x'.repeat(600)), text('y'.repeat(600))), 1000)).rejects.toThrow(
      ResponseTooLargeError,
    );
  });
});
