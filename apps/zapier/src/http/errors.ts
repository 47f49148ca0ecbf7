import { ApiError, RateLimitError, SocialDataError } from '@social-data/core';
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

/** The HTTP status of a failure: core's, or what Zapier's `z.errors.Error` carries in its JSON message. */
export function zapierErrorStatus(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  if (!(error instanceof Error) || error.name !== 'AppError') return undefined;
  try {
    return (JSON.parse(error.message) as { status?: number }).status;
  } catch {
    return undefined;
  }
}

/**
 * What went wrong, then what to do, as two sentences: the API's own message often ends without a
 * full stop ("Invalid API key"), which ran it into the hint.
 */
function withHint(error: SocialDataError): string {
  const message = /[.!?]$/.test(error.message) || !error.hint ? error.message : `${error.message}.`;
  return `${message} ${error.hint}`.trim();
}

/**
 * Core's errors as Zapier's. A 429 becomes a ThrottledError with the server's delay, so Zapier
 * retries the step later instead of the app waiting out its time limit; every other failure is
 * a `z.errors.Error` that says what happened and what to do, with core's class as its code.
 * Core has already redacted the message of every secret of the connection.
 */
export function toZapierError(z: ZObject, error: unknown): Error {
  if (isZapierError(error)) return error;
  if (error instanceof RateLimitError) {
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
    return new z.errors.ThrottledError(withHint(error), seconds);
  }
  if (error instanceof SocialDataError) {
    const status = error instanceof ApiError ? error.status : undefined;
    return new z.errors.Error(withHint(error), error.name, status);
  }
  return new z.errors.Error(error instanceof Error ? error.message : String(error), 'UnexpectedError');
}
