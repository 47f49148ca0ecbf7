import { hints } from '@social-data/core';
import type { StopReason, Transport } from '@social-data/core';
import { FAULT_KINDS, TRANSIENT_FAULTS } from '@social-data/sandbox';
import type { FaultKind } from '@social-data/sandbox';

import type { Shape } from './shapes';

export { FAULT_KINDS, TRANSIENT_FAULTS };
export type { FaultKind };

/** How long the staged 429s ask the client to wait, given in seconds or as a date. */
export const RETRY_AFTER_S = 2;
/**
 * Per request. Only the slow fault should ever meet it, so it is generous: an HTML page or a
 * retry on a busy machine (load 8 on 2 cores) took over a second and failed as a timeout.
 */
export const TIMEOUT_MS = 5_000;
/** Far beyond the timeout, so a slow answer is a timeout however busy the machine is. */
export const SLOW_MS = 3 * TIMEOUT_MS;
/**
 * The clients' answer size cap: above the largest page here (200 users, 110 KB) and small enough
 * that reading up to it under an endless body or a gzip bomb fits the timeout on a busy
 * machine. The default cap's cost is measured in secrets-stay-home.test.ts.
 */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
export const MAX_RETRIES = 2;

export type Persistence = 'once' | 'always';

/**
 * The sandbox's own faults, staged per request with its `X-Sandbox-Fault` header: on request
 * `from` only, or on every request from it on.
 */
export function faultyTransport(base: Transport, fault: FaultKind, from: number, persistence: Persistence) {
  let sent = 0;
  const header = `${fault};retry-after=${RETRY_AFTER_S};delay=${SLOW_MS}`;
  const transport: Transport = (request) => {
    const index = sent++;
    const hit = index === from || (persistence === 'always' && index > from);
    return base(hit ? { ...request, headers: { ...request.headers, 'X-Sandbox-Fault': header } } : request);
  };
  return transport;
}

export interface Failure {
  name: string;
  /** The HTTP status the error reports, for API answers. */
  status?: number;
  hint: string;
}

/** What each fault is, as a failure the client reports (page faults are not failures). */
const FAILURES: Partial<Record<FaultKind, Failure>> = {
  'rate-limit': { name: 'RateLimitError', status: 429, hint: hints.rateLimit },
  'rate-limit-date': { name: 'RateLimitError', status: 429, hint: hints.rateLimit },
  // Decision B7: a Retry-After that is no delay is ignored; the client backs off and retries.
  'rate-limit-odd': { name: 'RateLimitError', status: 429, hint: hints.rateLimit },
  'error-500': { name: 'UpstreamError', status: 500, hint: hints.upstream },
  'error-502': { name: 'UpstreamError', status: 502, hint: hints.upstream },
  'error-503': { name: 'UpstreamError', status: 503, hint: hints.upstream },
  slow: { name: 'TimeoutError', hint: hints.timeout },
  reset: { name: 'ConnectionError', hint: hints.connectionLost },
  html: { name: 'ResponseFormatError', status: 200, hint: hints.format },
  truncated: { name: 'ResponseFormatError', status: 200, hint: hints.format },
  // Decision B5: a message nothing recognises stays an ApiError, and is not retried.
  'error-200': { name: 'ApiError', status: 200, hint: hints.upstream },
  // Issue 25: no redirect is followed, no answer read past the size cap; neither is retried.
  'redirect-other-origin': { name: 'RedirectError', status: 302, hint: hints.redirect },
  'redirect-same-origin': { name: 'RedirectError', status: 302, hint: hints.redirect },
  'endless-body': { name: 'ResponseTooLargeError', hint: hints.tooLarge },
  'gzip-bomb': { name: 'ResponseTooLargeError', hint: hints.tooLarge },
  // The body stops where the length says: cut-off JSON, retried like `truncated`.
  'lying-length': { name: 'ResponseFormatError', status: 200, hint: hints.format },
};

