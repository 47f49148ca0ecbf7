import fc from 'fast-check';

import { jsonBytes } from '../../src/http/json-bytes';

describe('jsonBytes', () => {
  it('gives the UTF-8 bytes of JSON.stringify for any JSON, any characters, any depth', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }), (value) => {
        expect(jsonBytes(value).equals(Buffer.from(JSON.stringify(value)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out what JSON.stringify leaves out and keeps what has toJSON as JSON.stringify does', () => {
    const value = {
      status: 'success',
      data: {
        at: new Date(0),
        skipped: undefined,
        followers: [{ id: '1', name: 'Zoë 🚀', gone: undefined }, undefined, () => 1],
      },
    };
    expect(jsonBytes(value).toString()).toBe(JSON.stringify(value));
  });

  it('makes a page of 200 users with emoji, far past 64K characters, byte for byte', () => {
    const followers = Array.from({ length: 200 }, (_, index) => ({
      id: String(index),
      name: `Zoë 🚀 ${'x'.repeat(400)}`,
    }));
    const page = { status: 'success', msg: 'success', data: { followers, next_cursor: '2' } };
    expect(jsonBytes(page).equals(Buffer.from(JSON.stringify(page)))).toBe(true);
  });
});
