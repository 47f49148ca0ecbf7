import fc from 'fast-check';
import { parseUint64 } from '../../src/pagination/uint64';
import { check, PROPERTY_RUNS as runs } from '../support/check';

const MAX = 2n ** 64n - 1n;

function parsed(text: string): bigint | undefined {
  const into = new Uint32Array(2);
  return parseUint64(text, into) ? (BigInt(into[0]!) << 32n) | BigInt(into[1]!) : undefined;
}

describe('reading an id as a 64-bit number', () => {
  it('reads every 64-bit integer written in decimal to its value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX }), (value) => {
        check(parsed(value.toString()) === value, `${value} read as ${parsed(value.toString())}`);
      }),
      runs,
    );
  });

  it('reads the edges: 0, 2^32 either side, 2^53 + 1, the largest', () => {
    for (const value of [0n, 1n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n + 1n, 1_400_000_000_000_000_000n, MAX])
      expect(parsed(value.toString())).toBe(value);
  });

  it('refuses what is not a number written as such, so it stays an id of its own', () => {
    for (const text of ['', '007', '00', '+1', '-1', ' 1', '1 ', '1e3', '0x1f', '１', 'abc', '12a'])
      expect(parsed(text)).toBeUndefined();
    expect(parsed((MAX + 1n).toString())).toBeUndefined();
    expect(parsed('99999999999999999999')).toBeUndefined();
    expect(parsed('123456789012345678901')).toBeUndefined();
  });

  it('refuses any other string', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const plain = /^(0|[1-9]\d{0,19})$/.test(text) && BigInt(text) <= MAX;
        check(plain === (parsed(text) !== undefined), `"${text}" read as ${parsed(text)}`);
      }),
      runs,
    );
  });
});
