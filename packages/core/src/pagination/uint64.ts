const TWO_32 = 2 ** 32;

/**
 * Reads a decimal written as a 64-bit unsigned integer is ("0", "1400000000000000000"; not
 * "007", "+1" or 2^64) into its high and low 32 bits, `into[0]` and `into[1]`; false for anything
 * else. Digit by digit, so a million ids cost no BigInt or substring each.
 */
export function parseUint64(text: string, into: Uint32Array): boolean {
  const length = text.length;
  if (length === 0 || length > 20 || (length > 1 && text.charCodeAt(0) === 48)) return false;
  let high = 0;
  let low = 0;
  for (let index = 0; index < length; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return false;
    // Both below 2^53, so exact: low * 10 + 9 < 2^36, high * 10 + carry checked below 2^32.
    const lowTimesTen = low * 10 + digit;
    const carry = Math.floor(lowTimesTen / TWO_32);
    low = lowTimesTen - carry * TWO_32;
    high = high * 10 + carry;
    if (high >= TWO_32) return false;
  }
  into[0] = high;
  into[1] = low;
  return true;
}
