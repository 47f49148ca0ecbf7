/**
 * @social-data/core — the only package that knows the Social Data Retrieval API. This entry uses
 * no Node globals (n8n's community-package scanner rejects them in bundled nodes); the fetch
 * transport and timers live in `@social-data/core/node`. The watch of feeds, agent tools, media
 * downloads and files of records have entries of their own (`/feeds`, `/agent`, `/media`,
 * `/files`), so a host takes what it uses and each surface is pinned by its own API report.
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
  MAX_RETRIES_LIMIT,
  MAX_TIMEOUT_MS,
} from './client';
export { inSeconds } from './http/transport-failure';
export { DEFAULT_MAX_RETRIES, mayPassLater } from './http/retry';
export { isRequestToApi } from './input/base-url';
export type {
  BatchFailure,
  BatchResult,
  CallOptions,
  ClientOptions,
  RetryWait,
  UntypedParams,
} from './client';
export type { Sleep, Transport, TransportRequest, TransportResponse } from './http/transport';
export { DEFAULT_MAX_RESPONSE_BYTES, readCapped } from './http/body-limit';
export type { Body } from './http/body-limit';
export { isLoopbackHost } from './security/plain-http';
export { Paginator } from './pagination/paginator';
export { readBounded } from './pagination/bounded';
export { pageCapNotice, stopNotice } from './pagination/stop-notice';
export type { BoundedRead, OpenPaginator, ReadBounds, ReadCut } from './pagination/bounded';
export { RequestGate } from './http/gate';
export type { PageIterator, PaginateOptions, ResumePoint, StopReason } from './pagination/paginator';
export type { Page } from './pagination/page';
export { normalizeIdList, normalizeScreenNameList } from './input/identifiers';
export { booleanOf, normalizeBoolean, normalizeCookie, normalizeCount, normalizeProxy } from './input/values';
export { normalizeParams } from './input/params';
export { notFoundNotice, settleLookup } from './input/settle-lookup';
export type { SettledLookup } from './input/settle-lookup';
export { settleWithConcurrency } from './input/batches';
export type { Settled } from './input/batches';
export { isSimplifiable, shaperFor } from './output/simplify';
export type { FlatRecord, Scalar } from './output/simplify';
export { createRedactor } from './security/redactor';
export type { Redact, Secrets } from './security/redactor';
