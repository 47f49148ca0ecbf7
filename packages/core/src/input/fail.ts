import { hints } from '../errors/hints';
import { ValidationError } from '../errors/classes';

const SHOWN_LENGTH = 60;

/**
 * Shows a rejected value in a message: quoted, with control characters made visible. A longer
 * text is described, not cut: the redactor hides a secret pasted into the wrong field only where
 * it appears whole, and a cut-off cookie would show its first characters.
 */
export function show(value: unknown): string {
  if (typeof value !== 'string')
    return typeof value === 'object' ? (JSON.stringify(value) ?? String(value)) : String(value);
  return value.length > SHOWN_LENGTH ? `a text of ${value.length} characters` : JSON.stringify(value);
}

/**
 * A refusal before any request, naming the field and the fix. With the endpoint where the
 * refusal is the endpoint's, so that a surface names the operation its user chose.
 */
export function invalid(
  field: string,
  problem: string,
  fix: string,
  hint: string = hints.validation,
  endpoint?: string,
): ValidationError {
  return new ValidationError(`${field}: ${problem}. ${fix}`, {
    field,
    hint,
    ...(endpoint === undefined ? {} : { endpoint }),
  });
}
