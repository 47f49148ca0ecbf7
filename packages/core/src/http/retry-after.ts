import { headerValue } from './transport';
import type { TransportResponse } from './transport';

/** The longest wait a server may ask for; a larger Retry-After is capped, not obeyed. */
export const RETRY_AFTER_CAP_MS = 60_000;

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`, capped; undefined when absent or unreadable. */
export function parseRetryAfter(headers: TransportResponse['headers'], now: number): number | undefined {
  const value = headerValue(headers, 'retry-after')?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, Math.round(ms)));
}
