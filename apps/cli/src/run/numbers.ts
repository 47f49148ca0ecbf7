import { normalizeCount } from '@social-data/core';
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

/** Seconds as a positive number (fractions allowed), in milliseconds. */
export function milliseconds(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError(`expected a number of seconds above 0, got "${value}".`);
  return Math.round(number * 1000);
}
