import { MAX_TIMEOUT_MS, normalizeCount } from '@social-data/core';
import { InvalidArgumentError } from 'commander';

/** An option's whole number, refused by commander (exit 2, naming the flag) when it is not one. */
export function wholeNumber(min: number, max = Infinity): (value: string) => number {
  const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`;
  return (value) => {
    // Core's reading of a whole number: digits only, and no larger than a count can be exact.
    try {
      return normalizeCount(value, { min, ...(max === Infinity ? {} : { max }) }, 'count');
    } catch {
      throw new InvalidArgumentError(`expected a whole number ${range}, got "${value}".`);
    }
  };
}

const MAX_SECONDS = Math.floor(MAX_TIMEOUT_MS / 1000);

/**
 * Seconds (fractions allowed), in milliseconds: from 1 ms to the longest time a timer can hold,
 * checked after rounding, so that no value the flag takes is refused by core under its own name.
 */
export function milliseconds(value: string): number {
  const ms = value.trim() === '' ? Number.NaN : Math.round(Number(value) * 1000);
  if (!Number.isFinite(ms) || ms < 1 || ms > MAX_SECONDS * 1000)
    throw new InvalidArgumentError(
      `expected a number of seconds from 0.001 to ${MAX_SECONDS}, got "${value}".`,
    );
  return ms;
}

/** A count as every line of the CLI writes it: 200,000. */
export const count = (value: number): string => value.toLocaleString('en-US');