export const failureOf = (fault: FaultKind): Failure | undefined => FAILURES[fault];

/** Failures after which a create may have been carried out: the request reached the server. */
const MAY_HAVE_ACTED = new Set(['UpstreamError', 'TimeoutError', 'ResponseFormatError', 'ConnectionError']);

/**
 * The hint a failure carries on an endpoint: on createList, after a failure that may have come
 * after the server acted, "check your lists before running again" (issue 38 case 9), not "run again".
 */
export function expectedHint(failure: Failure, endpoint: string): string {
  return endpoint === 'createList' && MAY_HAVE_ACTED.has(failure.name) ? hints.mayHaveActed : failure.hint;
}

/**
 * Retried for reads (decisions B6, B7, B19, A6). A create is sent again only after a 429: the
 * server says it did nothing. After a timeout, a 5xx, a reset or a broken body, the list may exist.
 */
function retried(fault: FaultKind, shape: Shape): boolean {
  const throttled = fault === 'rate-limit' || fault === 'rate-limit-date' || fault === 'rate-limit-odd';
  if (shape.endpoint === 'createList') return throttled;
  return throttled || (TRANSIENT_FAULTS as readonly FaultKind[]).includes(fault);
}

export type Expected =
  /** The fault-free result, after `extraRequests` more requests than without the fault. */
  | { kind: 'same'; extraRequests: number }
  /** The run ends early, cleanly: the first `pages` pages of the fault-free run, each once. */
  | { kind: 'cut'; pages: number; stopReason: StopReason; requests: number }
  /** The call fails with this error; `requests` when the count is fixed. */
  | ({ kind: 'error'; requests: number | undefined } & Failure);

export function expectedOutcome(fault: FaultKind, shape: Shape, persistence: Persistence): Expected {
  const failure = FAILURES[fault];
  if (!failure) return pageFault(fault, shape, persistence);
  const attempts = retried(fault, shape) ? MAX_RETRIES + 1 : 1;
  if (persistence === 'once' && attempts > 1) return { kind: 'same', extraRequests: 1 };
  // Batches run side by side, each failing on its own: their count depends on the race.
  const requests = shape.endpoint === 'getUsersByIds' ? undefined : shape.faultFrom + attempts;
  return { kind: 'error', requests, ...failure, hint: expectedHint(failure, shape.endpoint) };
}

/** A repeated cursor or an empty page only means something in a page of a paged read. */
function pageFault(fault: FaultKind, shape: Shape, persistence: Persistence): Expected {
  if (!shape.paged) return { kind: 'same', extraRequests: 0 };
  // Decision A5: a cursor already seen ends the run, after the page that carried it.
  if (fault === 'repeat-cursor') return { kind: 'cut', pages: 2, stopReason: 'repeatedCursor', requests: 2 };
  // Decision B12: a blank cursor ends the run after the page that carried it, said as out of reach.
  if (fault === 'blank-cursor') return { kind: 'cut', pages: 2, stopReason: 'blankCursor', requests: 2 };
  // Decisions A5 and B4: a fresh cursor back to the same page serves it again, and its records
  // are left out as repeats; three such pages in a row end the run.
  if (fault === 'fresh-cursor-repeat')
    return persistence === 'once'
      ? { kind: 'same', extraRequests: 1 }
      : { kind: 'cut', pages: 2, stopReason: 'emptyPages', requests: 5 };
  // Decision A5: a user page with no records is the end, whatever its cursor.
  if (shape.endpoint === 'getUserFollowers') return { kind: 'cut', pages: 1, stopReason: 'end', requests: 2 };
  // Decision B4: empty tweet pages that claim more are followed, three in a row at most.
  return persistence === 'once'
    ? { kind: 'same', extraRequests: 1 }
    : { kind: 'cut', pages: 1, stopReason: 'emptyPages', requests: 4 };
}
