import { hints } from '../errors/hints';
import { ValidationError } from '../errors/classes';

/** Shows a rejected value in a message: quoted, shortened, with control characters made visible. */
export function show(value: unknown): string {
  if (typeof value !== 'string')
    return typeof value === 'object' ? (JSON.stringify(value) ?? String(value)) : String(value);
  const shortened = value.length > 60 ? `${value.slice(0, 57)}...` : value;
  return JSON.stringify(shortened);
}

export function invalid(
  field: string,
  problem: string,
  fix: string,
  hint: string = hints.validation,
): ValidationError {
  return new ValidationError(`${field}: ${problem}. ${fix}`, { field, hint });
}
