import {
  ApiError,
  ConnectionError,
  ResponseFormatError,
  SocialDataError,
  TimeoutError,
} from '../errors/classes';

/** Extra attempts after a failure that may pass, when the caller sets no `maxRetries`. */
export const DEFAULT_MAX_RETRIES = 2;
const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

function retryableStatus(status: number | undefined): boolean {
  return status === 408 || status === 429 || (status !== undefined && status >= 500);
}

/**
 * Whether a failed attempt may be sent again. 402 and other 4xx never are. A non-idempotent
 * call (creating a list) is repeated only when the server provably did not act on it: the
 * connection was refused, or the server said 429. A timeout or a 5xx may have created the list.
 */
export function isRetryable(error: SocialDataError, idempotent: boolean): boolean {
  if (!idempotent) {
    return (
      (error instanceof ApiError && error.status === 429) ||
      (error instanceof ConnectionError && !error.reachedServer)
    );
  }
  if (error instanceof ApiError) return retryableStatus(error.status);
  if (error instanceof ResponseFormatError) return error.transient;
  return error instanceof ConnectionError || error instanceof TimeoutError;
}

/**
 * Whether a failure may pass when the same request is sent later (a 5xx, a rate limit, a timeout,
 * a dropped connection), as a retry would take it: what a host that polls on tries again at its
 * next poll, where a rejected key or an account that does not exist would fail every time.
 */
export function mayPassLater(error: unknown): boolean {
  return error instanceof SocialDataError && isRetryable(error, true);
}

/** Retry-After when the server sent one; otherwise exponential backoff 0.5 s to 8 s with jitter. */
export function retryDelay(error: SocialDataError, attempt: number, random: () => number): number {
  if (error instanceof ApiError && error.retryAfterMs !== undefined) return error.retryAfterMs;
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
