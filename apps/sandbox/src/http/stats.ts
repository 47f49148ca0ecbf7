import type { RecordedRequest } from './recorder';

/** The most media requests kept; a bench run of 200 downloads stays within it. */
const KEPT_MEDIA_REQUESTS = 1000;

/** The hostile answers given to one key. */
export interface HostileAnswers {
  /** Body bytes handed to the connection (decompressed, for a gzip bomb). */
  bytes: number;
  /** Answers still being sent: a client that stopped reading without hanging up keeps them open. */
  open: number;
}

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
  /**
   * Endless bodies, gzip bombs and lying lengths by API key: what proves a client stopped the
   * download at its size cap and hung up, instead of only ceasing to look at it.
   */
  hostile: Record<string, HostileAnswers> = {};

  count(endpoint: string, key?: string): void {
    this.requests += 1;
    this.byEndpoint[endpoint] = (this.byEndpoint[endpoint] ?? 0) + 1;
    if (key !== undefined) this.byKey[key] = (this.byKey[key] ?? 0) + 1;
    if (endpoint === 'createList') this.createListRequests += 1;
  }

  recordMedia(request: Omit<RecordedRequest, 'body'>): void {
    if (this.mediaRequests.length < KEPT_MEDIA_REQUESTS) this.mediaRequests.push(request);
  }

  hostileAnswers(key: string): HostileAnswers {
    return (this.hostile[key] ??= { bytes: 0, open: 0 });
  }

  reset(): void {
    this.requests = 0;
    this.byEndpoint = {};
    this.byKey = {};
    this.createListRequests = 0;
    this.mediaRequests = [];
    this.hostile = {};
  }
}
