import type { TransportResponse } from './transport';

/** The longest wait a server may ask for; a larger Retry-After is capped, not obeyed. */
const RETRY_AFTER_CAP_MS = 60_000;

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110's HTTP-date: IMF-fixdate, and the obsolete RFC 850 and asctime forms it still accepts. */
const HTTP_DATE = new RegExp(
  [
    `^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`,
    `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`,
    `^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`,
  ].join('|'),
);

/**
 * Retry-After as RFC 9110 defines it, in milliseconds from `now`, capped: a number of seconds
 * (digits only) or an HTTP date. Anything else ("-5", "+5", "Retry in 5", two headers joined
 * as "5, 10") is undefined, so the caller backs off instead: `Date.parse` reads such text as a
 * date in 2001, which would mean "retry at once".
 */
export function parseRetryAfter(headers: TransportResponse['headers'], now: number): number | undefined {
  const raw = Object.entries(headers).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  // Two Retry-After headers say two different things; neither is obeyed.
  if (Array.isArray(raw) && raw.length !== 1) return undefined;
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+$/.test(value)) ms = Number(value) * 1000;
  else if (HTTP_DATE.test(value)) ms = Date.parse(value.endsWith('GMT') ? value : `${value} GMT`) - now;
  else return undefined;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(RETRY_AFTER_CAP_MS, Math.max(0, Math.round(ms)));
}
