/** What the sandbox saw, for tests that count requests (no duplicate creates, expected calls). */
export class Stats {
  requests = 0;
  byEndpoint: Record<string, number> = {};
  createListRequests = 0;

  count(endpoint: string): void {
    this.requests += 1;
    this.byEndpoint[endpoint] = (this.byEndpoint[endpoint] ?? 0) + 1;
    if (endpoint === 'createList') this.createListRequests += 1;
  }

  reset(): void {
    this.requests = 0;
    this.byEndpoint = {};
    this.createListRequests = 0;
  }
}
