/**
 * One error hierarchy for every surface, modelled on openai-node: integrations map these classes
 * to their own (NodeApiError, z.errors.*) and show `hint` as the "what to do" text. Nothing here
 * holds a request, a header or a raw transport error, so a thrown object cannot carry a secret
 * that redaction missed.
 */

export interface ErrorContext {
  /** Catalog id of the endpoint being called, when there is one. */
  endpoint?: string | undefined;
  hint?: string | undefined;
}

export class SocialDataError extends Error {
  override name = 'SocialDataError';
  hint: string;
  readonly endpoint: string | undefined;

  constructor(message: string, context: ErrorContext = {}) {
    super(message);
    this.endpoint = context.endpoint;
    this.hint = context.hint ?? '';
  }
}

export interface ApiErrorContext extends ErrorContext {
  status?: number | undefined;
  /** The `msg` of the API's error envelope, when it sent one. */
  apiMessage?: string | undefined;
}

export class ApiError extends SocialDataError {
  override name = 'ApiError';
  readonly status: number | undefined;
  apiMessage: string | undefined;
  /** The wait the server asked for with Retry-After, capped; on 429 and 5xx answers. */
  readonly retryAfterMs: number | undefined;

  constructor(message: string, context: ApiErrorContext & { retryAfterMs?: number | undefined } = {}) {
    super(message, context);
    this.status = context.status;
    this.apiMessage = context.apiMessage;
    this.retryAfterMs = context.retryAfterMs;
  }
}

export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}

export class CreditsExhaustedError extends ApiError {
  override name = 'CreditsExhaustedError';
}

export class PermissionError extends ApiError {
  override name = 'PermissionError';
}

/** What a read found nothing at, as the catalog names its input: `{ what: 'Username', value: 'jack' }`. */
export interface Missing {
  what: string;
  value: string;
}

export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
  /** What was not found, when core could tell (the address's account, list…); else empty. */
  readonly missing: readonly Missing[];

  constructor(message: string, context: ApiErrorContext & { missing?: readonly Missing[] } = {}) {
    super(message, context);
    this.missing = context.missing ?? [];
  }
}

export interface ValidationErrorContext extends ApiErrorContext {
  /** The input field at fault, named as the catalog (and so the UI) names it. */
  field?: string | undefined;
}

/** A 400/422 from the API, or bad input caught before any request was sent. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  field: string | undefined;

  constructor(message: string, context: ValidationErrorContext = {}) {
    super(message, context);
    this.field = context.field;
  }
}

export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}

export class UpstreamError extends ApiError {
  override name = 'UpstreamError';
}

export interface ConnectionErrorContext extends ErrorContext {
  /** A system error code such as ECONNRESET, when the transport knew one. */
  code?: string | undefined;
  /**
   * False only when the request provably never reached the server (the connection was refused
   * or the host did not resolve): the one case where a non-idempotent call may be sent again.
   */
  reachedServer?: boolean | undefined;
}

export class ConnectionError extends SocialDataError {
  override name = 'ConnectionError';
  readonly code: string | undefined;
  readonly reachedServer: boolean;

  constructor(message: string, context: ConnectionErrorContext = {}) {
    super(message, context);
    this.code = context.code;
    this.reachedServer = context.reachedServer ?? true;
  }
}

export class TimeoutError extends SocialDataError {
  override name = 'TimeoutError';
  readonly timeoutMs: number | undefined;

  constructor(message: string, context: ErrorContext & { timeoutMs?: number | undefined } = {}) {
    super(message, context);
    this.timeoutMs = context.timeoutMs;
  }
}

export interface ResponseFormatErrorContext extends ErrorContext {
  status?: number | undefined;
  /** The start of the body, redacted, so the user can see what came back. */
  excerpt?: string | undefined;
}

/** The body was not JSON, or not shaped as the endpoint's documented result. */
export class ResponseFormatError extends SocialDataError {
  override name = 'ResponseFormatError';
  readonly status: number | undefined;
  excerpt: string;
  /** True when the body was cut off or not JSON at all (a proxy's page), which a retry can cure. */
  transient = false;

  constructor(message: string, context: ResponseFormatErrorContext = {}) {
    super(message, context);
    this.status = context.status;
    this.excerpt = context.excerpt ?? '';
  }
}

export interface RedirectErrorContext extends ApiErrorContext {
  /** Where the redirect pointed: the origin only, since a full URL can carry a token. */
  location?: string | undefined;
}

/**
 * A 3xx answer. No transport follows redirects: a redirect to another origin would carry the API
 * key and the session there, and a followed 302/303 turns a POST into a GET that can look like
 * success.
 */
export class RedirectError extends ApiError {
  override name = 'RedirectError';
  readonly location: string | undefined;

  constructor(message: string, context: RedirectErrorContext = {}) {
    super(message, context);
    this.location = context.location;
  }
}

/** The answer grew past the client's maximum answer size; reading stopped there. */
export class ResponseTooLargeError extends SocialDataError {
  override name = 'ResponseTooLargeError';
  readonly limitBytes: number;

  constructor(message: string, context: ErrorContext & { limitBytes: number }) {
    super(message, context);
    this.limitBytes = context.limitBytes;
  }
}

/** The caller cancelled the call (n8n's Stop button, an aborted signal): never retried. */
export class CancelledError extends SocialDataError {
  override name = 'CancelledError';
}

export type MediaFailure = 'status' | 'content-type' | 'too-large' | 'length' | 'redirect';

export interface MediaDownloadErrorContext extends ApiErrorContext {
  tweetId: string;
  index: number;
  reason: MediaFailure;
  /** A retry may cure it: a 408, 429 or 5xx, an HTML error page, a body that did not match its length. */
  transient: boolean;
  retryAfterMs?: number | undefined;
  /** The size cap, when the file was past it. */
  limitBytes?: number | undefined;
}

/**
 * A media file that could not be downloaded: the media host refused it, sent something other than
 * the item's type, or a file past the size cap. It names the tweet and the item's index.
 */
export class MediaDownloadError extends ApiError {
  override name = 'MediaDownloadError';
  readonly tweetId: string;
  readonly index: number;
  readonly reason: MediaFailure;
  readonly transient: boolean;
  readonly limitBytes: number | undefined;

  constructor(message: string, context: MediaDownloadErrorContext) {
    super(message, context);
    this.tweetId = context.tweetId;
    this.index = context.index;
    this.reason = context.reason;
    this.transient = context.transient;
    this.limitBytes = context.limitBytes;
  }
}
