import {
  ApiError,
  NotFoundError,
  RateLimitError,
  SETTING_LABELS,
  SocialDataError,
  USER_SETTINGS,
  ValidationError,
  errorInHostWords,
  hints,
} from '@social-data/core';
import { READ_OPTION_LABELS } from '@social-data/core/feeds';
import type { UserSetting } from '@social-data/core';
import type { ZObject } from 'zapier-platform-core';

/** Names of the classes in `z.errors`; Zapier's own answer, passed through as is. */
const ZAPIER_ERRORS = new Set([
  'AppError',
  'ThrottledError',
  'HaltedError',
  'ExpiredAuthError',
  'RefreshAuthError',
  'ResponseError',
]);

export function isZapierError(error: unknown): error is Error {
  return error instanceof Error && ZAPIER_ERRORS.has(error.name);
}

/**
 * Whether a failure says the record does not exist. Inside Zapier the failure arrives as the
 * `z.errors.Error` the response middleware raised, carrying core's class as its code. A 404
 * without the API's "not found" (a wrong base URL) has another code, and stays a failure.
 */
export function isNotFound(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  if (!(error instanceof Error) || error.name !== 'AppError') return false;
  try {
    return (JSON.parse(error.message) as { code?: string }).code === 'NotFoundError';
  } catch {
    return false;
  }
}

/**
 * What went wrong, then what to do, as two sentences: the API's own message often ends without a
 * full stop ("Invalid API key"), which ran it into the hint.
 */
function withHint(error: SocialDataError, operation: string | undefined, fields: FieldLabels): string {
  const words = errorInHostWords(error, {
    settings: SETTINGS_WORDS,
    operation: operation && `“${operation}”`,
    field: (name) =>
      fields.find((field) => field.key === name)?.label ?? connectionLabel(name) ?? readOptionLabel(name),
  });
  const message = /[.!?]$/.test(words.message) || !words.hint ? words.message : `${words.message}.`;
  return `${message} ${zapierHint(error, words.message, words.hint)}`.trim();
}

/**
 * The hint after the message, where Zapier shows both as one text: none where the message has
 * already said to fix the connection (the hint would say it again), and a step is tested, not run.
 */
function zapierHint(error: SocialDataError, message: string, hint: string | undefined): string {
  if (!hint || (message.includes(SETTINGS_WORDS) && hint.includes(SETTINGS_WORDS))) return '';
  if (error.hint !== hints.validation) return hint;
  // The API key and base URL are checked with the same hint as a step's input, and live elsewhere.
  const setting =
    error instanceof ValidationError && (USER_SETTINGS as readonly string[]).includes(error.field ?? '');
  return setting
    ? `Correct it in ${SETTINGS_WORDS}, then test the connection again.`
    : 'Correct it in the step, then test the step again.';
}

/** A step's input fields, by which an error names the one to correct as the Zap editor labels it. */
export type FieldLabels = ReadonlyArray<{ key: string; label: string }>;

function connectionLabel(name: string): string | undefined {
  return Object.hasOwn(SETTING_LABELS, name)
    ? `${SETTING_LABELS[name as UserSetting]} (Social Data connection)`
    : undefined;
}

/**
 * A read's option that a step's form keys otherwise (Start Cursor is `cursor`), and the output a
 * later step maps (Next Cursor), by the labels the Zap editor shows.
 */
const READ_LABELS: Record<string, string> = { ...READ_OPTION_LABELS, next_cursor: 'Next Cursor' };
const readOptionLabel = (name: string): string | undefined =>
  Object.hasOwn(READ_LABELS, name) ? READ_LABELS[name] : undefined;

/** Where a Zap's user fixes the key, cookie, proxy or base URL. */
const SETTINGS_WORDS = 'the Social Data connection (its Reconnect or Edit settings)';

/** What the user reads of a failure that is not the step's own (an account of many): Zapier's words. */
export function zapierMessage(error: unknown, operation: string): string {
  return error instanceof SocialDataError
    ? withHint(error, operation, [])
    : String((error as Error)?.message ?? error);
}

/**
 * Core's errors as Zapier's, in Zapier's words: the connection, the step by its label
 * (`operation`) wherever core names one of the requests the step made, and an input by its label
 * in the step's form (`fields`). A 429 becomes a ThrottledError with the server's delay, so Zapier
 * retries the step later instead of the app waiting out its time limit; every other failure is
 * a `z.errors.Error` that says what happened and what to do, with core's class as its code.
 * Core has already redacted the message of every secret of the connection.
 */
export function toZapierError(
  z: ZObject,
  error: unknown,
  operation?: string,
  fields: FieldLabels = [],
): Error {
  if (isZapierError(error)) return error;
  if (error instanceof RateLimitError) {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
    return new z.errors.ThrottledError(withHint(error, operation, fields), seconds);
  }
  if (error instanceof SocialDataError) {
    const status = error instanceof ApiError ? error.status : undefined;
    return new z.errors.Error(withHint(error, operation, fields), error.name, status);
  }
  return new z.errors.Error(error instanceof Error ? error.message : String(error), 'UnexpectedError');
}
