import type { RecordedRequest } from './recorder';

/** The most media requests kept; a bench run of 200 downloads stays within it. */
export const KEPT_MEDIA_REQUESTS = 1000;

/** What the sandbox saw, for tests that count requests (no duplicate creates, expected calls). */
export class Stats {
  requests = 0;
  byEndpoint: Record<string, number> = {};
  createListRequests = 0;
  /** Requests per API key: a run with a key of its own counts only its requests, however late others arrive. */
  byKey: Record<string, number> = {};
  /**
   * Every request the media host received (the first KEPT_MEDIA_REQUESTS), headers whole: what
   * proves a client never sent the API key, the cookie or the proxy there.
   */
  mediaRequests: Omit<RecordedRequest, 'body'>[] = [];

  count(endpoint: string, key?: string): void {
    this.requests += 1;
    this.byEndpoint[endpoint] = (this.byEndpoint[endpoint] ?? 0) + 1;
    if (key !== undefined) this.byKey[key] = (this.byKey[key] ?? 0) + 1;
    if (endpoint === 'createList') this.createListRequests += 1;
  }

  recordMedia(request: Omit<RecordedRequest, 'body'>): void {
    if (this.mediaRequests.length < KEPT_MEDIA_REQUESTS) this.mediaRequests.push(request);
  }

  reset(): void {
    this.requests = 0;
    this.byEndpoint = {};
    this.byKey = {};
    this.createListRequests = 0;
    this.mediaRequests = [];
  }
}
