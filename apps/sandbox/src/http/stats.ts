/** What the sandbox saw, for tests that count requests (no duplicate creates, expected calls). */
export class Stats {
  requests = 0;
  byEndpoint: Record<string, number> = {};
  createListRequests = 0;
  /** Requests per API key: a run with a key of its own counts only its requests, however late others arrive. */
  byKey: Record<string, number> = {};

  count(endpoint: string, key?: string): void {
    this.requests += 1;
    this.byEndpoint[endpoint] = (this.byEndpoint[endpoint] ?? 0) + 1;
    if (key !== undefined) this.byKey[key] = (this.byKey[key] ?? 0) + 1;
    if (endpoint === 'createList') this.createListRequests += 1;
  }

  reset(): void {
    this.requests = 0;
    this.byEndpoint = {};
    this.byKey = {};
    this.createListRequests = 0;
  }
}
