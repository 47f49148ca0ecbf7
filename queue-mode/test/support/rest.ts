import type { Owner } from '@social-data/n8n-harness';

/** The owner of the suite's n8n: set up on the first main, kept in PostgreSQL for every later one. */
export const OWNER: Owner = {
  email: 'owner@queue-mode.local',
  firstName: 'Queue',
  lastName: 'Owner',
  password: 'QueueMode-owner-1',
};

// n8n binds its session to a browser id when the login sends one; the same on every request.
const BROWSER_ID = 'queue-mode-suite';

/** The main's REST API as its editor uses it, signed in as the owner. */
export class RestSession {
  private constructor(
    private readonly url: string,
    private readonly cookie: string,
  ) {}

  static async signIn(url: string, owner: Owner = OWNER): Promise<RestSession> {
    const response = await fetch(`${url}/rest/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
      body: JSON.stringify({ emailOrLdapLoginId: owner.email, password: owner.password }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ');
    return new RestSession(url, cookie);
  }

  /**
   * Retries a failed execution as the executions list's Retry button does (with the workflow it
   * ran); n8n 2.x answers once the retry has run, with the new execution's status.
   */
  async retry(executionId: string): Promise<string> {
    const response = await fetch(`${this.url}/rest/executions/${executionId}/retry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID, cookie: this.cookie },
      body: JSON.stringify({ loadWorkflow: false }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`retry of execution ${executionId} failed: ${response.status} ${text}`);
    return (JSON.parse(text) as { data: { status: string } }).data.status;
  }
}
