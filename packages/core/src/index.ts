/**
 * @social-data/core — the only package that knows the Social Data Retrieval API. This entry uses
 * no Node globals (n8n's community-package scanner rejects them in bundled nodes); the fetch
 * transport and timers live in `@social-data/core/node`.
 */
export * from './catalog';
export * from './records/types';
export * from './errors/classes';
export { hints } from './errors/hints';
export { SETTINGS, errorInHostWords, inHostWords } from './errors/host-words';
export type { HostWords } from './errors/host-words';
export {
  SocialDataClient,
  DEFAULT_CONCURRENCY,
  DEFAULT_TIMEOUT_MS,
  IDS_PER_REQUEST,
  MAX_CONCURRENCY,
  MAX_TIMEOUT_MS,
} from './client';
export type { BatchFailure, BatchResult, CallOptions, ClientOptions, UntypedParams } from './client';
export type { Sleep, Transport, TransportRequest, TransportResponse } from './http/transport';
export { headerValue } from './http/transport';
export { classifyTransportFailure } from './http/transport-failure';
export { DEFAULT_MAX_RESPONSE_BYTES, readCapped, responseTooLarge } from './http/body-limit';
export { bodyText, parseJsonBody } from './http/json-body';
export type { Body } from './http/body-limit';
export { isLoopbackHost } from './security/plain-http';
export { readResponse } from './http/envelope';
export type { ReadResult } from './http/envelope';
export { RETRY_AFTER_CAP_MS } from './http/retry-after';
export { DEFAULT_MAX_RETRIES } from './http/retry';
export { Paginator, DEFAULT_MAX_EMPTY_PAGES } from './pagination/paginator';
export { RequestGate } from './http/gate';
export type { PageIterator, PaginateOptions, StopReason } from './pagination/paginator';
export type { Page } from './pagination/page';
export {
  normalizeId,
  normalizeIdList,
  normalizeScreenName,
  normalizeScreenNameList,
} from './input/identifiers';
export type { IdKind } from './input/identifiers';
export {
  describeRange,
  normalizeBoolean,
  normalizeCookie,
  normalizeCount,
  normalizeCursor,
  normalizeProxy,
  normalizeText,
} from './input/values';
export { normalizeParams } from './input/params';
export { chunk, settleWithConcurrency } from './input/batches';
export type { Settled } from './input/batches';
export {
  isSimplifiable,
  shaperFor,
  simplifierFor,
  simplifyCommunity,
  simplifyTweet,
  simplifyUser,
} from './output/simplify';
export type { FlatRecord, Scalar } from './output/simplify';
export { toIsoTimestamp } from './output/timestamp';
export { createRedactor, redactError } from './security/redactor';
export * from './feeds';
export type { Redact, Secrets } from './security/redactor';
export * from './media';
export * from './agent';
