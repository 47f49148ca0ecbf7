import { accountId } from './world/ids';

/**
 * A client of the control API (`control: true`): changes to the world between polls, staged
 * faults. Over HTTP, so it works the same on a sandbox in this process or in another one (n8n's
 * tests, the demo, the queue-mode suite).
 */
export class SandboxControl {
  private nextStranger = 1_500_000;

  constructor(readonly url: string) {}

  async post(path: string, body: object): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.url}/_sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const envelope = (await response.json()) as {
      status: string;
      msg?: string;
      data: Record<string, unknown>;
    };
    if (envelope.status !== 'success') throw new Error(`control ${path}: ${envelope.msg}`);
    return envelope.data;
  }

  /** Accounts that follow nobody in the sandbox yet, oldest first. */
  strangers(count: number): string[] {
    return Array.from({ length: count }, () => accountId((this.nextStranger += 1)));
  }

  /** `accounts` join in the order given, so the last one is the newest. */
  async join(role: string, owner: { owner?: string; list_id?: string }, accounts: string[]): Promise<void> {
    for (const account of accounts) await this.post('/groups', { role, ...owner, account, action: 'join' });
  }

  async leave(role: string, owner: { owner?: string; list_id?: string }, account: string): Promise<void> {
    await this.post('/groups', { role, ...owner, account, action: 'leave' });
  }

  /** New tweets by `userName`, oldest first; returns their ids in that order. */
  async tweet(userName: string, count: number, extra: object = {}): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const record = await this.post('/tweets', { userName, ...extra });
      ids.push(String(record.id));
    }
    return ids;
  }

  async bookmark(tweetId: string): Promise<void> {
    await this.post('/bookmarks', { tweet_id: tweetId });
  }

  async fault(rule: object): Promise<void> {
    await this.post('/faults', rule);
  }

  async clearFaults(): Promise<void> {
    await fetch(`${this.url}/_sandbox/faults`, { method: 'DELETE' });
  }
}
