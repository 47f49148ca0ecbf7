import { InvalidArgumentError } from 'commander';

/** An option's whole number, refused by commander (exit 2, naming the flag) when it is not one. */
export function wholeNumber(min: number, max = Infinity): (value: string) => number {
  const range = max === Infinity ? `of at least ${min}` : `from ${min} to ${max}`;
  return (value) => {
    const number = Number(value);
    if (!/^\s*\d+\s*$/.test(value) || number < min || number > max)
      throw new InvalidArgumentError(`expected a whole number ${range}, got "${value}".`);
    return number;
  };
}

/** Seconds as a positive number (fractions allowed), in milliseconds. */
export function milliseconds(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0)
    throw new InvalidArgumentError(`expected a number of seconds above 0, got "${value}".`);
  return Math.round(number * 1000);
}
